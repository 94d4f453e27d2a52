/**
 * npm run bench:api: the HTTP API under autocannon against a running server on the real
 * PostgreSQL, each write figure beside a plain Fastify route doing one INSERT, in the same run.
 *
 *   DATABASE_URL          the server to use (default postgres://postgres@127.0.0.1:5432/postgres);
 *                         the bench works in a database of its own, pressroom_bench_api, made anew
 *                         and dropped at the end.
 *   BENCH_SECONDS         length of each measured window (default 10), after a 2 s warm-up
 *   BENCH_CPU_PROFILE_DIR when set, the app runs with --cpu-prof and writes its profile there
 *
 * Beside rates and latencies, each row shows the CPU one request cost the server process and
 * the PostgreSQL backends of the bench's database (read from /proc: Linux, PostgreSQL on the
 * same machine; '-' otherwise).
 */
import autocannon from 'autocannon';
import { cpuCells, cpuPerRequest, cpuSnapshot, type CpuPerRequest } from './cpu.ts';
import { steadyLoad, type PlannedRequest, type SteadyShot } from './steady-load.ts';
import { SESSION_COOKIE } from '../../server/modules/auth/sessions.ts';
import { APP_ARGS, appReady, connected, dropDatabase, fmt, freshDatabase, likePath, percentile, pick, preparePlainTable, seed, startChild, startPlainServer, stopChild, XHR, type Child } from './fixtures.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
const DATABASE = 'pressroom_bench_api';
const USERS = 1_000;
const POSTS = 100_000;
const HISTORY_DAYS = 60;
/** Likes a seeded post already has: a live table's size and statistics, not an empty one's. */
const LIKES_PER_POST = 3;
const CONNECTIONS = 50;
const WARMUP_SECONDS = 2;
const FEED_PAGE = 20;
const FEED_PAGES = 11;

type Fixtures = { tokens: string[]; userIds: number[]; likePaths: string[]; hotPath: string; seedSeconds: number };
type Row = { workload: string; rate: number; p50: number; p99: number; failed: number; failures: string; baseline?: number; cpu: CpuPerRequest };

/** The offered rate of the feed row: a busy newsroom's readers paging, not a load test. */
const FEED_RATE = Number(process.env.BENCH_FEED_RATE ?? 250);

async function withServers<T>(url: string, run: (app: Child, plain: Child) => Promise<T>): Promise<T> {
  const started: Child[] = [];
  try {
    const appArgs = [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), ...APP_ARGS];
    // The API alone: processors (notifications, live pushes) would spend the run catching up on
    // the 100,000 seeded posts and be measured instead. bench:events and bench:realtime measure them.
    const app = await startChild({ name: 'app', args: appArgs, databaseUrl: url, ready: appReady, env: { RUN_PROCESSORS: 'false' } });
    started.push(app);
    const plain = await startPlainServer(url);
    started.push(plain);
    return await run(app, plain);
  } finally {
    await Promise.all(started.map(stopChild));
  }
}

/** What one window of load did: answers by kind, the 2xx latencies (ms), and its length (s). */
type Shot = SteadyShot & { timeouts: number };

/** Closed-loop (as fast as 50 connections go), or open-loop at a steady `rate`. */
async function fire(base: string, request: autocannon.Request, duration: number, rate?: number): Promise<Shot> {
  if (rate) return { ...(await steadyLoad(base, () => planned(request), rate, duration, CONNECTIONS)), timeouts: 0 };
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: base, connections: CONNECTIONS, duration, requests: [request] }, (error, result) => (error ? reject(error) : resolve(result)));
    // autocannon's own histogram keeps whole milliseconds; these are exact. Like its
    // histogram, only 2xx count. Its types leave out the client it passes first.
    (instance as NodeJS.EventEmitter).on('response', (_client: unknown, statusCode: number, _bytes: number, ms: number) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
    });
  });
  const codes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, stats]) => [code, stats.count ?? 0]),
  );
  return { ok: result['2xx'], non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts, codes, seconds: result.duration, latencies };
}

