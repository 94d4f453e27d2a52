/**
 * What the benches of a write that is pushed live share (bench:messages, bench:interviews):
 * timed single requests, closed-loop load with autocannon, and the forked process that holds the
 * receiving sockets (sockets-child.ts).
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SESSION_COOKIE } from '../../server/modules/auth/sessions.ts';
import { cpuCells, cpuPerRequest, cpuSnapshot, type CpuPerRequest } from './cpu.ts';
import { fmt, percentile, stopChild, XHR, type Child } from './fixtures.ts';
import type { Request } from './sockets-child.ts';

export type Row = { workload: string; rate: number; p50: number; p99: number; failed: number; cpu: CpuPerRequest };
export type Load = { connections: number; seconds: number; warmupSeconds: number };

export const now = () => performance.timeOrigin + performance.now();
export const headers = (token: string) => ({ ...XHR, 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${token}` });
const agent = new http.Agent({ keepAlive: true });

/** One request with a JSON body; `at` is when its answer began to arrive. */
export function send<T>(method: string, base: string, path: string, token: string, body: object): Promise<{ status: number; answer: T; at: number }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method, agent, headers: { ...headers(token), 'content-length': Buffer.byteLength(payload) } }, (response) => {
      const at = now();
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, answer: JSON.parse(Buffer.concat(chunks).toString() || 'null') as T, at }));
    });
    request.on('error', reject);
    request.end(payload);
  });
}

type Window = { latencies: number[]; ok: number; failed: number; requests: number; seconds: number };

async function closedLoop(base: string, request: autocannon.Request, duration: number, connections: number): Promise<Window> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: base, connections, duration, requests: [request] }, (error, done) => (error ? reject(error) : resolve(done)));
    (instance as NodeJS.EventEmitter).on('response', (_client: unknown, statusCode: number, _bytes: number, ms: number) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
    });
  });
  return { latencies, ok: result['2xx'], failed: result.non2xx + result.errors, requests: result['2xx'] + result.non2xx, seconds: result.duration };
}

const rateOf = (window: Window) => window.ok / window.seconds;

/** Windows of one workload as one row: their requests over their time, their latencies together. */
function rowOf(workload: string, windows: readonly Window[], cpu: CpuPerRequest): Row {
  const latencies = windows.flatMap((window) => window.latencies).sort((a, b) => a - b);
  const sum = (pick: (window: Window) => number) => windows.reduce((total, window) => total + pick(window), 0);
  return { workload, rate: sum((window) => window.ok) / sum((window) => window.seconds), p50: percentile(latencies, 50), p99: percentile(latencies, 99), failed: sum((window) => window.failed), cpu };
}

/** The table of a measured write beside the plain route, with what each request cost in CPU. */
export function printRates(baseline: Row, measured: Row): void {
  console.log('| workload | req/s | vs plain INSERT route | p50 ms | p99 ms | non-2xx | server CPU ms/req | PostgreSQL CPU ms/req |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of [baseline, measured]) {
    const ratio = row === baseline ? 'baseline' : `${fmt((row.rate / baseline.rate) * 100)}%`;
    console.log(`| ${row.workload} | ${fmt(row.rate)} | ${ratio} | ${fmt(row.p50, 2)} | ${fmt(row.p99, 2)} | ${fmt(row.failed)} | ${cpuCells(row.cpu)} |`);
  }
}

export type Workload = { name: string; server: Child; request: autocannon.Request };

/**
 * The plain route and a workload in turns, `rounds` windows of each (`load.seconds` in all per
 * workload), each window after a warm-up of its own, as two rows of the table, with what a
 * request cost the server and PostgreSQL (database `url`) in CPU. In turns because this machine's
 * speed drifts within minutes: the plain route alone ran at 7,900 to 11,800 requests/s from one
 * run to the next, and a workload measured once after it took the drift as its own.
 */
