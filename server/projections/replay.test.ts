import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../core.ts';
import { lockLogForAppend } from '../events/horizon.ts';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../testing/database.ts';
import { metadata, openTestCore } from '../testing/core.ts';
import { createTallyTables, tallyDecider, tallyModel, tallyStream, type TallyCommand, type TallyEvent } from '../testing/fixtures/tally.ts';
import { rebuildProcessor } from './processor-rebuild.ts';
import { replayInline, replayModel, replayProcessor } from './replay.ts';

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

/** Every read model of the model, as sorted rows: what a reader could ever see. */
async function snapshot(db: Kysely<any>) {
  const tables = [...core.model.inline.flatMap((p) => p.tables), ...core.model.processors.flatMap((p) => p.tables)];
  const entries = await Promise.all(
    tables.map(async (table) => [table, (await sql`select * from ${sql.table(table)} order by 1, 2`.execute(db)).rows] as const),
  );
  return Object.fromEntries(entries);
}

async function run(id: string, command: Omit<TallyCommand, 'tallyId'>) {
  return core.commands.run(tallyDecider, tallyStream(id), { ...command, tallyId: id } as TallyCommand, metadata({ actorId: command.actorId }));
}

describe('replay', () => {
  it('rebuilds every projection into tables identical to the live ones', async () => {
    // A scripted mix: opens, counts (some concurrent), refusals, closes.
    for (const id of ['r1', 'r2', 'r3']) await run(id, { type: 'open', title: `Tally ${id}`, actorId: 'ana' } as never);
    await Promise.all(Array.from({ length: 30 }, (_, i) => run(`r${(i % 3) + 1}`, { type: 'count', amount: (i % 4) + 1, actorId: 'ben' } as never)));
    await expect(run('r2', { type: 'close', actorId: 'ben' } as never)).rejects.toThrow();
    await run('r2', { type: 'close', actorId: 'ana' } as never);
    await expect(run('r2', { type: 'count', amount: 1, actorId: 'ben' } as never)).rejects.toThrow();
    await run('r4', { type: 'open', title: 'Late', actorId: 'cy' } as never);
    await core.processors.caughtUp();

    const live = await snapshot(database.db);
    expect(live.tallies).toHaveLength(4);
    expect(live.tally_feed).toHaveLength(4 + 30 + 1);

    // Damage both read models, so only a real rebuild from the log can restore them.
    await sql`update tallies set total = -1`.execute(database.db);
    await sql`delete from tally_feed_v1 where position % 2 = 0`.execute(database.db);
    expect(await snapshot(database.db)).not.toEqual(live);

    const lines: string[] = [];
    // As npm run replay does it.
    await replayModel(database.db, core.store, core.processors, core.model, (line) => lines.push(line));

    expect(await snapshot(database.db)).toEqual(live);
    expect(lines).toContainEqual(expect.stringMatching(/^inline tallies: 0 events appended meanwhile applied, replaced tallies \(0 of 1 tables unchanged\)/));
    expect(lines).toContainEqual(expect.stringMatching(/^processor tally_feed@1: 35\/35 events \(100%\)/));
  });
});

describe.runIf(usingPostgres)('a replay beside the live tables', () => {
  it('leaves readers and writers going, and takes in what committed meanwhile, late commits included', async () => {
    for (const id of ['b1', 'b2', 'b3']) await run(id, { type: 'open', title: id, actorId: 'ana' } as never);
    const totals = async () =>
      Object.fromEntries((await sql<{ tally_id: string; total: number }>`select tally_id, total from tallies where tally_id like 'b%' order by 1`.execute(database.db)).rows.map((row) => [row.tally_id, row.total]));

    // An append that takes its position now and commits only once the replay has read past it.
    let commitLate!: () => void;
    let appended!: () => void;
    const positioned = new Promise<void>((resolve) => (appended = resolve));
    const late = database.db.transaction().execute(async (trx) => {
      await lockLogForAppend(trx);
      await core.store.appendInTransaction(trx, tallyStream('b1'), 'any', [{ type: 'TallyCounted', data: { tallyId: 'b1', amount: 5, note: '' } }], metadata());
      await new Promise<void>((resolve) => {
        commitLate = resolve;
        appended();
      });
    });
    await positioned;
    await run('b2', { type: 'count', amount: 2, actorId: 'ben' } as never);

    const lines: string[] = [];
    const meanwhile: Promise<unknown>[] = [];
    let readWhileRebuilding: Promise<{ total: number; at: number }> | undefined;
    await replayInline(database.db, core.store, core.model.inline, (line) => {
      lines.push(line);
      if (readWhileRebuilding) return;
      readWhileRebuilding = sql<{ total: number }>`select total from tallies where tally_id = 'b2'`.execute(database.db).then(({ rows }) => ({ total: rows[0]!.total, at: performance.now() }));
      meanwhile.push(run('b3', { type: 'count', amount: 3, actorId: 'ben' } as never));
      commitLate();
    });
    const finished = performance.now();
    await Promise.all([late, ...meanwhile]);

    expect(await readWhileRebuilding).toEqual({ total: 2, at: expect.any(Number) });
    expect((await readWhileRebuilding)!.at).toBeLessThan(finished);
    expect(lines.some((line) => /again/.test(line))).toBe(true);
    // The late append went to the log alone, so only the rebuild has its count.
    expect(lines.at(-1)).toMatch(/replaced tallies/);
    expect(await totals()).toEqual({ b1: 5, b2: 2, b3: 3 });

    // Once more, with the live tables as the log says: nothing to write.
    lines.length = 0;
    await replayInline(database.db, core.store, core.model.inline, (line) => lines.push(line));
    expect(lines.at(-1)).toMatch(/no table differed \(1 of 1 tables unchanged\)/);
  });
});

