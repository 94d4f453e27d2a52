import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { hasSpareConnections } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import type { EventStore } from '../events/store.ts';
import type { AnyEvent, Executor, Tx } from '../events/types.ts';
import { applyInlineBatch, type InlineProjection } from './inline.ts';
import type { ProcessorDefinition } from './processor.ts';
import { progressReporter } from './progress.ts';
import { dropShadows, makeRoomForShadows, replaceWithShadows, shadow } from './shadow-tables.ts';
import { rebuildProcessor } from './processor-rebuild.ts';
import type { ProcessorRunner } from './runner.ts';

/** Events a rebuild takes at a time: one transaction each for a processor, one read for the inline projections. */
const CHUNK = 5000;

/**
 * Puts this process behind the app in the CPU's queue, for the rest of its life: a rebuild is
 * background work beside a serving app, and on two cores at full speed it left the app's requests
 * waiting seconds (the feed's p99 at 250 requests a second). Where the app and the rebuild share
 * the scheduler's group (one machine, one session or service), the app's requests go first and
 * the rebuild takes the rest; alone, it runs at full speed.
 *
 * Where Linux groups processes by session (autogroup), a priority counts only inside the group,
 * and the groups share the CPU evenly: a rebuild that leads a session of its own (see
 * `inSessionOfItsOwn`) lowers its group too. One in its caller's session leaves the group alone,
 * as lowering it would lower everything the caller runs, for as long as the session lasts.
 */
export function yieldToServing(): void {
  setPriority(constants.priority.PRIORITY_LOW);
  if (!leadsItsSession()) return;
  try {
    writeFileSync('/proc/self/autogroup', String(constants.priority.PRIORITY_LOW));
  } catch {
    // No autogroups here (another kernel, or they are off): the process's priority is all there is.
  }
}

/** Whether this process started a session (setsid), read from /proc: false where there is none. */
function leadsItsSession(): boolean {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // After the command's parenthesised name: state, parent, process group, session.
    const session = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]);
    return session === process.pid;
  } catch {
    return false;
  }
}

/**
 * Runs this script again in a session of its own, so that yieldToServing can lower the whole of
 * the rebuild's scheduling group and nothing else, and ends as that run ends (its exit code, its
 * output on this terminal, Ctrl-C passed on). Resolves in that run; never in this one.
 */
export async function inSessionOfItsOwn(): Promise<void> {
  if (leadsItsSession() || !existsSync('/proc/self/autogroup')) return;
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', detached: true });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  process.exit(code ?? (signal ? 1 : 0));
}

/**
 * Rebuilds read models: the inline projections in one pass, then each processor. One after
 * another, not side by side: with the app serving, side by side was no faster (both waited on
 * the same two cores) and stalled the app's requests three times as long.
 */
export async function replayModel<E extends AnyEvent>(
  db: Kysely<Database>,
  store: EventStore<E>,
  runner: ProcessorRunner<E>,
  model: { inline: readonly InlineProjection<E>[]; processors: readonly ProcessorDefinition<E>[] },
  write: (line: string) => void = () => undefined,
): Promise<void> {
  await replayInline(db, store, model.inline, write);
  for (const definition of model.processors) await replayProcessor(runner, definition, write);
}

/**
 * Rebuilds inline read models from the log beside the live tables, which go on serving reads
 * and writes. The log as one snapshot saw it goes into temporary tables of the same names;
 * then, with appends held back by a SHARE lock on the log, the events that committed since are
 * applied and the live tables' rows replaced, in one transaction: readers see the old rows
 * until it commits and the new ones after, and appends wait only for that last step.
 */
