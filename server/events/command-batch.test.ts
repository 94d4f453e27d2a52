import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openCore } from '../core.ts';
import { Conflict, NotFound } from '../errors.ts';
import type { InlineProjection } from '../projections/inline.ts';
import { metadata, silentLog, useTestCore } from '../testing/core.ts';
import { createTallyTables, talliesProjection, tallyDecider, tallyEvents, tallyModel, tallyStream, type TallyEvent } from '../testing/fixtures/tally.ts';

const t = useTestCore(tallyModel([]), { process: false, setup: (database) => createTallyTables(database.db) });

const open = (core: typeof t.core, id: string) => core.commands.run(tallyDecider, tallyStream(id), { type: 'open', tallyId: id, title: id, actorId: 'ana' }, metadata());
const count = (core: typeof t.core, id: string, amount = 1) => core.commands.run(tallyDecider, tallyStream(id), { type: 'count', tallyId: id, amount, actorId: 'ben' }, metadata());
const totals = async (ids: string[]) =>
  Object.fromEntries(
    (await sql<{ tally_id: string; total: number }>`select tally_id, total from tallies where tally_id = any(${ids})`.execute(t.database.db)).rows.map((row) => [row.tally_id, row.total]),
  );
const transactionsOf = async (ids: string[]) =>
  (await sql<{ n: number }>`select count(distinct transaction_id)::int as n from events where stream_id = any(${ids.map(tallyStream)})`.execute(t.database.db)).rows[0]!.n;

