import net from 'node:net';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../modules/auth/sessions.ts';
import { DEMO_PASSWORD, seedDemo } from '../seed/demo.ts';
import { openTestCore } from '../testing/core.ts';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../testing/database.ts';
import { signInAs } from '../testing/people.ts';
import { freePort } from '../testing/ports.ts';
import { connected, nextMessage, openSocket, startLiveApp, type ClientSocket } from '../testing/realtime.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const redisUrl = process.env.REDIS_URL ?? null;
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
const XHR = { 'X-Requested-With': 'XMLHttpRequest', 'content-type': 'application/json' };


async function until(check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('gave up waiting');
}

let database: TestDatabase;
const children: ChildProcess[] = [];
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const core = await openTestCore(database, (await import('../model.ts')).productModel, { process: false });
  await seedDemo(core);
  await core.close();
});
async function stopChildren() {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)))));
  children.length = 0;
}

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await stopChildren();
  await database?.drop();
});

/** A real app process, as production runs it. */
async function appProcess(redis: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: database.url!, REDIS_URL: redis, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  await until(async () => (await fetch(`${base}/api/v1/health`, { headers: XHR })).status === 200);
  return base;
}

async function signIn(base: string, email: string): Promise<{ token: string; call: (method: string, url: string, body?: object) => Promise<Response> }> {
  const response = await fetch(`${base}/api/v1/auth/sign_in`, { method: 'POST', headers: XHR, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  const token = /pressroom_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')![1]!;
  return {
    token,
    call: (method, url, body) => fetch(`${base}${url}`, { method, headers: { ...XHR, cookie: `${SESSION_COOKIE}=${token}` }, ...(body ? { body: JSON.stringify(body) } : {}) }),
  };
}

describe.runIf(usingPostgres && redisUrl)('two app processes on one PostgreSQL and one Redis', () => {
  it('bring a like and a comment made through one to a socket on the other within a second', async () => {
    const [a, b] = await Promise.all([appProcess(redisUrl!), appProcess(redisUrl!)]);
    const readerOnA = await signIn(a, 'pr@pressroom.local');
    const writerOnB = await signIn(b, 'journalist@pressroom.local');
    const job = await (await writerOnB.call('POST', '/api/v1/jobs', { title: 'Editor', description: 'Edit', company: 'Bugle', workplace: 'remote', jobType: 'full-time' })).json();

    const socket = openSocket(a, readerOnA.token);
    sockets.push(socket);
    await connected(socket);
    expect(await socket.emitWithAck('join', `post:${job.id}`)).toEqual({ ok: true });

    const like = nextMessage(socket, 'like:changed', (m) => m.postId === job.id, 1000);
    await writerOnB.call('POST', `/api/v1/jobs/${job.id}/toggleLike`, { status: true });
    expect(await like).toMatchObject({ liked: true, likesCount: 1 });

    const comment = nextMessage(socket, 'comment:added', (m) => m.postId === job.id, 1000);
    await writerOnB.call('POST', `/api/v1/jobs/${job.id}/comments`, { content: 'Through B' });
    expect((await comment).comment.content).toBe('<p>Through B</p>');
    // Their processors must not outlive this test: the next one needs to own the realtime processor.
    socket.disconnect();
    await stopChildren();
  }, 120_000);
});

describe.runIf(hasRedisServer)('a Redis restart', () => {
  it('interrupts nothing for good: pushes across processes resume without restarting the app', async () => {
    const port = await freePort();
    const startRedis = () => {
      const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      children.push(redis);
      return redis;
    };
    let redis = startRedis();
    const url = `redis://127.0.0.1:${port}`;
    await until(
      () =>
        new Promise<boolean>((resolve) => {
          const probe = net.connect(port, '127.0.0.1');
          probe.on('connect', () => {
            probe.end();
            resolve(true);
          });
          probe.on('error', () => resolve(false));
        }),
    );

    // Sockets on A; the realtime processor runs on B only, so every push crosses Redis.
    const a = await startLiveApp(database, { redisUrl: url, process: false });
    const b = await startLiveApp(database, { redisUrl: url, process: true });
    try {
      const writer = await signInAs(b.app, 'journalist@pressroom.local');
      const reader = await signInAs(a.app, 'pr@pressroom.local');
      const job = (await writer.call('POST', '/api/v1/jobs', { title: 'Editor', description: 'Edit', company: 'Bugle', workplace: 'remote', jobType: 'full-time' })).json();
      const socket = openSocket(a.url, reader.token);
      sockets.push(socket);
      await connected(socket);
      await socket.emitWithAck('join', `post:${job.id}`);

      const before = nextMessage(socket, 'like:changed', (m) => m.postId === job.id && m.liked);
      await writer.call('POST', `/api/v1/jobs/${job.id}/toggleLike`, { status: true });
      let last = (await before).cursor;
      // As the client does: when told it may have missed messages, it resumes from its cursor.
      socket.on('like:changed', (m) => (last = m.cursor));
      socket.on('missed', () => void socket.emitWithAck('resume', last));

      redis.kill('SIGKILL');
      await new Promise((resolve) => redis.once('exit', resolve));
      // The unlike happens while Redis is down: its push can only arrive through the resume.
      const after = nextMessage(socket, 'like:changed', (m) => m.postId === job.id && !m.liked, 20_000);
      await writer.call('POST', `/api/v1/jobs/${job.id}/toggleLike`, { status: false });
      redis = startRedis();
      expect(await after).toMatchObject({ liked: false, likesCount: 0 });

      const later = nextMessage(socket, 'like:changed', (m) => m.postId === job.id && m.liked, 20_000);
      await writer.call('POST', `/api/v1/jobs/${job.id}/toggleLike`, { status: true });
      expect(await later).toMatchObject({ liked: true, likesCount: 1 });
    } finally {
      await a.close();
      await b.close();
    }
  }, 60_000);
});