/** One request as autocannon's setupRequest would make it, for the steady driver. */
function planned(request: autocannon.Request): PlannedRequest {
  const setup = request.setupRequest as (request: autocannon.Request, context: object) => autocannon.Request;
  const made = setup({ ...request }, {}) as { method?: string; path: string; headers?: Record<string, string>; body?: string };
  return { method: made.method ?? request.method ?? 'GET', path: made.path, headers: made.headers ?? {}, ...(made.body ? { body: made.body } : {}) };
}

/** A warm-up that is not counted, then the window; a run with more than 1% failures is refused. */
async function measure(url: string, workload: string, server: Child, request: autocannon.Request, baseline?: number, rate?: number): Promise<Row> {
  const base = server.base;
  await fire(base, request, WARMUP_SECONDS, rate);
  const before = await cpuSnapshot(url, server);
  const shot = await fire(base, request, seconds, rate);
  const cpu = await cpuPerRequest(url, server, before, shot.ok + shot.non2xx);
  const latencies = [...shot.latencies].sort((a, b) => a - b);
  const failed = shot.non2xx + shot.errors;
  const codes = Object.entries(shot.codes).map(([code, count]) => `${count} x ${code}`);
  if (shot.errors > 0) codes.push(`${shot.errors} connection errors (${shot.timeouts} timeouts)`);
  const row: Row = { workload, rate: shot.ok / shot.seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), failed, failures: codes.join(', '), baseline, cpu };
  process.stderr.write(`  ${workload}: ${fmt(row.rate)}/s, p99 ${fmt(row.p99, 2)} ms${failed ? `, failed: ${row.failures}` : ''}\n`);
  const attempted = shot.ok + failed;
  if (failed > attempted * 0.01) throw new Error(`${workload}: ${failed} of ${attempted} requests failed (${row.failures}); a benchmark of failures is worthless`);
  return row;
}