export async function measureInTurns(plain: Workload, measured: Workload, url: string, load: Load & { rounds: number }): Promise<{ baseline: Row; row: Row; ratios: number[] }> {
  const windows = new Map<Workload, Window[]>([
    [plain, []],
    [measured, []],
  ]);
  const cpu = new Map<Workload, { server: number; postgres: number }>([
    [plain, { server: 0, postgres: 0 }],
    [measured, { server: 0, postgres: 0 }],
  ]);
  const seconds = load.seconds / load.rounds;
  for (let round = 0; round < load.rounds; round++) {
    for (const workload of [plain, measured]) {
      await closedLoop(workload.server.base, workload.request, load.warmupSeconds, load.connections);
      const before = await cpuSnapshot(url, workload.server);
      const window = await closedLoop(workload.server.base, workload.request, seconds, load.connections);
      const spent = await cpuPerRequest(url, workload.server, before, 1);
      windows.get(workload)!.push(window);
      cpu.get(workload)!.server += spent.server;
      cpu.get(workload)!.postgres += spent.postgres;
    }
    process.stderr.write(`  round ${round + 1}: ${plain.name} ${fmt(rateOf(windows.get(plain)![round]!))}/s, ${measured.name} ${fmt(rateOf(windows.get(measured)![round]!))}/s\n`);
  }
  const [baseline, row] = [plain, measured].map((workload) => {
    const all = windows.get(workload)!;
    const requests = all.reduce((total, window) => total + window.requests, 0);
    const spent = cpu.get(workload)!;
    return rowOf(workload.name, all, { server: spent.server / requests, postgres: spent.postgres / requests });
  });
  const ratios = windows.get(measured)!.map((own, round) => rateOf(own) / rateOf(windows.get(plain)![round]!));
  return { baseline: baseline!, row: row!, ratios };
}

function startSockets() {
  const script = fileURLToPath(new URL('./sockets-child.ts', import.meta.url));
  const child = fork(script, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 2, 2, 'ipc'] });
  const exited = once(child, 'exit');
  return {
    ask: <T>(request: Request) =>
      new Promise<T>((resolve, reject) => {
        child.once('message', (answer: { type: string; message?: string }) => (answer.type === 'error' ? reject(new Error(answer.message)) : resolve(answer as T)));
        child.send(request);
      }),
    stop: () => stopChild({ child, exited }),
  };
}

/** The arrivals' delays after the answers of the requests they belong to, sorted. */
function delays(answered: ReadonlyMap<number, number>, arrivals: readonly [number, number, number][]): number[] {
  const latencies: number[] = [];
  for (const [key, at] of arrivals) {
    const answeredAt = answered.get(key);
    if (answeredAt !== undefined) latencies.push(Math.max(0, at - answeredAt));
  }
  return latencies.sort((a, b) => a - b);
}

/** What one timed request came to: the key its arrivals carry and when its answer came, or null when refused. */
export type Offered = { key: number; at: number } | null;

/**
 * Requests offered at a steady `rate` for `seconds` while the sockets `open` asks for listen in a
 * process of their own: how long each arrival took after its request's answer.
 */
export async function timeDelivery(open: Extract<Request, { type: 'open' }>, rate: number, seconds: number, offer: (i: number) => Promise<Offered>) {
  const sockets = startSockets();
  try {
    await sockets.ask(open);
    const answered = new Map<number, number>();
    let failed = 0;
    const started = performance.now();
    const inFlight: Promise<void>[] = [];
    for (let i = 0; i < rate * seconds; i++) {
      const wait = started + (i * 1000) / rate - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      inFlight.push(
        offer(i).then(
          (done) => {
            if (done) answered.set(done.key, done.at);
            else failed += 1;
          },
          () => void (failed += 1),
        ),
      );
    }
    await Promise.all(inFlight);
    // The last pushes of the window, given a moment to land.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { arrivals } = await sockets.ask<{ arrivals: [number, number, number][] }>({ type: 'report' });
    return { latencies: delays(answered, arrivals), sent: answered.size, failed };
  } finally {
    await sockets.stop();
  }
}
