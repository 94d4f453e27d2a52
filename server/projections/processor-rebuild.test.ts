import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../core.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { metadata, openTestCore } from '../testing/core.ts';
import { createTallyTables, tallyDecider, tallyModel, tallyStream, type TallyCommand, type TallyEvent } from '../testing/fixtures/tally.ts';
import { rebuildProcessor } from './processor-rebuild.ts';

let database: TestDatabase;
let core: Core<TallyEvent>;

beforeAll(async () => {
  database = await createTestDatabase();
  await createTallyTables(database.db);
  core = await openTestCore(database, tallyModel());
});
afterAll(async () => {
  await core?.close();
  await database?.drop();
});

const run = (id: string, command: Omit<TallyCommand, 'tallyId'>) =>
  core.commands.run(tallyDecider, tallyStream(id), { ...command, tallyId: id } as TallyCommand, metadata({ actorId: command.actorId }));
const count = (id: string) => run(id, { type: 'count', amount: 1, actorId: 'ana' } as never);
const lines = async () => (await sql<{ position: number }>`select position from tally_feed order by position`.execute(database.db)).rows.map((row) => Number(row.position));
const names = async () => (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename like 'tally_feed%' order by 1`.execute(database.db)).rows;
const positions = async () => (await sql<{ position: number }>`select position from events order by position`.execute(database.db)).rows.map((row) => Number(row.position));

describe('a processor rebuilt beside its live tables', () => {
  it('leaves readers every live row until the swap, takes what was appended meanwhile, and can run again', async () => {
    await run('b1', { type: 'open', title: 'Beside', actorId: 'ana' } as never);
    for (let i = 0; i < 20; i++) await count('b1');
    await core.processors.caughtUp();
    const indexes = await names();
    // A damaged read model: only the rebuild from the log gives the line back.
    await sql`delete from tally_feed_v1 where position = (select min(position) from tally_feed_v1)`.execute(database.db);
    const damaged = await lines();
    expect(damaged).toHaveLength(20);

    const seenMidway: number[][] = [];
    await rebuildProcessor(database.db, core.store, core.model.processors[0]!, {
      chunk: 5,
      onHandled: async () => {
        if (seenMidway.length > 0) return;
        // Five events in, readers still see the live rows, all of them; the log moves on meanwhile.
        seenMidway.push(await lines());
        for (let i = 0; i < 3; i++) await count('b1');
      },
    });
    expect(seenMidway).toEqual([damaged]);

    await core.processors.caughtUp();
    expect(await lines()).toEqual(await positions());
    expect(await names()).toEqual(indexes);

    // Again, over tables that were a rebuild's: the names it gave them are free for the next one.
    await rebuildProcessor(database.db, core.store, core.model.processors[0]!, { chunk: 7 });
    await core.processors.caughtUp();
    expect(await lines()).toEqual(await positions());
    expect(await names()).toEqual(indexes);
  });

  it('leaves the live tables as they were when a handler fails, and its own tables behind it gone', async () => {
    const failing = { ...core.model.processors[0]!, handle: async () => Promise.reject(new Error('cannot handle')) };
    const before = await lines();
    await expect(rebuildProcessor(database.db, core.store, failing, { chunk: 5 })).rejects.toThrow('cannot handle');
    expect(await lines()).toEqual(before);
    const left = await sql`select tablename from pg_tables where tablename like '%_rebuild'`.execute(database.db);
    expect(left.rows).toEqual([]);
  });
});