async function measureAll(url: string, app: Child, plain: Child, fixtures: Fixtures): Promise<Row[]> {
  const { tokens, userIds, likePaths, hotPath } = fixtures;
  const headers = (token: string) => ({ ...XHR, 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${token}` });
  // Every request a random person; the plain route gets the same headers, so both parse alike.
  const likeOn = (paths: readonly string[]): autocannon.Request => ({
    method: 'POST',
    setupRequest: (request) => ({ ...request, path: pick(paths), headers: headers(pick(tokens)), body: JSON.stringify({ status: Math.random() < 0.5 }) }),
  });
  const plainInsert: autocannon.Request = {
    method: 'POST',
    setupRequest: (request) => ({
      ...request,
      path: '/plain',
      headers: headers(pick(tokens)),
      body: JSON.stringify({ targetKind: 'post', targetId: 1 + Math.floor(Math.random() * POSTS), userId: pick(userIds) }),
    }),
  };
  const plainSelect: autocannon.Request = {
    method: 'GET',
    setupRequest: (request) => ({ ...request, path: `/plain?id=${1 + Math.floor(Math.random() * POSTS)}`, headers: { ...XHR, cookie: `${SESSION_COOKIE}=${pick(tokens)}` } }),
  };
  const feed: autocannon.Request = {
    method: 'GET',
    setupRequest: (request) => ({
      ...request,
      path: `/api/v1/posts?limit=${FEED_PAGE}&offset=${FEED_PAGE * Math.floor(Math.random() * FEED_PAGES)}`,
      headers: { ...XHR, cookie: `${SESSION_COOKIE}=${pick(tokens)}` },
    }),
  };

  // A page's latency, not a queue's: requests arriving at a steady rate over 50 connections
  // (closed-loop, p99 is mostly 50 ÷ throughput, the time spent waiting behind the other 49).
  // First, before the write rows leave autovacuum work behind them. Beside it, the machine's
  // floor at the same rate: a route reading one row, whose p99 no page can beat.
  const floorRow = await measure(url, `plain SELECT route, ${FEED_RATE} req/s`, plain, plainSelect, undefined, FEED_RATE);
  const feedRow = await measure(url, `GET /api/v1/posts first ${FEED_PAGES} pages of ${FEED_PAGE}, ${FEED_RATE} req/s`, app, feed, undefined, FEED_RATE);
  const baseline = await measure(url, 'plain INSERT route', plain, plainInsert);
  const many = await measure(url, `like toggles on ${fmt(POSTS)} posts`, app, likeOn(likePaths), baseline.rate);
  const hot = await measure(url, 'like toggles on one hot post', app, likeOn([hotPath]), baseline.rate);
  return [baseline, many, hot, floorRow, feedRow];
}

/** After the load: the like rows, the counts on the posts, and the log must all agree. */
async function likeTotals(url: string) {
  return connected(url, async (client) => {
    const { rows } = await client.query<{ likes: string; counted: string; logged: string }>(`
      select (select count(*) from likes) as likes,
             (select coalesce(sum(likes_count), 0) from posts) as counted,
             (select count(*) filter (where type = 'Liked') - count(*) filter (where type = 'Unliked') from events) as logged`);
    const row = rows[0]!;
    return { likes: Number(row.likes), counted: Number(row.counted), logged: Number(row.logged) };
  });
}

const url = await freshDatabase(DATABASE);
try {
  process.stderr.write(`seeding ${fmt(USERS)} users and ${fmt(POSTS)} posts with ${LIKES_PER_POST} likes each...\n`);
  const { posts, ...seeded } = await seed(url, { users: USERS, posts: POSTS, historyDays: HISTORY_DAYS, likesPerPost: LIKES_PER_POST });
  const fixtures: Fixtures = { ...seeded, likePaths: posts.map(likePath), hotPath: likePath(posts.at(-1)!) };
  const version = await preparePlainTable(url);
  process.stderr.write(`seeded in ${fmt(fixtures.seedSeconds, 1)} s; measuring (${WARMUP_SECONDS} s warm-up + ${seconds} s per row)...\n`);
  const rows = await withServers(url, (app, plain) => measureAll(url, app, plain, fixtures));
  const totals = await likeTotals(url);

  const [, many, , floorRow, feedRow] = rows as [Row, Row, Row, Row, Row];
  const manyRatio = many.rate / many.baseline!;
  console.log(`\nAPI on PostgreSQL ${version}, autocannon with ${CONNECTIONS} connections, ${seconds} s per row after ${WARMUP_SECONDS} s of warm-up, same run`);
  console.log(`Fixtures: ${fmt(USERS)} users with a session each, ${fmt(POSTS)} posts with ${LIKES_PER_POST} likes each (events and rows), seeded in ${fmt(fixtures.seedSeconds, 1)} s\n`);
  console.log('| workload | connections | req/s | vs plain INSERT route | p50 ms | p99 ms | non-2xx | server CPU ms/req | PostgreSQL CPU ms/req |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const ratio = r.baseline ? `${fmt((r.rate / r.baseline) * 100)}%` : r === rows[0] ? 'baseline' : '-';
    console.log(`| ${r.workload} | ${CONNECTIONS} | ${fmt(r.rate)} | ${ratio} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${fmt(r.failed)} | ${cpuCells(r.cpu)} |`);
  }
  const failures = rows.filter((r) => r.failed > 0);
  console.log(`\nNon-2xx: ${failures.length > 0 ? failures.map((r) => `${r.workload}: ${r.failures}`).join('; ') : 'none in any row'}`);
  const agree = totals.likes === totals.counted && totals.likes === totals.logged;
  console.log(
    `\nAfter the load: ${fmt(totals.likes)} like rows; sum of posts.likes_count ${fmt(totals.counted)}; Liked minus Unliked events ${fmt(totals.logged)}: ${agree ? 'equal' : 'MISMATCH'}`,
  );
  console.log(
    `\nGoals: like toggles on many posts >= 50% of the plain route: ${fmt(manyRatio * 100)}% ${manyRatio >= 0.5 ? 'PASS' : 'FAIL'}; feed page p99 <= 20 ms: ${fmt(feedRow.p99, 1)} ms ${feedRow.p99 <= 20 ? 'PASS' : 'FAIL'} (the plain SELECT route's p99 at the same rate: ${fmt(floorRow.p99, 1)} ms)`,
  );
  if (!agree) process.exitCode = 1;
} finally {
  await dropDatabase(DATABASE);
}
