/**
 * npm run bench:realtime: live pushes end to end. Writes go through HTTP as a browser's would;
 * 1,000 signed-in sockets live in a second process (realtime-clients.ts); each message's
 * latency runs from the HTTP response of the write that caused it to its arrival at each
 * socket that should get it (one machine, one clock). Once with one app process, once with
 * two behind one Redis, sockets and writes spread over both.
 *
 *   rooms      1,000 sockets, 10 on each of 100 posts; 200 like toggles a second over them
 *   broadcast  1,000 sockets on the feed; 20 new posts a second
 *
 *   DATABASE_URL   the server to use (default postgres://postgres@127.0.0.1:5432/postgres); the
 *                  bench works in pressroom_bench_realtime, made anew and dropped at the end
 *   REDIS_URL      the Redis of the two-process mode; by default the bench starts a redis-server
 *                  of its own, since every app on a shared one hears every other's broadcasts
 *   BENCH_SECONDS  length of each scenario's sending window (default 30)
 */
import { fork, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { compareCursors } from '../../contracts/realtime.ts';
import { SESSION_COOKIE } from '../../server/modules/auth/sessions.ts';
import { APP_ARGS, appReady, connected, dropDatabase, fmt, freePort, freshDatabase, likePath, percentile, seed, startChild, stopChild, XHR, type Child, type Fixtures } from './fixtures.ts';
import type { Received, Report, Request } from './realtime-clients.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const DATABASE = 'pressroom_bench_realtime';
const USERS = 1_000;
const POSTS = 300;
const ROOMS = 100;
const PER_ROOM = USERS / ROOMS;
const LIKE_RATE = 200;
const POST_RATE = 20;
const STRAGGLERS_MS = 5_000;
const GOAL_P99 = { rooms: 100, broadcast: 150 } as const;
const MODES = [
  { name: 'without Redis', apps: 1, redis: false },
  { name: 'Redis, 2 apps', apps: 2, redis: true },
] as const;

type Scenario = keyof typeof GOAL_P99;
/** A write that changed something, and who should hear of it; `key` is what its message is matched on. */
type Sent = { key: string; respondedAt: number; recipients: readonly number[] };
type Tally = { expected: number; delivered: number; missing: number; duplicates: number; strays: number; early: number; latencies: number[] };
type Row = Tally & { mode: string; scenario: Scenario; sendRate: number; disconnects: number; cpu: string };
type Clients = { ask<T>(request: Request): Promise<T>; stop(): Promise<void> };

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const randomIndex = (length: number) => Math.floor(Math.random() * length);
const everySocket = Array.from({ length: USERS }, (_, socket) => socket);
// Who likes what, as the database keeps it from one scenario and mode to the next.
const liked = new Map<string, boolean>();
const failures = new Map<string, number>();
const fail = (what: string) => failures.set(what, (failures.get(what) ?? 0) + 1);

// CPU seconds so far, of one process and of the whole machine (Linux /proc, 100 ticks a second):
// where the two cores went during a window, the app's share beside everything else's.
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
function machineBusySeconds(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number) as number[];
  return (user! + nice! + system! + irq! + softirq! + steal!) / 100;
}

/** Ready with Redis answering too: until then the other process's sockets would miss out. */
async function redisReady(base: string): Promise<boolean> {
  const response = await fetch(`${base}/api/v1/health`, { headers: XHR });
  return response.status === 200 && ((await response.json()) as { redis: { status: string } }).redis.status === 'ok';
}

/**
 * socket.io's Redis channels are named alike in every app, so on a shared Redis the sockets
 * here would also get other runs' and tests' broadcasts (and theirs ours).
 */
async function ownRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop: async () => {} };
  const port = await freePort();
  const child = spawn('redis-server', ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'ignore', 2] });
  const exited = once(child, 'exit');
  await once(child, 'spawn');
  return { url: `redis://127.0.0.1:${port}`, stop: () => stopChild({ child, exited }) };
}

