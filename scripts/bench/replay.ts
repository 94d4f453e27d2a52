/**
 * npm run bench:replay: rebuilding the read models from the log on the real PostgreSQL.
 * Seeds bench:api's fixtures (1,000 people, posts with three likes each) scaled to
 * BENCH_EVENTS events, then prints, beside a plain SELECT of the whole log through the same
 * driver in the same run: events per second for each inline projection, for each processor that
 * keeps tables, and for the whole model as `npm run replay` rebuilds it (the inline projections in
 * one pass, then each processor) while the app serves the feed, in a process and a session of its
 * own as the command runs (rebuild-child.ts); and the feed page's p99 at
 * BENCH_FEED_RATE requests a second, without a rebuild and while the whole model rebuilds, read
 * by a process of its own (feed-child.ts) and timed from when each request was due.
 *
 *   DATABASE_URL     the server to use (default postgres://postgres@127.0.0.1:5432/postgres); the
 *                    bench works in a database of its own, pressroom_bench_replay, made anew and
 *                    dropped at the end
 *   BENCH_EVENTS     the log's size (default 1,000,000)
 *   BENCH_FEED_RATE  feed requests a second (default 250)
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openCore } from '../../server/core.ts';
import { createLog } from '../../server/log.ts';
import { productModel } from '../../server/model.ts';
import { replayInline, replayProcessor } from '../../server/projections/replay.ts';
import { APP_ARGS, appReady, dropDatabase, fmt, freshDatabase, percentile, seed, startChild, stopChild, type Child } from './fixtures.ts';
import type { Request as FeedRequest } from './feed-child.ts';
import type { RebuildMessage } from './rebuild-child.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const FEED_RATE = Number(process.env.BENCH_FEED_RATE ?? 250);
const GOAL_RATE = 20_000;
const QUIET_SECONDS = 30;
const USERS = 1000;
const LIKES_PER_POST = 3;
const POSTS = Math.max(1, Math.floor((EVENTS - USERS) / (1 + LIKES_PER_POST)));
const DATABASE = 'pressroom_bench_replay';
const CHUNK = 2000;
const log = createLog('warn');

type Rate = { name: string; events: number; seconds: number };

async function timed(name: string, run: () => Promise<number>): Promise<Rate> {
  const started = performance.now();
  const events = await run();
  const rate = { name, events, seconds: (performance.now() - started) / 1000 };
  process.stderr.write(`  ${name}: ${fmt(events / rate.seconds)} events/s\n`);
  return rate;
}

/** The whole log in position order, chunk by chunk, rows as the driver gives them: the floor. */
async function plainRead(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let read = 0;
    for (let after = 0; ; ) {
      const { rows } = await client.query<{ position: number }>({
        name: 'plain_read',
        text: 'select position, stream_id, stream_version, type, schema_version, data, metadata, transaction_id::text, recorded_at from events where position > $1 order by position limit $2',
        values: [after, CHUNK],
      });
      if (rows.length === 0) return read;
      read += rows.length;
      after = Number(rows.at(-1)!.position);
    }
  } finally {
    await client.end();
  }
}

/** The feed's reader, in a process of its own (feed-child.ts). */
function startReader() {
  const script = fileURLToPath(new URL('./feed-child.ts', import.meta.url));
  const child = fork(script, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 2, 2, 'ipc'] });
  const exited = once(child, 'exit');
  const ask = <T>(request: FeedRequest) =>
    new Promise<T>((resolve, reject) => {
      child.once('message', (answer: T | { error: string }) => (typeof answer === 'object' && answer !== null && 'error' in answer ? reject(new Error(answer.error)) : resolve(answer)));
      child.send(request);
    });
  return {
    /** The feed's latencies, each from the time its request was due, while `during` runs. */
    async latencies(app: Child, token: string, during: Promise<unknown>): Promise<number[]> {
      await ask({ type: 'start', base: app.base, token, rate: FEED_RATE });
      await during.catch(() => undefined);
      return (await ask<{ latencies: number[] }>({ type: 'stop' })).latencies;
    },
    stop: () => stopChild({ child, exited }),
  };
}

/**
 * The whole model rebuilt by a process of its own in a session of its own (rebuild-child.ts), as
 * `npm run replay` runs: `started` resolves when it begins, `done` with its own time once it is over.
 */
function startRebuild(url: string) {
  const script = fileURLToPath(new URL('./rebuild-child.ts', import.meta.url));
  const child = fork(script, [], { execArgv: ['--max-semi-space-size=64', '--import', 'tsx'], env: { ...process.env, DATABASE_URL: url }, stdio: ['ignore', 2, 2, 'ipc'], detached: true });
  const messages: RebuildMessage[] = [];
  const waiters = new Set<() => void>();
  child.on('message', (message: RebuildMessage) => {
    messages.push(message);
    for (const wake of waiters) wake();
  });
  const exited = once(child, 'exit');
  const next = async (type: RebuildMessage['type']) => {
    for (;;) {
      const found = messages.find((message) => message.type === type || message.type === 'error');
      if (found?.type === 'error') throw new Error(`the rebuild failed: ${found.message}`);
      if (found) return found;
      const woken = new Promise<void>((resolve) => waiters.add(resolve));
      const ended = exited.then(() => {
        throw new Error('the rebuild ended without a word');
      });
      await Promise.race([woken, ended]);
    }
  };
  return {
    started: () => next('started'),
    done: async () => {
      const done = (await next('done')) as Extract<RebuildMessage, { type: 'done' }>;
      await exited;
      return done;
    },
  };
}

