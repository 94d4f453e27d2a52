/**
 * npm run bench:events: the event store against the real PostgreSQL, each figure beside a
 * plain single-row INSERT of the same payload measured in the same run.
 *
 *   DATABASE_URL   the server to use (default postgres://postgres@127.0.0.1:5432/postgres);
 *                  the bench works in a database of its own, pressroom_bench, made anew.
 *   BENCH_SECONDS  length of each throughput window (default 5)
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { openCore, startProcessing, type Core } from '../../server/core.ts';
import { openDatabase } from '../../server/db/connect.ts';
import { createLog } from '../../server/log.ts';
import type { ProcessorDefinition } from '../../server/projections/processor.ts';
import { metadata } from '../../server/testing/metadata.ts';
import { createTallyTables, tallyDecider, tallyEvents, talliesProjection, tallyStream, type TallyEvent } from '../../server/testing/fixtures/tally.ts';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const STREAMS = 10_000;
const LAG_RATE = 500;
const LAG_SECONDS = 10;
const log = createLog('warn');

const payload: TallyEvent = { type: 'TallyCounted', data: { tallyId: 'bench', amount: 1, note: 'a pitch about the budget, with a quote' } };
const meta = metadata({ actorId: 'user-42', actorRole: 'journo', requestId: '6f1c2b9e-3d4a-4b8e-9c1f-2a7d5e8f0b13', correlationId: '6f1c2b9e-3d4a-4b8e-9c1f-2a7d5e8f0b13', causationId: '6f1c2b9e-3d4a-4b8e-9c1f-2a7d5e8f0b13' });

type Row = { workload: string; concurrency: number; rate: number; p50: number; p99: number; baseline?: number };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** `concurrency` callers in a closed loop for the window; ops/s and per-op latency. */
async function measure(workload: string, concurrency: number, op: (caller: number, i: number) => Promise<unknown>): Promise<Row> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  let count = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, caller) => {
      for (let i = 0; performance.now() < end; i++) {
        const t = performance.now();
        await op(caller, i);
        latencies.push(performance.now() - t);
        count += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const row = { workload, concurrency, rate: count / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  process.stderr.write(`  ${workload} x${concurrency}: ${Math.round(row.rate)}/s\n`);
  return row;
}

async function freshDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query('drop database if exists pressroom_bench with (force)');
  await admin.query('create database pressroom_bench');
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = '/pressroom_bench';
  return url.toString();
}

async function throughput(core: Core<TallyEvent>, pool: pg.Pool): Promise<Row[]> {
  // The baseline: the same row into a table shaped like the log (same columns, keys and
  // indexes), by a client that already knows the version: nothing but the INSERT.
  await sql`create table plain_events (like events including all)`.execute(core.database.db);
  const data = JSON.stringify(payload.data);
  const metaJson = JSON.stringify(meta);
  let plainSeq = 0;
  const plain = () =>
    pool.query('insert into plain_events (stream_id, stream_version, type, schema_version, data, metadata) values ($1, $2, $3, $4, $5, $6)', [
      `plain-${plainSeq++}`,
      1,
      payload.type,
      2,
      data,
      metaJson,
    ]);
  const toStreams = (caller: number, i: number) => {
    const stream = `bench-${(caller * 7919 + i * 104729) % STREAMS}`;
    return core.store.append(stream, 'any', [payload], meta);
  };
  const hot = () => core.store.append('bench-hot', 'any', [payload], meta);
  // Streams of 20 events, like a post with its edits: each command folds what it reads.
  const commands = async (caller: number, i: number) => {
    const id = `c${caller}-${Math.floor(i / 20)}`;
    if (i % 20 === 0) {
      return core.commands.run(tallyDecider, tallyStream(id), { type: 'open', tallyId: id, title: 'Bench', actorId: 'ana' }, meta);
    }
    return core.commands.run(tallyDecider, tallyStream(id), { type: 'count', tallyId: id, amount: 1, actorId: 'ben' }, meta);
  };

  const rows: Row[] = [];
  for (const concurrency of [1, 16]) {
    const baseline = await measure('plain single-row INSERT', concurrency, plain);
    rows.push(baseline);
    rows.push({ ...(await measure(`append to ${STREAMS.toLocaleString('en')} streams`, concurrency, toStreams)), baseline: baseline.rate });
    if (concurrency === 16) {
      rows.push({ ...(await measure('append to one hot stream', concurrency, hot)), baseline: baseline.rate });
      rows.push({ ...(await measure('command: read, decide, append, inline projection', concurrency, commands)), baseline: baseline.rate });
    }
  }
  return rows;
}

/** Appends at a steady rate from one core; a second core (its own pool, woken by NOTIFY) handles them. */
async function processorLag(url: string): Promise<{ p50: number; p99: number; max: number; n: number }> {
  const committedAt = new Map<number, number>();
  const lags: number[] = [];
  const lagProcessor: ProcessorDefinition<TallyEvent> = {
    name: 'bench_lag',
    version: 1,
    tables: [],
    handle: async () => undefined,
    afterCommit(events) {
      const now = performance.now();
      for (const event of events) {
        const at = committedAt.get(event.position);
        if (at !== undefined) lags.push(now - at);
      }
    },
  };
  const writer = await openCore({ database: { kind: 'postgres', url }, redisUrl: null, log, model: { events: tallyEvents, inline: [], processors: [] } });
  const worker = await openCore({ database: { kind: 'postgres', url }, redisUrl: null, log, model: { events: tallyEvents, inline: [], processors: [lagProcessor] } });
  await startProcessing(worker);
  await worker.processors.caughtUp(60_000);

  const total = LAG_RATE * LAG_SECONDS;
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / LAG_RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      writer.store.append(`lag-${i % 1000}`, 'any', [payload], meta).then(([event]) => {
        committedAt.set(event!.position, performance.now());
      }),
    );
  }
  await Promise.all(pending);
  await worker.processors.caughtUp(60_000);
  await new Promise((resolve) => setTimeout(resolve, 50));
  await writer.close();
  await worker.close();
  lags.sort((a, b) => a - b);
  return { p50: percentile(lags, 50), p99: percentile(lags, 99), max: lags.at(-1) ?? NaN, n: lags.length };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const url = await freshDatabase();