function startClients(): Clients {
  const script = fileURLToPath(new URL('./realtime-clients.ts', import.meta.url));
  const child = fork(script, [], { execArgv: ['--import', 'tsx'], serialization: 'advanced', stdio: ['ignore', 2, 2, 'ipc'] });
  const exited = once(child, 'exit');
  return {
    ask: <T>(request: Request) =>
      new Promise<T>((resolve, reject) => {
        const gone = (code: number | null) => reject(new Error(`the clients process exited (code ${code})`));
        child.once('exit', gone);
        child.once('message', (answer: { type: string; message?: string }) => {
          child.off('exit', gone);
          if (answer.type === 'error') reject(new Error(answer.message));
          else resolve(answer as T);
        });
        child.send(request);
      }),
    stop: () => stopChild({ child, exited }),
  };
}

// node:http rather than fetch: half the CPU per request, on the two cores the app runs on too.
const agent = new http.Agent({ keepAlive: true });

/**
 * A POST as signed-in `token`; answers the body and when the response arrived, or null after
 * counting the failure (a failed write leaves unknown whether a push is due, so any refuses the run).
 */
function post<T>(base: string, path: string, token: string, body: object): Promise<{ answer: T; at: number } | null> {
  const payload = JSON.stringify(body);
  const headers = { ...XHR, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), cookie: `${SESSION_COOKIE}=${token}` };
  return new Promise((resolve) => {
    const request = http.request(`${base}${path}`, { method: 'POST', agent, headers, timeout: 10_000 }, (response) => {
      const at = now();
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode! >= 200 && response.statusCode! < 300) return resolve({ answer: JSON.parse(Buffer.concat(chunks).toString()) as T, at });
        fail(`HTTP ${response.statusCode}`);
        resolve(null);
      });
    });
    request.on('timeout', () => request.destroy(new Error('no answer within 10 s')));
    request.on('error', (error) => {
      fail(error.message);
      resolve(null);
    });
    request.end(payload);
  });
}

/** Calls `send(i)` `rate` times a second for the window on a schedule that does not drift (open loop); resolves once all have settled. */
async function atRate(rate: number, send: (i: number) => Promise<void>): Promise<void> {
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < rate * seconds; i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    inFlight.push(send(i));
  }
  await Promise.all(inFlight);
}

/**
 * Like toggles by random people on random posts of the rooms. A person's toggles of one post
 * alternate and never overlap, so each one changes something (the same status twice is not
 * pushed) and their messages come in the order their responses did.
 */
async function likes(apps: Child[], { tokens, userIds, posts }: Fixtures): Promise<Sent[]> {
  const busy = new Set<string>();
  const sent: Sent[] = [];
  await atRate(LIKE_RATE, async (i) => {
    let user: number, room: number, pair: string;
    do [user, room] = [randomIndex(USERS), randomIndex(ROOMS)];
    while (busy.has((pair = `${posts[room]!.id}:${userIds[user]}`)));
    busy.add(pair);
    const status = !liked.get(pair);
    const result = await post<{ liked: boolean }>(apps[i % apps.length]!.base, likePath(posts[room]!), tokens[user]!, { status });
    busy.delete(pair);
    if (!result) return;
    liked.set(pair, result.answer.liked);
    if (result.answer.liked !== status) return void fail('toggle that changed nothing');
    const recipients = everySocket.slice(room * PER_ROOM, (room + 1) * PER_ROOM);
    sent.push({ key: `${pair}:${status}`, respondedAt: result.at, recipients });
  });
  return sent;
}

async function newPosts(apps: Child[], { tokens }: Fixtures): Promise<Sent[]> {
  const sent: Sent[] = [];
  await atRate(POST_RATE, async (i) => {
    const result = await post<{ id: number }>(apps[i % apps.length]!.base, '/api/v1/communityPosts', tokens[randomIndex(USERS)]!, { content: `<p>Bench note ${i}: who has the minutes?</p>` });
    if (result) sent.push({ key: String(result.answer.id), respondedAt: result.at, recipients: everySocket });
  });
  return sent;
}

/**
 * Pairs writes with messages on their key, in order (a person's toggles of a post repeat a
 * key, and their messages come in cursor order), then each recipient with its first arrival.
 */