const count = (id: string) => run(id, { type: 'count', amount: 1, actorId: 'ana' } as never);
const feedPositions = async () => (await sql<{ position: number }>`select position from tally_feed order by position`.execute(database.db)).rows.map((row) => Number(row.position));
const feedIndexes = async () => (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename like 'tally_feed%' order by 1`.execute(database.db)).rows;
const logPositions = async () => (await sql<{ position: number }>`select position from events order by position`.execute(database.db)).rows.map((row) => Number(row.position));

describe('a processor rebuilt beside its live tables', () => {
  it('leaves readers every live row until the swap, takes what was appended meanwhile, and can run again', async () => {
    await run('beside', { type: 'open', title: 'Beside', actorId: 'ana' } as never);
    for (let i = 0; i < 20; i++) await count('beside');
    await core.processors.caughtUp();
    const indexes = await feedIndexes();
    const whole = await feedPositions();
    // A damaged read model: only the rebuild from the log gives the line back.
    await sql`delete from tally_feed_v1 where position = (select min(position) from tally_feed_v1)`.execute(database.db);
    const damaged = await feedPositions();
    expect(damaged).toHaveLength(whole.length - 1);

    const seenMidway: number[][] = [];
    await rebuildProcessor(database.db, core.store, core.model.processors[0]!, {
      chunk: 5,
      onHandled: async () => {
        if (seenMidway.length > 0) return;
        // Five events in, readers still see the live rows, all of them; the log moves on meanwhile.
        seenMidway.push(await feedPositions());
        for (let i = 0; i < 3; i++) await count('beside');
      },
    });
    expect(seenMidway).toEqual([damaged]);

    await core.processors.caughtUp();
    expect(await feedPositions()).toEqual(await logPositions());
    expect(await feedIndexes()).toEqual(indexes);

    // Again, over tables that were a rebuild's: the names it gave them are free for the next one.
    await rebuildProcessor(database.db, core.store, core.model.processors[0]!, { chunk: 7 });
    await core.processors.caughtUp();
    expect(await feedPositions()).toEqual(await logPositions());
    expect(await feedIndexes()).toEqual(indexes);
  });

  it('leaves the live tables as they were when a handler fails, and its own tables behind it gone', async () => {
    const failing = { ...core.model.processors[0]!, handle: async () => Promise.reject(new Error('cannot handle')) };
    const before = await feedPositions();
    await expect(rebuildProcessor(database.db, core.store, failing, { chunk: 5 })).rejects.toThrow('cannot handle');
    expect(await feedPositions()).toEqual(before);
    const left = await sql`select tablename from pg_tables where tablename like '%_rebuild'`.execute(database.db);
    expect(left.rows).toEqual([]);
  });
});

describe('a log of many chunks', () => {
  it('goes through each event once, in order, across the chunks it reads ahead', async () => {
    // Written to the log alone, as an earlier deployment could have: 12,001 events, three chunks.
    const counts = 12_000;
    await sql`insert into events (stream_id, stream_version, type, schema_version, data, metadata)
      select 'tally-long', 1, 'TallyOpened', 1, '{"tallyId":"long","title":"Long","openedBy":"ana"}'::jsonb, '{}'::jsonb
      union all
      select 'tally-long', 1 + g, 'TallyCounted', 2, jsonb_build_object('tallyId', 'long', 'amount', 1 + g % 3, 'note', ''), '{}'::jsonb
      from generate_series(1, ${counts}) g`.execute(database.db);
    const lines: string[] = [];
    await replayInline(database.db, core.store, core.model.inline, (line) => lines.push(line));

    const { rows } = await sql<{ total: number; counts: number }>`select total, counts from tallies where tally_id = 'long'`.execute(database.db);
    // 1 + g % 3 over g = 1..12,000: 4,000 each of 2, 3 and 1.
    expect(rows).toEqual([{ total: 24_000, counts }]);
    expect(lines).toContainEqual(expect.stringMatching(/replaced tallies/));

    // The feed processor's rebuild over the same three batches, with counts committing all along:
    // on PostgreSQL each batch reads the next one ahead, below the horizon of its own read, and
    // what commits later is the next batches'. A line for every event of the log, none twice.
    // Its live loop stopped first, so that the rebuild drains every batch itself.
    await core.processors.stop();
    let appending = true;
    const appends = (async () => {
      for (let i = 0; appending; i++) await run('during', (i === 0 ? { type: 'open', title: 'During', actorId: 'ana' } : { type: 'count', amount: 1, actorId: 'ana' }) as never);
    })();
    await replayProcessor(core.processors, core.model.processors[0]!);
    appending = false;
    await appends;
    while ((await core.processors.drainOnce(core.model.processors[0]!)) === 'more');
    const [events, feed] = await Promise.all([core.store.count(), sql<{ count: number }>`select count(*)::int as count from tally_feed`.execute(database.db)]);
    expect(events).toBeGreaterThan(2 * 5000);
    expect(feed.rows[0]!.count).toBe(events);
  });
});
