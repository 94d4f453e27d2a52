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

async function closedLoop(base: string, request: autocannon.Request, duration: number, connections: number): Promise<Omit<Row, 'workload' | 'cpu'> & { requests: number }> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: base, connections, duration, requests: [request] }, (error, done) => (error ? reject(error) : resolve(done)));
    (instance as NodeJS.EventEmitter).on('response', (_client: unknown, statusCode: number, _bytes: number, ms: number) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
    });
  });
  latencies.sort((a, b) => a - b);
  return { rate: result['2xx'] / result.duration, p50: percentile(latencies, 50), p99: percentile(latencies, 99), failed: result.non2xx + result.errors, requests: result['2xx'] + result.non2xx };
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

/** A warm-up, then the measured window, as one row of the table, with what a request cost `server` and PostgreSQL (database `url`) in CPU. */
export async function measure(workload: string, server: Child, url: string, request: autocannon.Request, load: Load): Promise<Row> {
  await closedLoop(server.base, request, load.warmupSeconds, load.connections);
  const before = await cpuSnapshot(url, server);
  const { requests, ...shot } = await closedLoop(server.base, request, load.seconds, load.connections);
  const row = { ...shot, workload, cpu: await cpuPerRequest(url, server, before, requests) };
  process.stderr.write(`  ${workload}: ${fmt(row.rate)}/s, p99 ${fmt(row.p99, 2)} ms${row.failed ? `, ${row.failed} failed` : ''}\n`);
  return row;
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