function tally(sent: Sent[], messages: Received[], keyOf: (message: Received) => string | null): Tally {
  const byKey = new Map<string, Received[]>();
  for (const message of [...messages].sort((a, b) => compareCursors(a.payload.cursor, b.payload.cursor))) {
    const key = keyOf(message);
    if (key === null) continue;
    const list = byKey.get(key) ?? [];
    byKey.set(key, list);
    list.push(message);
  }
  const result: Tally = { expected: 0, delivered: 0, missing: 0, duplicates: 0, strays: 0, early: 0, latencies: [] };
  const used = new Set<Received>();
  const ordinal = new Map<string, number>();
  for (const write of sent) {
    const n = ordinal.get(write.key) ?? 0;
    ordinal.set(write.key, n + 1);
    const message = byKey.get(write.key)?.[n];
    result.expected += write.recipients.length;
    if (!message) {
      result.missing += write.recipients.length;
      continue;
    }
    used.add(message);
    const firstAt = new Map<number, number>();
    message.sockets.forEach((socket, k) => (firstAt.has(socket) ? (result.duplicates += 1) : firstAt.set(socket, message.times[k]!)));
    for (const socket of write.recipients) {
      const at = firstAt.get(socket);
      if (at === undefined) {
        result.missing += 1;
        continue;
      }
      firstAt.delete(socket);
      result.delivered += 1;
      if (at < write.respondedAt) result.early += 1;
      result.latencies.push(Math.max(0, at - write.respondedAt));
    }
    result.strays += firstAt.size;
  }
  for (const list of byKey.values()) for (const message of list) if (!used.has(message)) result.strays += message.sockets.length;
  result.latencies.sort((a, b) => a - b);
  return result;
}

async function scenario(mode: string, name: Scenario, apps: Child[], clients: Clients, fixtures: Fixtures): Promise<Row> {
  const rooms = name === 'rooms' ? everySocket.map((socket) => `post:${fixtures.posts[Math.floor(socket / PER_ROOM)]!.id}`) : everySocket.map(() => 'feed');
  await clients.ask({ type: 'join', rooms, event: name === 'rooms' ? 'like:changed' : 'post:changed' });
  const pids = apps.map((app) => app.child.pid!);
  const before = { apps: pids.map(cpuSeconds), own: process.cpuUsage(), machine: machineBusySeconds() };
  const started = performance.now();
  process.stderr.write(`  ${mode}, ${name}: sending for ${seconds} s...\n`);
  const sent = name === 'rooms' ? await likes(apps, fixtures) : await newPosts(apps, fixtures);
  const expected = sent.reduce((sum, write) => sum + write.recipients.length, 0);
  const deadline = performance.now() + STRAGGLERS_MS;
  while ((await clients.ask<{ received: number }>({ type: 'count' })).received < expected && performance.now() < deadline) await sleep(100);
  const elapsed = (performance.now() - started) / 1000;
  const report = await clients.ask<Report>({ type: 'report' });
  if (failures.size > 0) throw new Error(`${mode}, ${name}: requests failed (${[...failures].map(([what, n]) => `${n} x ${what}`).join(', ')}); a benchmark of failures is worthless`);

  const share = (busy: number) => `${fmt((busy / elapsed) * 100)}%`;
  const own = process.cpuUsage(before.own);
  const cpu = [
    ...pids.map((pid, i) => `app${pids.length > 1 ? ` ${i + 1}` : ''} ${share(cpuSeconds(pid) - before.apps[i]!)}`),
    `clients ${share(report.cpuMs / 1000)}`,
    `orchestrator ${share((own.user + own.system) / 1e6)}`,
    `whole machine ${share(machineBusySeconds() - before.machine)}`,
  ].join(', ');
  const keyOf =
    name === 'rooms'
      ? (m: Received) => (m.event === 'like:changed' ? `${m.payload.postId}:${m.payload.userId}:${m.payload.liked}` : null)
      : (m: Received) => (m.event === 'post:changed' && m.payload.change === 'created' ? String(m.payload.postId) : null);
  const row: Row = { mode, scenario: name, sendRate: sent.length / seconds, disconnects: report.disconnects, cpu, ...tally(sent, report.messages, keyOf) };
  process.stderr.write(`    ${fmt(row.delivered)} of ${fmt(row.expected)} delivered, p99 ${fmt(percentile(row.latencies, 99), 1)} ms; CPU ${cpu}\n`);
  return row;
}