const database = await openDatabase({ kind: 'postgres', url });
const core = await openCore<TallyEvent>({ database, redisUrl: null, log, model: { events: tallyEvents, inline: [talliesProjection], processors: [] } });
await createTallyTables(core.database.db);
const pool = new pg.Pool({ connectionString: url, max: 20 });
const version = (await pool.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
process.stderr.write(`measuring (${seconds} s per row)...\n`);
const rows = await throughput(core, pool);
await pool.end();
await core.close();
await database.close();
const lag = await processorLag(url);

const goalRow = rows.find((r) => r.workload.startsWith('append to 10') && r.concurrency === 16)!;
const goalRatio = goalRow.rate / goalRow.baseline!;
console.log(`\nEvent store on PostgreSQL ${version}, ${seconds} s per row, same run\n`);
console.log('| workload | concurrency | ops/s | vs plain INSERT | p50 ms | p99 ms |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const ratio = r.baseline ? `${fmt((r.rate / r.baseline) * 100)}%` : 'baseline';
  console.log(`| ${r.workload} | ${r.concurrency} | ${fmt(r.rate)} | ${ratio} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} |`);
}
console.log(`\nProcessor lag, commit to handled (other pool, woken by NOTIFY), steady ${LAG_RATE} appends/s for ${LAG_SECONDS} s: p50 ${fmt(lag.p50, 1)} ms, p99 ${fmt(lag.p99, 1)} ms, max ${fmt(lag.max, 1)} ms over ${fmt(lag.n)} events`);
console.log(`\nGoals: appends to many streams at concurrency 16 >= 60% of plain INSERT: ${fmt(goalRatio * 100)}% ${goalRatio >= 0.6 ? 'PASS' : 'FAIL'}; p99 lag <= 50 ms: ${fmt(lag.p99, 1)} ms ${lag.p99 <= 50 ? 'PASS' : 'FAIL'}`);
