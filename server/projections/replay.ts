import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { EventStore } from '../events/store.ts';
import type { AnyEvent, Tx } from '../events/types.ts';
import { applyInlineBatch, type InlineProjection } from './inline.ts';
import type { ProcessorDefinition } from './processor.ts';
import { progressReporter } from './progress.ts';
import type { ProcessorRunner } from './runner.ts';

/** Events a rebuild takes at a time: one transaction each for a processor, one read for the inline projections. */
const CHUNK = 5000;

/**
 * Rebuilds inline read models from the log in one transaction. It takes a SHARE lock on the
 * events table first: appends wait until the rebuild commits, so no command can write into a
 * half-rebuilt table and readers see the old tables until the new ones are complete.
 */
export async function replayInline<E extends AnyEvent>(
  db: Kysely<Database>,
  store: EventStore<E>,
  projections: readonly InlineProjection<E>[],
  write: (line: string) => void = () => undefined,
): Promise<number> {
  if (projections.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    await sql`lock table events in share mode`.execute(trx);
    // One statement for all: tables of a projection may reference each other.
    const tables = projections.flatMap((projection) => projection.tables);
    if (tables.length > 0) await sql`truncate ${sql.join(tables.map((table) => sql.table(table)))}`.execute(trx);
    return applyLog(trx, store, projections, `inline ${projections.map((p) => p.name).join(', ')}`, write);
  });
}

/** The whole log through the inline projections, in chunks written set-based where they can be (applyInlineBatch). */
export async function applyLog<E extends AnyEvent>(trx: Tx, store: EventStore<E>, projections: readonly InlineProjection<E>[], label: string, write: (line: string) => void): Promise<number> {
  const total = await store.count(trx);
  const report = progressReporter(label, total, write);
  let done = 0;
  for (let after = 0; ; ) {
    const events = await store.readAfterPosition(trx, after, CHUNK);
    if (events.length === 0) break;
    await applyInlineBatch(projections, trx, events);
    after = events.at(-1)!.position;
    done += events.length;
    report(done);
  }
  report(done, true);
  return done;
}

/**
 * Rebuilds one processor's read model from the start of the log: under its lock, empty its
 * tables and rewind its checkpoint (clearing any pause), then drain until caught up.
 */
export async function replayProcessor<E extends AnyEvent>(
  runner: ProcessorRunner<E>,
  definition: ProcessorDefinition<E>,
  write: (line: string) => void = () => undefined,
): Promise<void> {
  await runner.register();
  await runner.rewind(definition);
  const total = (await runner.health()).find((p) => p.name === definition.name && p.version === definition.version)?.lagEvents ?? 0;
  const report = progressReporter(`processor ${definition.name}@${definition.version}`, total, write);
  for (;;) {
    const outcome = await runner.drainOnce(definition, CHUNK);
    const status = (await runner.health()).find((p) => p.name === definition.name && p.version === definition.version);
    report(Math.max(0, total - (status?.lagEvents ?? 0)));
    if (outcome === 'paused' || status?.paused) throw new Error(`${definition.name} paused at position ${status?.errorPosition}: ${status?.error}`);
    if (outcome === 'idle' && (status?.lagEvents ?? 0) === 0) break;
    // Another process owns it right now and drains it for us; watch it finish.
    if (outcome === 'not_owner') await new Promise((resolve) => setTimeout(resolve, 100));
  }
  report(total, true);
}