async function runMode(mode: (typeof MODES)[number], url: string, fixtures: Fixtures): Promise<Row[]> {
  const started: Child[] = [];
  let clients: Clients | null = null;
  const redis = mode.redis ? await ownRedis() : null;
  try {
    const [ready, env] = redis ? [redisReady, { REDIS_URL: redis.url }] : [appReady, {}];
    for (let i = 1; i <= mode.apps; i++) started.push(await startChild({ name: `app ${i}`, args: APP_ARGS, databaseUrl: url, ready, env }));
    clients = startClients();
    process.stderr.write(`${mode.name}: opening ${fmt(USERS)} sockets over ${mode.apps} app process(es)...\n`);
    await clients.ask({ type: 'open', urls: started.map((app) => app.base), tokens: fixtures.tokens });
    return [await scenario(mode.name, 'rooms', started, clients, fixtures), await scenario(mode.name, 'broadcast', started, clients, fixtures)];
  } finally {
    await clients?.stop();
    await Promise.all(started.map(stopChild));
    await redis?.stop();
  }
}

const url = await freshDatabase(DATABASE);
try {
  process.stderr.write(`seeding ${fmt(USERS)} users and ${fmt(POSTS)} posts...\n`);
  const fixtures = await seed(url, { users: USERS, posts: POSTS, historyDays: 60 });
  const version = await connected(url, async (client) => (await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version);
  const rows: Row[] = [];
  for (const mode of MODES) rows.push(...(await runMode(mode, url, fixtures)));

  console.log(`\nRealtime on PostgreSQL ${version}: ${fmt(USERS)} socket.io clients in a second process, writes over HTTP, ${seconds} s of sending per scenario, then up to ${STRAGGLERS_MS / 1000} s for stragglers`);
  console.log(`Latency: from the write's HTTP response to the message's arrival at each socket that should get it (arrivals before the response count as 0 ms)\n`);
  console.log('| mode | scenario | sockets | sends/s | expected | delivered | missing | duplicates | delivered msg/s | p50 ms | p99 ms | max ms |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const [p50, p99, max] = [percentile(r.latencies, 50), percentile(r.latencies, 99), r.latencies.at(-1) ?? NaN];
    console.log(`| ${r.mode} | ${r.scenario} | ${fmt(USERS)} | ${fmt(r.sendRate, 1)} | ${fmt(r.expected)} | ${fmt(r.delivered)} | ${fmt(r.missing)} | ${fmt(r.duplicates)} | ${fmt(r.delivered / seconds)} | ${fmt(p50, 1)} | ${fmt(p99, 1)} | ${fmt(max, 1)} |`);
  }
  console.log('\nNon-2xx: none in any scenario');
  console.log('\nNotes:');
  for (const r of rows) {
    console.log(`- ${r.mode}, ${r.scenario}: ${fmt(r.early)} deliveries arrived before their HTTP response; ${fmt(r.strays)} stray deliveries (to a socket not in the room, or matching no write); ${fmt(r.disconnects)} sockets dropped; CPU (100% = one core): ${r.cpu}`);
  }
  console.log('\nGoals:');
  for (const mode of MODES) {
    const mine = rows.filter((r) => r.mode === mode.name);
    const p99s = mine.map((r) => `${r.scenario} p99 <= ${GOAL_P99[r.scenario]} ms: ${fmt(percentile(r.latencies, 99), 1)} ms ${percentile(r.latencies, 99) <= GOAL_P99[r.scenario] ? 'PASS' : 'FAIL'}`);
    const whole = mine.every((r) => r.missing === 0 && r.duplicates === 0);
    console.log(`- ${mode.name}: ${p99s.join('; ')}; nothing lost or doubled: ${whole ? 'PASS' : 'FAIL'}`);
  }
} finally {
  await dropDatabase(DATABASE);
}