export async function replayInline<E extends AnyEvent>(
  db: Kysely<Database>,
  store: EventStore<E>,
  projections: readonly InlineProjection<E>[],
  write: (line: string) => void = () => undefined,
): Promise<number> {
  if (projections.length === 0) return 0;
  const tables = projections.flatMap((projection) => projection.tables);
  const label = `inline ${projections.map((p) => p.name).join(', ')}`;
  const readerIndexes = projections.flatMap((projection) => projection.readerIndexes ?? []);
  // One session throughout: temporary tables are its own, and they outlive its transactions.
  return db.connection().execute(async (session) => {
    await makeRoomForShadows(session);
    try {
      const snapshot = (await sql<{ snapshot: string }>`select pg_current_snapshot()::text as snapshot`.execute(session)).rows[0]!.snapshot;
      await shadow(session, tables, { toCopy: true, readerIndexes });
      // A transaction per chunk, reading the log as the snapshot saw it: no transaction is held for
      // the whole rebuild, which would keep vacuum from every table the app writes meanwhile. The
      // log is read on a connection of its own where there is one, ahead of the writes.
      const reader = hasSpareConnections(db) ? db : session;
      const seen = await applyLog((work) => session.transaction().execute(work), store, projections, label, write, { reader, snapshot });
      return await session.transaction().execute(async (trx) => {
        const started = performance.now();
        await sql`lock table events in share mode`.execute(trx);
        const since = await store.readCommittedSince(trx, snapshot);
        let events = seen.events + since.length;
        if (since.length > 0 && since[0]!.position < seen.last) {
          // An append that committed late, behind what the snapshot saw: in log order, it comes
          // before events already applied. Nothing appends now; start again from the beginning.
          await sql`truncate ${sql.join(tables.map((table) => sql`pg_temp.${sql.table(table)}`))}`.execute(trx);
          events = (await applyLog((work) => work(trx), store, projections, `${label}, again`, write, { reader: trx, snapshot: null })).events;
        } else {
          for (let start = 0; start < since.length; start += CHUNK) await applyInlineBatch(projections, trx, since.slice(start, start + CHUNK));
        }
        const replaced = await replaceWithShadows(trx, tables);
        const which = replaced.length === 0 ? 'no table differed' : `replaced ${replaced.join(', ')}`;
        write(`${label}: ${since.length} events appended meanwhile applied, ${which} (${tables.length - replaced.length} of ${tables.length} tables unchanged), in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        return events;
      });
    } finally {
      await dropShadows(session, tables);
    }
  });
}

/** Runs a chunk's work: in a transaction of its own, or in one that holds them all. */
export type ChunkRunner = <T>(work: (trx: Tx) => Promise<T>) => Promise<T>;

/** Where a replay reads the log: `snapshot` (when given) is the one the log is read as. */
export type LogSource = { reader: Executor; snapshot: string | null };

/**
 * The whole log (as `source.snapshot` saw it, when one is given) through the inline
 * projections, in chunks written set-based where they can be (applyInlineBatch). The next chunk
 * is read and decoded while this one is written: the replay's decoding and PostgreSQL's writes
 * then overlap instead of taking turns (on its own connection when `source.reader` is the pool).
 */
export async function applyLog<E extends AnyEvent>(
  inChunk: ChunkRunner,
  store: EventStore<E>,
  projections: readonly InlineProjection<E>[],
  label: string,
  write: (line: string) => void,
  source: LogSource,
): Promise<{ events: number; last: number }> {
  const read = (after: number) => store.readAfterPosition(source.reader, after, CHUNK, source.snapshot);
  const report = progressReporter(label, await store.count(source.reader), write);
  let done = 0;
  let after = 0;
  let ahead = read(after);
  for (;;) {
    const events = await ahead;
    if (events.length === 0) break;
    after = events.at(-1)!.position;
    ahead = read(after);
    // A failed write ends the replay before the read ahead is awaited; its failure is not news then.
    ahead.catch(() => undefined);
    await inChunk((trx) => applyInlineBatch(projections, trx, events));
    done += events.length;
    report(done);
  }
  report(done, true);
  return { events: done, last: after };
}

/**
 * Rebuilds one processor's read model from the start of the log beside its live tables, and
 * swaps it in with no gap (processor-rebuild.ts), with a progress line. A processor without
 * tables keeps no read model: its work is what it pushed or appended, never done twice.
 */
export async function replayProcessor<E extends AnyEvent>(
  runner: ProcessorRunner<E>,
  definition: ProcessorDefinition<E>,
  write: (line: string) => void = () => undefined,
): Promise<void> {
  if (definition.tables.length === 0) {
    write(`processor ${definition.name}@${definition.version} keeps no tables: nothing to rebuild`);
    return;
  }
  await runner.register();
  const report = progressReporter(`processor ${definition.name}@${definition.version}`, await runner.store.count(), write);
  let done = 0;
  await rebuildProcessor(runner.db, runner.store, definition, { chunk: CHUNK, onHandled: (events) => report((done += events)) });
  report(done, true);
}
