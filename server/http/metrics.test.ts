import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { productModel } from '../model.ts';
import { listenWorkerMetrics } from '../metrics/endpoint.ts';
import { createRealtimeServer } from '../realtime/gateway.ts';
import { seedDemo } from '../seed/demo.ts';
import { buildTestApp } from '../testing/app.ts';
import { silentLog, useTestCore } from '../testing/core.ts';
import { usingPostgres } from '../testing/database.ts';
import { signInAs, type Caller } from '../testing/people.ts';
import { freePort } from '../testing/ports.ts';
import { connected, openSocket } from '../testing/realtime.ts';
import { OPENAPI_URL } from './api-reference.ts';

const TOKEN = 'metrics-token-of-the-test-run';
const t = useTestCore(productModel);
let app: FastifyInstance;
let journalist: Caller;

beforeAll(async () => {
  await seedDemo(t.core);
  app = await buildTestApp(t.core, { metrics: { token: TOKEN, port: null } });
  journalist = await signInAs(app, 'journalist@pressroom.local');
});
afterAll(() => app?.close());

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition. */
function samples(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) return [];
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key!, value!]));
    return [{ name: match[1]!, labels, value: Number(match[3]) }];
  });
}

const find = (all: Sample[], name: string, labels: Record<string, string> = {}) => all.filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value));
const valueOf = (all: Sample[], name: string, labels: Record<string, string> = {}) => find(all, name, labels)[0]?.value;

async function scrape(): Promise<{ text: string; all: Sample[] }> {
  // As Prometheus scrapes: the token and nothing else, no X-Requested-With.
  const answer = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain/);
  return { text: answer.body, all: samples(answer.body) };
}

async function createCallout(): Promise<number> {
  const created = await journalist.call('POST', '/api/v1/callouts', { title: 'Experts on the budget?', content: 'Looking for economists', deadline: new Date(Date.now() + 86_400_000).toISOString() });
  expect(created.statusCode, created.body).toBe(201);
  return Number(created.headers['object-id']);
}

