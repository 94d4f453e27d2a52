import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { Conflict } from '../errors.ts';
import { lockLogForAppend } from './horizon.ts';
import { EventStore } from './store.ts';
import { START } from './types.ts';
import { usingPostgres } from '../testing/database.ts';
import { metadata, useTestCore } from '../testing/core.ts';
import { createTallyTables, tallyModel, type TallyEvent } from '../testing/fixtures/tally.ts';

const t = useTestCore(tallyModel([]), { process: false, setup: (database) => createTallyTables(database.db) });

const opened = (tallyId: string): TallyEvent => ({ type: 'TallyOpened', data: { tallyId, title: 'Pitches', openedBy: 'user-1' } });
const counted = (tallyId: string, amount = 1): TallyEvent => ({ type: 'TallyCounted', data: { tallyId, amount, note: '' } });
const countRows = async (streamId: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from events where stream_id = ${streamId}`.execute(t.database.db)).rows[0]!.n;

describe('append', () => {
  it('numbers a stream from 1 and returns positions, versions and metadata', async () => {
    const stored = await t.core.store.append('tally-a', 'no_stream', [opened('a'), counted('a', 2)], metadata({ requestId: 'req-1' }));
    expect(stored.map((e) => e.streamVersion)).toEqual([1, 2]);
    expect(stored[1]!.position).toBeGreaterThan(stored[0]!.position);
    const read = await t.core.store.readStream(t.database.db, 'tally-a');
    expect(read.map((e) => [e.type, e.streamVersion, e.data])).toEqual([
      ['TallyOpened', 1, { tallyId: 'a', title: 'Pitches', openedBy: 'user-1' }],
      ['TallyCounted', 2, { tallyId: 'a', amount: 2, note: '' }],
    ]);
    expect(read[0]!.metadata).toEqual(metadata({ requestId: 'req-1' }));
    // Read back as the append returned it, to the millisecond, whichever read it is.
    expect(read.map((e) => e.recordedAt)).toEqual(stored.map((e) => e.recordedAt));
    const all = await t.core.store.readAll(t.database.db, { transactionId: '0', position: 0 }, 10);
    expect(all.filter((e) => e.streamId === 'tally-a').map((e) => e.recordedAt)).toEqual(stored.map((e) => e.recordedAt));
  });

  it('reads back what this process appended as a process that did not append it reads it, apart from what the caller holds', async () => {
    const stored = await t.core.store.append('tally-e', 'no_stream', [opened('e'), counted('e', 3)], metadata({ requestId: 'req-e' }));
    const ofE = (events: Awaited<ReturnType<EventStore['readAll']>>) => events.filter((event) => event.streamId === 'tally-e');
    const mine = ofE(await t.core.store.readAll(t.database.db, START, 100));
    const elsewhere = ofE(await new EventStore(t.database.db, t.core.store.registry, () => undefined).readAll(t.database.db, START, 100));
    expect(mine).toHaveLength(2);
    expect(mine).toStrictEqual(elsewhere);
    // What the appender got back is its own: changing it changes nothing a processor reads.
    expect(mine[1]!.data).not.toBe(stored[1]!.data);
    expect(mine[1]!.data).toStrictEqual(stored[1]!.data);
  });

  it('accepts the current version as a number and refuses a stale one without writing anything', async () => {
    await t.core.store.append('tally-b', 'no_stream', [opened('b')], metadata());
    await t.core.store.append('tally-b', 1, [counted('b')], metadata());
    await expect(t.core.store.append('tally-b', 1, [counted('b', 5), counted('b', 6)], metadata())).rejects.toBeInstanceOf(Conflict);
    // An expected version ahead of the stream is stale too: accepting it would leave a gap.
    await expect(t.core.store.append('tally-b', 7, [counted('b', 7)], metadata())).rejects.toBeInstanceOf(Conflict);
    await expect(t.core.store.append('tally-b', 'no_stream', [opened('b')], metadata())).rejects.toBeInstanceOf(Conflict);
    expect(await countRows('tally-b')).toBe(2);
  });

  it('"any" appends after whatever is there', async () => {
    await t.core.store.append('tally-c', 'any', [opened('c')], metadata());
    const [event] = await t.core.store.append('tally-c', 'any', [counted('c')], metadata());
    expect(event!.streamVersion).toBe(2);
  });

  it('refuses an event that breaks its contract, storing nothing', async () => {
    const bad = { type: 'TallyCounted', data: { tallyId: 'd', amount: -3, note: '' } } as TallyEvent;
    await expect(t.core.store.append('tally-d', 'any', [opened('d'), bad], metadata())).rejects.toThrow(/does not match its schema/);
    expect(await countRows('tally-d')).toBe(0);
  });

  it('keeps every one of many concurrent appends to one hot stream, in gap-free order', async () => {
    await t.core.store.append('tally-hot', 'no_stream', [opened('hot')], metadata());
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => t.core.store.append('tally-hot', 'any', [counted('hot', i + 1)], metadata())));
    const versions = results.map(([event]) => event!.streamVersion).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: 200 }, (_, i) => i + 2));
    const stream = await t.core.store.readStream(t.database.db, 'tally-hot');
    expect(stream.map((e) => e.streamVersion)).toEqual(Array.from({ length: 201 }, (_, i) => i + 1));
    // Versions follow positions: a stream reads in the order the log holds it.
    expect(stream.map((e) => e.position)).toEqual([...stream.map((e) => e.position)].sort((a, b) => a - b));
  });

  it('lets exactly one of two concurrent appends at the same expected version win, and the same one per stream when many race', async () => {
    await t.core.store.append('tally-race', 'no_stream', [opened('race')], metadata());
    const outcomes = await Promise.allSettled([
      t.core.store.append('tally-race', 1, [counted('race', 10), counted('race', 11)], metadata()),
      t.core.store.append('tally-race', 1, [counted('race', 20), counted('race', 21)], metadata()),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const loser = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(loser.reason).toBeInstanceOf(Conflict);
    const amounts = (await t.core.store.readStream(t.database.db, 'tally-race')).slice(1).map((e) => (e.data as { amount: number }).amount);
    expect([[10, 11], [20, 21]]).toContainEqual(amounts);
  });
});

describe('two transactions appending at the same expected version', () => {
  it('one commits, the other gets a conflict and leaves nothing behind', async () => {
    await t.core.store.append('tally-tx', 'no_stream', [opened('tx')], metadata());
    // Both transactions have read version 1 and both append before either commits.
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstAppended!: () => void;
    const firstHasAppended = new Promise<void>((resolve) => (firstAppended = resolve));
    const first = t.database.db.transaction().execute(async (trx) => {
      await lockLogForAppend(trx);
      await t.core.store.appendInTransaction(trx, 'tally-tx', 1, [counted('tx', 1)], metadata({ requestId: 'first' }));
      firstAppended();
      await firstHolds;
    });
    await firstHasAppended;
    const second = t.database.db.transaction().execute(async (trx) => {
      await lockLogForAppend(trx);
      await t.core.store.appendInTransaction(trx, 'tally-tx', 1, [counted('tx', 2), counted('tx', 3)], metadata({ requestId: 'second' }));
    });
    // On PostgreSQL the second blocks on the first's uncommitted version; PGlite runs them one after the other.
    if (usingPostgres) await new Promise((resolve) => setTimeout(resolve, 100));
    releaseFirst();
    const [a, b] = await Promise.allSettled([first, second]);
    expect(a.status).toBe('fulfilled');
    expect(b.status).toBe('rejected');
    expect((b as PromiseRejectedResult).reason).toBeInstanceOf(Conflict);
    const stream = await t.core.store.readStream(t.database.db, 'tally-tx');
    expect(stream.map((e) => e.metadata.requestId)).toEqual([null, 'first']);
  });
});

describe('appending to several streams in one statement', () => {
  it('gives each append its own versions and metadata, several to one stream in the order given', async () => {
    await t.core.store.append('tally-m1', 'no_stream', [opened('m1')], metadata());
    const stored = await t.database.db.transaction().execute(async (trx) => {
      await lockLogForAppend(trx);
      return t.core.store.appendStreamsInTransaction(trx, [
        { streamId: 'tally-m1', expected: 1, events: [counted('m1', 1)], metadata: metadata({ requestId: 'one' }) },
        { streamId: 'tally-m1', expected: 2, events: [counted('m1', 2), counted('m1', 3)], metadata: metadata({ requestId: 'two' }) },
        { streamId: 'tally-m2', expected: 'no_stream', events: [opened('m2')], metadata: metadata({ requestId: 'three' }) },
      ]);
    });
    expect(stored.map((events) => events.map((e) => [e.streamId, e.streamVersion, e.metadata.requestId]))).toEqual([
      [['tally-m1', 2, 'one']],
      [['tally-m1', 3, 'two'], ['tally-m1', 4, 'two']],
      [['tally-m2', 1, 'three']],
    ]);
    const streams = await t.core.store.readStreams(t.database.db, ['tally-m2', 'tally-m1', 'tally-none']);
    expect([...streams].map(([id, events]) => [id, events.map((e) => (e.data as { amount?: number }).amount ?? 0)])).toEqual([
      ['tally-m2', [0]],
      ['tally-m1', [0, 1, 2, 3]],
      ['tally-none', []],
    ]);
  });

  it('refuses the whole statement when one stream has moved on, storing nothing', async () => {
    await t.core.store.append('tally-m3', 'no_stream', [opened('m3'), counted('m3')], metadata());
    const attempt = t.database.db.transaction().execute(async (trx) => {
      await lockLogForAppend(trx);
      return t.core.store.appendStreamsInTransaction(trx, [
        { streamId: 'tally-m4', expected: 'no_stream', events: [opened('m4')], metadata: metadata() },
        { streamId: 'tally-m3', expected: 1, events: [counted('m3', 9)], metadata: metadata() },
      ]);
    });
    await expect(attempt).rejects.toBeInstanceOf(Conflict);
    expect([await countRows('tally-m3'), await countRows('tally-m4')]).toEqual([2, 0]);
  });
});

describe('schema versions', () => {
  it('reads an event stored in an old shape in the current one', async () => {
    await sql`insert into events (stream_id, stream_version, type, schema_version, data, metadata)
              values ('tally-old', 1, 'TallyCounted', 1, ${JSON.stringify({ tallyId: 'old', by: 4 })}::jsonb, ${JSON.stringify(metadata())}::jsonb)`.execute(t.database.db);
    const [event] = await t.core.store.readStream(t.database.db, 'tally-old');
    expect(event).toMatchObject({ type: 'TallyCounted', schemaVersion: 1, data: { tallyId: 'old', amount: 4, note: '' } });
  });

  it('checks an old shape once it is brought up to date, and refuses one that is not', async () => {
    await sql`insert into events (stream_id, stream_version, type, schema_version, data, metadata)
              values ('tally-broken', 1, 'TallyCounted', 1, ${JSON.stringify({ tallyId: 'broken', by: 'four' })}::jsonb, ${JSON.stringify(metadata())}::jsonb)`.execute(t.database.db);
    await expect(t.core.store.readStream(t.database.db, 'tally-broken')).rejects.toThrow();
  });

  it('stores new events at the current schema version', async () => {
    const [event] = await t.core.store.append('tally-new', 'any', [counted('new', 3)], metadata());
    expect(event!.schemaVersion).toBe(2);
    const row = await sql<{ schema_version: number }>`select schema_version from events where stream_id = 'tally-new'`.execute(t.database.db);
    expect(row.rows[0]!.schema_version).toBe(2);
  });
});
