import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { EventStore } from '../events/store.ts';
import { START, type AnyEvent, type Checkpoint, type Tx } from '../events/types.ts';
import type { InlineProjection } from './inline.ts';
import { handleRun, physicalTables, type ProcessorDefinition } from './processor.ts';
import { progressReporter } from './progress.ts';
import { applyLog } from './replay.ts';
import { makeRoomForShadows, shadow } from './shadow-tables.ts';

const CHUNK = 2000;
const EXAMPLES = 3;

/** How a rebuilt table differs from the live one: rows only the live one has, rows only the rebuilt one has. */
export type TableDifference = { table: string; onlyLive: number; onlyRebuilt: number; examples: { live: unknown[]; rebuilt: unknown[] } };

/**
 * Rebuilds read models from the log beside the live ones and says how the two differ, changing
 * nothing: what an operator runs before a replay, and the replay-equivalence tests' check.
 *
 * One REPEATABLE READ transaction, rolled back at the end: the live tables and the log are read
 * as of one moment, so an inline projection's tables are compared with everything the log held
 * then, and a processor's with the log up to its checkpoint. The rebuilt tables are temporary
 * tables of the live ones' names and shapes, which this session finds before the live ones
 * (PostgreSQL searches pg_temp first), so the projections write into them unchanged. Nothing is
 * locked but what reading takes: the app keeps serving reads and writes meanwhile.
 */
export async function dryRunReplay<E extends AnyEvent>(
  db: Kysely<Database>,
  store: EventStore<E>,
  model: { inline: readonly InlineProjection<E>[]; processors: readonly ProcessorDefinition<E>[] },
  write: (line: string) => void = () => undefined,
): Promise<TableDifference[]> {
  const differences: TableDifference[] = [];
  try {
    await db.connection().execute(async (session) => {
      await makeRoomForShadows(session);
      await session
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        if (model.inline.length > 0) {
          const tables = model.inline.flatMap((projection) => projection.tables);
          await shadow(trx, tables, { readerIndexes: model.inline.flatMap((projection) => projection.readerIndexes ?? []) });
          await applyLog((work) => work(trx), store, model.inline, `dry run, inline ${model.inline.map((p) => p.name).join(', ')}`, write, { reader: trx, snapshot: null });
          for (const table of tables) differences.push(await compare(trx, table));
        }
        for (const definition of model.processors) {
          if (definition.tables.length === 0) continue;
          const checkpoint = await liveCheckpoint(trx, definition);
          if (!checkpoint) continue;
          const tables = physicalTables(definition);
          await shadow(trx, Object.values(tables));
          const report = progressReporter(`dry run, processor ${definition.name}@${definition.version}`, await store.count(trx), write);
          let done = 0;
          for (let after: Checkpoint = START; ; ) {
            const events = (await store.readAllBelow(trx, after, CHUNK, checkpoint.below)).filter((event) => !beyond(event, checkpoint));
            if (events.length === 0) break;
            after = await handleRun(trx, definition, events, after, tables);
            done += events.length;
            report(done);
          }
          report(done, true);
          for (const table of Object.values(tables)) differences.push(await compare(trx, table));
        }
        // Nothing of the rebuild may stay: not its tables, not what a processor wrote elsewhere.
        throw new RolledBack();
      });
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  return differences;
}

class RolledBack extends Error {}

async function compare(trx: Tx, table: string): Promise<TableDifference> {
  // Rows as jsonb: every column type then compares, json and arrays of them included.
  const only = (from: string, without: string) =>
    sql<{ row: unknown; n: number }>`
      with d as (select to_jsonb(t) as row from ${sql.raw(from)}.${sql.table(table)} t except all select to_jsonb(t) from ${sql.raw(without)}.${sql.table(table)} t)
      select row, count(*) over ()::int as n from d limit ${EXAMPLES}`.execute(trx);
  const live = (await only('public', 'pg_temp')).rows;
  const rebuilt = (await only('pg_temp', 'public')).rows;
  return { table, onlyLive: live[0]?.n ?? 0, onlyRebuilt: rebuilt[0]?.n ?? 0, examples: { live: live.map((r) => r.row), rebuilt: rebuilt.map((r) => r.row) } };
}

/** Where the live version of a processor has got to in the log, or null when none is live. */
async function liveCheckpoint(trx: Tx, definition: ProcessorDefinition<AnyEvent>): Promise<{ below: string; transactionId: string; position: number } | null> {
  const row = await trx
    .selectFrom('processors')
    .select([sql<string>`last_transaction_id::text`.as('transactionId'), 'last_position'])
    .where('name', '=', definition.name)
    .where('version', '=', definition.version)
    .where('state', '=', 'live')
    .executeTakeFirst();
  if (!row) return null;
  // Read below the next id: the checkpoint's transaction itself is then read whole, and cut at the checkpoint.
  return { below: (BigInt(row.transactionId) + 1n).toString(), transactionId: row.transactionId, position: Number(row.last_position) };
}

function beyond(event: { transactionId: string; position: number }, checkpoint: { transactionId: string; position: number }): boolean {
  const tx = BigInt(event.transactionId);
  const at = BigInt(checkpoint.transactionId);
  return tx > at || (tx === at && event.position > checkpoint.position);
}