describe('metrics at /metrics, with a token', () => {
  it('count and time requests by route pattern, never by the address asked', async () => {
    const id = await createCallout();
    expect((await journalist.call('GET', `/api/v1/callouts/${id}`)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/no/such/page/${id}` })).statusCode).toBe(404);

    const { text, all } = await scrape();
    expect(valueOf(all, 'http_requests_total', { method: 'GET', route: '/api/v1/callouts/:id', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(all, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/v1/callouts/:id' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(all, 'http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(`/callouts/${id}`);
    expect(text).not.toContain('/no/such/page');
  });

  it('count the events appended by this process', async () => {
    const before = valueOf((await scrape()).all, 'events_appended_total')!;
    await createCallout();
    expect(valueOf((await scrape()).all, 'events_appended_total')).toBeGreaterThan(before);
  });

  it("tell each processor's lag in events and in seconds", async () => {
    const { all } = await scrape();
    for (const processor of productModel.processors) {
      expect(find(all, 'processor_lag_events', { processor: processor.name, version: String(processor.version) }), processor.name).toHaveLength(1);
      expect(find(all, 'processor_lag_seconds', { processor: processor.name, version: String(processor.version) }), processor.name).toHaveLength(1);
    }
  });

  it('tell how deep the job queues are: video, mail and announcement emails', async () => {
    const before = (await scrape()).all;
    await sql`insert into video_jobs (video_id) values (900001), (900002)`.execute(t.database.db);
    const after = (await scrape()).all;
    expect(valueOf(after, 'job_queue_depth', { queue: 'video' })).toBe(valueOf(before, 'job_queue_depth', { queue: 'video' })! + 2);
    expect(valueOf(after, 'job_queue_depth', { queue: 'mail' })).toBeTypeOf('number');
    expect(valueOf(after, 'job_queue_depth', { queue: 'announcement_email' })).toBeTypeOf('number');
    await sql`delete from video_jobs where video_id in (900001, 900002)`.execute(t.database.db);
  });

  it("tell the process's own state, and the database pool's on PostgreSQL", async () => {
    const { all } = await scrape();
    expect(valueOf(all, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(all, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    const pool = ['db_pool_connections', 'db_pool_idle_connections', 'db_pool_waiting_queries'].map((name) => valueOf(all, name));
    if (usingPostgres) expect(pool.every((value) => typeof value === 'number')).toBe(true);
    else expect(pool).toEqual([undefined, undefined, undefined]);
  });

  it('answer 401 without the token, or with another', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-token' }, { authorization: TOKEN }]) {
      const answer = await app.inject({ method: 'GET', url: '/metrics', headers });
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer');
      expect(answer.body).not.toContain('http_requests_total');
    }
  });

  it('are not part of the API reference', async () => {
    const reference = await app.inject({ method: 'GET', url: OPENAPI_URL });
    expect(Object.keys(reference.json().paths)).not.toContain('/metrics');
  });
});

describe('metrics on an internal port', () => {
  it('are served on 127.0.0.1 at that port and not by the app, with the open sockets', async () => {
    const port = await freePort();
    const io = createRealtimeServer(null);
    const internal = await buildTestApp(t.core, { realtime: io, metrics: { token: null, port } });
    await internal.listen({ host: '127.0.0.1', port: 0 });
    const appUrl = `http://127.0.0.1:${(internal.server.address() as AddressInfo).port}`;
    const socket = openSocket(appUrl, (await signInAs(internal, 'pr@pressroom.local')).token);
    try {
      await connected(socket);
      const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(scraped.status).toBe(200);
      const all = samples(await scraped.text());
      expect(valueOf(all, 'sockets_open')).toBe(1);
      expect(valueOf(all, 'http_requests_total', { method: 'POST', route: '/api/v1/auth/sign_in', status: '200' })).toBe(1);
      expect((await fetch(`${appUrl}/metrics`)).status).toBe(404);
    } finally {
      socket.disconnect();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await internal.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe("a worker's metrics", () => {
  it('are served on 127.0.0.1 at WORKER_METRICS_PORT: the processors, the queues and the process, no requests', async () => {
    const port = await freePort();
    const close = await listenWorkerMetrics(t.core, { token: TOKEN, port }, silentLog);
    try {
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
      const scraped = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(scraped.status).toBe(200);
      const all = samples(await scraped.text());
      expect(find(all, 'processor_lag_events').map((sample) => sample.labels.processor)).toContain('notifications');
      expect(valueOf(all, 'job_queue_depth', { queue: 'video' })).toBeGreaterThanOrEqual(0);
      expect(valueOf(all, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(find(all, 'http_requests_total')).toEqual([]);
    } finally {
      await close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  it.runIf(usingPostgres)('are served by `npm run worker` itself when WORKER_METRICS_PORT is set', async () => {
    const port = await freePort();
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const { REDIS_URL: _redis, ...inherited } = process.env;
    const env = { ...inherited, DATABASE_URL: t.database.url!, WORKER_METRICS_PORT: String(port), METRICS_TOKEN: TOKEN, LOG_LEVEL: 'silent', NODE_ENV: 'test' };
    const worker = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], { cwd: root, env, stdio: 'ignore' });
    try {
      const text = await scrapeWhenUp(`http://127.0.0.1:${port}/metrics`, 60_000);
      expect(find(samples(text), 'processor_lag_events').map((sample) => sample.labels.processor)).toContain('notifications');
      expect(valueOf(samples(text), 'db_pool_connections')).toBeGreaterThan(0);
    } finally {
      worker.kill('SIGTERM');
      await once(worker, 'exit');
    }
  }, 90_000);
});

/** The worker's metrics once it listens. */
async function scrapeWhenUp(url: string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const answer = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(answer.status).toBe(200);
      return await answer.text();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

describe('metrics settings', () => {
  it('serve metrics in production only once METRICS_TOKEN or METRICS_PORT protects them; unprotected in development', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).metrics).toBeNull();
    expect(loadConfig({ NODE_ENV: 'production', METRICS_TOKEN: TOKEN }).metrics).toEqual({ token: TOKEN, port: null, workerPort: null });
    expect(loadConfig({ NODE_ENV: 'production', METRICS_PORT: '9464' }).metrics).toEqual({ token: null, port: 9464, workerPort: null });
    expect(loadConfig({ NODE_ENV: 'production', WORKER_METRICS_PORT: '9465' }).metrics).toEqual({ token: null, port: null, workerPort: 9465 });
    expect(loadConfig({}).metrics).toEqual({ token: null, port: null, workerPort: null });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