describe('commands that arrive together', () => {
  it('share transactions, each decided on its own stream, and a refusal is the refused command’s alone', async () => {
    const ids = Array.from({ length: 30 }, (_, i) => `b${i}`);
    await Promise.all(ids.map((id) => open(t.core, id)));
    expect(await transactionsOf(ids)).toBeLessThan(ids.length);

    const outcomes = await Promise.allSettled([...ids.map((id, i) => count(t.core, id, i + 1)), count(t.core, 'nowhere'), count(t.core, 'b0', 100)]);
    expect(outcomes.slice(0, ids.length).every((outcome) => outcome.status === 'fulfilled')).toBe(true);
    expect(outcomes[ids.length]).toMatchObject({ status: 'rejected', reason: expect.any(NotFound) });
    expect(outcomes[ids.length + 1]).toMatchObject({ status: 'fulfilled', value: { version: 3, state: { total: 101 } } });
    expect(await totals(['b0', 'b1', 'b29'])).toEqual({ b0: 101, b1: 2, b29: 30 });
    expect((await sql<{ n: number }>`select count(*)::int as n from events where stream_id = ${tallyStream('nowhere')}`.execute(t.database.db)).rows[0]!.n).toBe(0);
  });

  it('answers Conflict to a command whose pinned version another command of its batch moved', async () => {
    await open(t.core, 'pin');
    const [first, second] = await Promise.allSettled([
      t.core.commands.run(tallyDecider, tallyStream('pin'), { type: 'count', tallyId: 'pin', amount: 1, actorId: 'ben' }, metadata(), { expectedVersion: 1 }),
      t.core.commands.run(tallyDecider, tallyStream('pin'), { type: 'count', tallyId: 'pin', amount: 1, actorId: 'ben' }, metadata(), { expectedVersion: 1 }),
    ]);
    expect(first).toMatchObject({ status: 'fulfilled', value: { version: 2 } });
    expect(second).toMatchObject({ status: 'rejected', reason: expect.any(Conflict) });
    expect(await totals(['pin'])).toEqual({ pin: 1 });
  });

  it('runs each command of a batch alone when an inline projection refuses one of them, so the others still commit', async () => {
    // A projection with a rule of its own: a tally may not be counted by 13.
    const picky: InlineProjection<TallyEvent> = {
      name: 'picky',
      tables: [],
      apply: async (trx, event) => {
        if (event.type === 'TallyCounted' && event.data.amount === 13) await sql`select 1 / 0`.execute(trx);
      },
    };
    const core = await openCore({ database: t.database, redisUrl: null, log: silentLog, model: { events: tallyEvents, processors: [], inline: [talliesProjection, picky] } });
    try {
      const ids = Array.from({ length: 20 }, (_, i) => `p${i}`);
      await Promise.all(ids.map((id) => open(core, id)));
      // The first two take a flush each; the rest, the refused one among them, wait for the next.
      const outcomes = await Promise.allSettled(ids.map((id, i) => count(core, id, i === 10 ? 13 : 2)));
      expect(outcomes.map((outcome) => outcome.status)).toEqual(ids.map((_, i) => (i === 10 ? 'rejected' : 'fulfilled')));
      expect(await totals(['p0', 'p9', 'p10', 'p11', 'p19'])).toEqual({ p0: 2, p9: 2, p10: 0, p11: 2, p19: 2 });
    } finally {
      await core.close();
    }
  });

  it('counts every command when two processes write the same stream at once', async () => {
    const other = await openCore({ database: t.database, redisUrl: null, log: silentLog, model: { events: tallyEvents, processors: [], inline: [talliesProjection] } });
    try {
      await open(t.core, 'hot');
      await Promise.all(Array.from({ length: 40 }, (_, i) => count(i % 2 === 0 ? t.core : other, 'hot')));
      expect(await totals(['hot'])).toEqual({ hot: 40 });
      const versions = (await sql<{ v: number }>`select stream_version as v from events where stream_id = ${tallyStream('hot')} order by 1`.execute(t.database.db)).rows.map((row) => row.v);
      expect(versions).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
    } finally {
      await other.close();
    }
  });

  it('decides on the stream as the log has it, not on a state held from before, when the log under the process changed', async () => {
    await open(t.core, 'moved');
    expect((await count(t.core, 'moved', 5)).state.total).toBe(5);
    // Another database under the same process: the stream holds other events at the same versions.
    await sql`delete from events where stream_id = ${tallyStream('moved')}`.execute(t.database.db);
    await sql`delete from tallies where tally_id = 'moved'`.execute(t.database.db);
    const other = await openCore({ database: t.database, redisUrl: null, log: silentLog, model: { events: tallyEvents, processors: [], inline: [talliesProjection] } });
    try {
      await open(other, 'moved');
      await count(other, 'moved', 1);
    } finally {
      await other.close();
    }
    const next = await count(t.core, 'moved', 1);
    expect(next).toMatchObject({ version: 3, state: { total: 2 } });
    expect(await totals(['moved'])).toEqual({ moved: 2 });
  });

  it('decides on a state it kept without reading the stream, and goes again on the log when another process moved the stream', async () => {
    const other = await openCore({ database: t.database, redisUrl: null, log: silentLog, model: { events: tallyEvents, processors: [], inline: [talliesProjection] } });
    try {
      await open(t.core, 'late');
      await count(t.core, 'late', 2);
      await other.commands.run(tallyDecider, tallyStream('late'), { type: 'close', tallyId: 'late', actorId: 'ana' }, metadata());
      // What this process kept says open; the log says closed.
      await expect(count(t.core, 'late', 3)).rejects.toThrow('This tally is closed.');
      expect(await totals(['late'])).toEqual({ late: 2 });
    } finally {
      await other.close();
    }
  });

  it('takes a refusal decided on a kept state as final only once the log bears the state out', async () => {
    await open(t.core, 'again');
    // Another database under the same process: the stream is not there at all.
    await sql`delete from events where stream_id = ${tallyStream('again')}`.execute(t.database.db);
    await sql`delete from tallies where tally_id = 'again'`.execute(t.database.db);
    expect(await open(t.core, 'again')).toMatchObject({ version: 1 });
    await expect(open(t.core, 'again')).rejects.toThrow('This tally is already open.');
    expect(await totals(['again'])).toEqual({ again: 0 });
  });
});
