/**
 * What a request costs in CPU, read from /proc: the server process's and the PostgreSQL backends'
 * serving the bench's database. Other work on the machine moves latencies and rates; what a
 * request costs in CPU moves much less, so changes are judged by it too.
 */
import fs from 'node:fs';
import { connected, fmt, type Child } from './fixtures.ts';

export type CpuPerRequest = { server: number; postgres: number };
export type CpuSnapshot = { server: number; backends: Map<number, number> };

const CLOCK_TICKS = 100;

/** CPU time (ms) of a process, or NaN where there is none to read (not Linux, or PostgreSQL on another machine). */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

/** CPU used so far by the server process and by the PostgreSQL backends serving the bench's database. */
export async function cpuSnapshot(url: string, server: Child): Promise<CpuSnapshot> {
  const pids = await connected(url, async (client) => (await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows);
  return { server: cpuMs(server.child.pid), backends: new Map(pids.map(({ pid }) => [pid, cpuMs(pid)])) };
}

/** Milliseconds of CPU per request since `before`, for the server and for PostgreSQL. */
export async function cpuPerRequest(url: string, server: Child, before: CpuSnapshot, requests: number): Promise<CpuPerRequest> {
  const after = await cpuSnapshot(url, server);
  // A backend that was not there before started during the window: all its time counts.
  let postgres = 0;
  for (const [pid, ms] of after.backends) postgres += ms - (before.backends.get(pid) ?? 0);
  return { server: (after.server - before.server) / requests, postgres: postgres / requests };
}

/** The two table cells of a row's CPU, `-` where it could not be read. */
export function cpuCells(cpu: CpuPerRequest): string {
  const cell = (ms: number) => (Number.isFinite(ms) ? fmt(ms, 3) : '-');
  return `${cell(cpu.server)} | ${cell(cpu.postgres)}`;
}
