import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openCore } from '../core.ts';
import { Conflict, Forbidden } from '../errors.ts';
import { metadata, silentLog, useTestCore } from '../testing/core.ts';
import { createTallyTables, talliesProjection, tallyDecider, tallyEvents, tallyModel, tallyStream, type TallyEvent } from '../testing/fixtures/tally.ts';

const t = useTestCore(tallyModel([]), { process: false, setup: (database) => createTallyTables(database.db) });

const tally = async (id: string) =>
  (await sql<{ total: number; counts: number; closed: boolean }>`select total, counts, closed from tallies where tally_id = ${id}`.execute(t.database.db)).rows[0];
const eventCount = async (id: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from events where stream_id = ${tallyStream(id)}`.execute(t.database.db)).rows[0]!.n;

describe('running a command', () => {
  it('folds the stream, decides, appends and projects in one go', async () => {
    const open = await t.core.commands.run(tallyDecider, tallyStream('k1'), { type: 'open', tallyId: 'k1', title: 'Pitches', actorId: 'ana' }, metadata({ actorId: 'ana' }));
    expect(open.version).toBe(1);
    const count = await t.core.commands.run(tallyDecider, tallyStream('k1'), { type: 'count', tallyId: 'k1', amount: 5, actorId: 'ben' }, metadata({ actorId: 'ben' }));
    expect(count).toMatchObject({ version: 2, state: { total: 5, exists: true } });
    expect(count.events[0]).toMatchObject({ type: 'TallyCounted', streamVersion: 2, metadata: { actorId: 'ben' } });
    expect(await tally('k1')).toEqual({ total: 5, counts: 1, closed: false });
  });

  it('stores nothing when the decider refuses', async () => {
    await expect(
      t.core.commands.run(tallyDecider, tallyStream('k1'), { type: 'close', tallyId: 'k1', actorId: 'ben' }, metadata({ actorId: 'ben' })),
    ).rejects.toBeInstanceOf(Forbidden);
    expect(await eventCount('k1')).toBe(2);
  });

  it('stores no event when an inline projection fails: events and read models commit together', async () => {
    const failing = await openCore({
      database: t.database,
      redisUrl: null,
      log: silentLog,
      model: {
        events: tallyEvents,
        processors: [],
        inline: [talliesProjection, { name: 'broken', tables: [], apply: async () => Promise.reject(new Error('projection failed')) }],
      },
    });
    try {
      await expect(
        failing.commands.run(tallyDecider, tallyStream('k2'), { type: 'open', tallyId: 'k2', title: 'Lost', actorId: 'ana' }, metadata()),
      ).rejects.toThrow('projection failed');
    } finally {
      await failing.close();
    }
    expect(await eventCount('k2')).toBe(0);
    expect(await tally('k2')).toBeUndefined();
  });

  it('decides again on the fresh stream when a concurrent writer got there first', async () => {
    await t.core.commands.run(tallyDecider, tallyStream('k3'), { type: 'open', tallyId: 'k3', title: 'Busy', actorId: 'ana' }, metadata());
    await Promise.all(
      Array.from({ length: 12 }, () => t.core.commands.run(tallyDecider, tallyStream('k3'), { type: 'count', tallyId: 'k3', amount: 1, actorId: 'ben' }, metadata())),
    );
    expect(await tally('k3')).toEqual({ total: 12, counts: 12, closed: false });
    expect(await eventCount('k3')).toBe(13);
  });

  it('answers Conflict when the caller pinned a version that is no longer current', async () => {
    await expect(
      t.core.commands.run(tallyDecider, tallyStream('k3'), { type: 'count', tallyId: 'k3', amount: 1, actorId: 'ben' }, metadata(), { expectedVersion: 5 }),
    ).rejects.toBeInstanceOf(Conflict);
    expect(await eventCount('k3')).toBe(13);
    const pinned = await t.core.commands.run(tallyDecider, tallyStream('k3'), { type: 'count', tallyId: 'k3', amount: 1, actorId: 'ben' }, metadata(), { expectedVersion: 13 });
    expect(pinned.version).toBe(14);
  });
});