const forSeconds = (n: number) => new Promise((resolve) => setTimeout(resolve, n * 1000));

const url = await freshDatabase(DATABASE);
let app: Child | null = null;
let reader: ReturnType<typeof startReader> | null = null;
try {
  process.stderr.write(`seeding ${fmt(USERS)} people, ${fmt(POSTS)} posts and ${fmt(POSTS * LIKES_PER_POST)} likes...\n`);
  const { tokens } = await seed(url, { users: USERS, posts: POSTS, historyDays: 30, likesPerPost: LIKES_PER_POST });
  const core = await openCore({ database: { kind: 'postgres', url }, redisUrl: null, log, model: productModel });
  const rates: Rate[] = [];
  let feed: { quiet: number[]; rebuilding: number[] };
  try {
    const total = await core.store.count();
    process.stderr.write(`${fmt(total)} events; measuring...\n`);
    const floor = await timed('plain SELECT of the whole log', () => plainRead(url));
    for (const projection of productModel.inline) rates.push(await timed(`inline ${projection.name}`, () => replayInline(core.database.db, core.store, [projection])));
    const processors = productModel.processors.filter((p) => p.tables.length > 0);
    for (const definition of processors) {
      rates.push(await timed(`processor ${definition.name}`, async () => (await replayProcessor(core.processors, definition), total)));
    }

    // The app reads; it runs no processors, which would spend the run catching up on the seed.
    app = await startChild({ name: 'app', args: APP_ARGS, databaseUrl: url, ready: appReady, env: { RUN_PROCESSORS: 'false' } });
    reader = startReader();
    const token = tokens[0]!;
    // Warmed up first: a cold process's first seconds would set the baseline, not the feed.
    await reader.latencies(app, token, forSeconds(5));
    // As long as a rebuild of the default log lasts, about: a p99 of 2,500 requests (10 s) was
    // anywhere from 4.2 to 10.2 ms between runs of the same build, and the goal divides by it.
    const quiet = await reader.latencies(app, token, forSeconds(QUIET_SECONDS));
    const rebuild = startRebuild(url);
    await rebuild.started();
    const finished = rebuild.done();
    const rebuilding = await reader.latencies(app, token, finished);
    const { seconds, lastStep } = await finished;
    const whole = { name: 'the whole model, as npm run replay rebuilds it', events: total, seconds };
    process.stderr.write(`  ${whole.name}: ${fmt(total / seconds)} events/s\n`);
    rates.push(whole);
    feed = { quiet, rebuilding };

    console.log(`\nReplay of ${fmt(total)} events on PostgreSQL, same run\n`);
    console.log('| read model | events/s | seconds |');
    console.log('|---|---:|---:|');
    console.log(`| plain SELECT of the whole log (no decoding, no writes) | ${fmt(floor.events / floor.seconds)} | ${fmt(floor.seconds, 1)} |`);
    for (const rate of rates) console.log(`| ${rate.name} | ${fmt(rate.events / rate.seconds)} | ${fmt(rate.seconds, 1)} |`);
    console.log(`\nThe last step, appends held back: ${lastStep.replace(/^inline [^:]*: /, '')}`);
    const p99Quiet = percentile(feed.quiet, 99);
    const p99Rebuilding = percentile(feed.rebuilding, 99);
    console.log(`\nFeed page at ${FEED_RATE} req/s: p99 ${fmt(p99Quiet, 1)} ms without a rebuild (${fmt(feed.quiet.length)} requests), ${fmt(p99Rebuilding, 1)} ms while the whole model rebuilds (${fmt(feed.rebuilding.length)} requests, max ${fmt(feed.rebuilding.at(-1) ?? NaN)} ms)`);
    const wholeRate = whole.events / whole.seconds;
    console.log(
      `\nGoals: the whole model >= ${fmt(GOAL_RATE)} events/s: ${fmt(wholeRate)} ${wholeRate >= GOAL_RATE ? 'PASS' : 'FAIL'}; feed p99 during a rebuild <= 2x without: ${fmt(p99Rebuilding, 1)} ms against ${fmt(p99Quiet, 1)} ms ${p99Rebuilding <= 2 * p99Quiet ? 'PASS' : 'FAIL'}`,
    );
  } finally {
    await core.close();
  }
} finally {
  if (reader) await reader.stop();
  if (app) await stopChild(app);
  await dropDatabase(DATABASE);
}
