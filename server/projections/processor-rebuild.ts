import { sql, type Kysely } from 'kysely';
import { hasSpareConnections } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { appendHorizon } from '../events/horizon.ts';
import type { EventStore } from '../events/store.ts';
import { START, type AnyEvent, type Checkpoint, type Executor, type StoredEvent, type Tx } from '../events/types.ts';
import { checkpointOf, handleRun, physicalTables, type ProcessorDefinition, type TableNames } from './processor.ts';
import { lockProcessor, pointViews } from './runner.ts';

/** Events a rebuild takes at a time, one transaction each. */
const CHUNK = 5000;

export type RebuildOptions = {
  /** Hears how many events each committed batch took the rebuild past (a progress line); the rebuild waits for it. */
  onHandled?: (events: number) => void | Promise<void>;
  chunk?: number;
};

/**
 * Rebuilds a processor's read model from the start of the log beside its live tables, which go
 * on serving reads and taking the live processor's batches: into tables of their own
 * (`<table>_v<N>_rebuild`), a transaction per chunk, the next chunk read while one is handled.
 * Then, in one transaction under the processor's lock (an owner's batch in progress ends first,
 * the next waits for it), the events committed since are handled, what the app wrote into the
 * live tables outside the log meanwhile is brought in (`reconcileRebuilt`), the rebuilt tables
 * take the live ones' names and the checkpoint moves to where they stand: readers see the old
 * rows until it commits and the new ones after. Nothing is pushed (`afterCommit` is for live
 * effects), and a processor that appends to the log is refused: its rebuild would append again.
 */
export async function rebuildProcessor<E extends AnyEvent>(db: Kysely<Database>, store: EventStore<E>, definition: ProcessorDefinition<E>, options: RebuildOptions = {}): Promise<void> {
  if (definition.appends) throw new Error(`${definition.name} appends to the log: a rebuild would append its events again`);
  const chunk = options.chunk ?? CHUNK;
  const live = physicalTables(definition);
  const rebuilt: TableNames = Object.fromEntries(Object.entries(live).map(([table, physical]) => [table, `${physical}_rebuild`]));
  await db.transaction().execute(async (trx) => {
    // An interrupted rebuild's tables, if any, are of no use: it starts again from the beginning.
    await dropTables(trx, rebuilt);
    await definition.createTables?.(trx, rebuilt);
  });
  try {
    let after: Checkpoint = START;
    let ahead: Promise<StoredEvent<E>[]> | null = null;
    for (let scanned = chunk; scanned === chunk; ) {
      ({ after, scanned, ahead } = await db.transaction().execute(async (trx) => {
        const horizon = await appendHorizon(trx);
        // The read ahead was made below an earlier horizon: the start of what this batch would read.
        const events = await (ahead ?? store.readAllBelow(trx, after, chunk, horizon));
        // The next chunk is read and decoded on a connection of its own while this one is handled.
        const next = events.length === chunk && hasSpareConnections(db) ? store.readAllBelow(db, checkpointOf(events.at(-1)!), chunk, horizon) : null;
        // A failed batch leaves the read ahead unused: its failure is not news then.
        next?.catch(() => undefined);
        return { after: await handleRun(trx, definition, events, after, rebuilt), scanned: events.length, ahead: next };
      }));
      await options.onHandled?.(scanned);
    }
    const caughtUp = await db.transaction().execute(async (trx) => {
      await lockProcessor(trx, definition);
      const row = await trx.selectFrom('processors').select('state').where('name', '=', definition.name).where('version', '=', definition.version).forUpdate().executeTakeFirst();
      if (!row || row.state === 'retired') throw new Error(`${definition.name}@${definition.version} is not registered or was retired`);
      let handled = 0;
      for (let scanned = chunk; scanned === chunk; ) {
        const events = await store.readAllBelow(trx, after, chunk, await appendHorizon(trx));
        after = await handleRun(trx, definition, events, after, rebuilt);
        scanned = events.length;
        handled += scanned;
      }
      // From here to the commit nothing reads or writes the live tables (readers wait moments for
      // the new ones), so what the app wrote into them is all there is to bring in.
      await sql`lock table ${sql.join(Object.values(live).map((table) => sql.table(table)))} in access exclusive mode`.execute(trx);
      await definition.reconcileRebuilt?.(trx, rebuilt);
      // The live version's views read its tables: they go first, and come back on the rebuilt ones.
      const serving = row.state === 'live';
      if (serving) for (const view of Object.keys(live)) await sql`drop view if exists ${sql.table(view)}`.execute(trx);
      for (const [table, physical] of Object.entries(live)) await takeName(trx, rebuilt[table]!, physical);
      await trx
        .updateTable('processors')
        .set({ last_transaction_id: after.transactionId, last_position: after.position, paused: false, error: null, error_position: null, updated_at: sql`now()` })
        .where('name', '=', definition.name)
        .where('version', '=', definition.version)
        .execute();
      if (serving) await pointViews(trx, definition);
      return handled;
    });
    await options.onHandled?.(caughtUp);
  } catch (error) {
    await dropTables(db, rebuilt).catch(() => undefined);
    throw error;
  }
}

async function dropTables(executor: Executor, tables: TableNames): Promise<void> {
  for (const table of Object.values(tables)) await sql`drop table if exists ${sql.table(table)}`.execute(executor);
}

/**
 * The rebuilt table in the live one's place, with the names of its constraints and indexes made
 * the live ones' too (they are named after their table, and names are the schema's): the next
 * rebuild creates its own under the rebuild's names again.
 */
async function takeName(trx: Tx, from: string, to: string): Promise<void> {
  await sql`drop table ${sql.table(to)}`.execute(trx);
  await sql`alter table ${sql.table(from)} rename to ${sql.table(to)}`.execute(trx);
  const renamed = (name: string) => `${to}${name.slice(from.length)}`;
  // A primary key's or unique constraint's index takes its constraint's new name with it.
  const constraints = await sql<{ name: string }>`select conname as name from pg_constraint where conrelid = ${to}::regclass and starts_with(conname, ${from})`.execute(trx);
  for (const { name } of constraints.rows) await sql`alter table ${sql.table(to)} rename constraint ${sql.id(name)} to ${sql.id(renamed(name))}`.execute(trx);
  const indexes = await sql<{ name: string }>`
    select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid = ${to}::regclass and starts_with(c.relname, ${from})`.execute(trx);
  for (const { name } of indexes.rows) await sql`alter index ${sql.id(name)} rename to ${sql.id(renamed(name))}`.execute(trx);
}
