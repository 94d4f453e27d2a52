import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { StoredEvent, Tx } from '../events/types.ts';
import { metadata, useTestCore } from '../testing/core.ts';
import { tallyModel } from '../testing/fixtures/tally.ts';
import { applyInlineBatch, inRuns, type InlineProjection } from './inline.ts';

type Event = { type: 'Counted' | 'Looked'; data: { key: string } };

const t = useTestCore(tallyModel([]), {
  process: false,
  setup: async (database) => {
    await sql`create table batch_counts (key text primary key, n int not null)`.execute(database.db);
    await sql`create table batch_looks (position int primary key, n int)`.execute(database.db);
  },
});

const stored = (events: Event[]): StoredEvent<Event>[] =>
  events.map((event, i) => ({ ...event, position: i + 1, streamId: `s-${event.data.key}`, streamVersion: i + 1, schemaVersion: 1, metadata: metadata(), transactionId: '1', recordedAt: new Date() }));

function projections(options: { declared: boolean; runs: number[] }): InlineProjection<Event>[] {
  const countOne = (trx: Tx, key: string, by: number) => sql`insert into batch_counts values (${key}, ${by}) on conflict (key) do update set n = batch_counts.n + ${by}`.execute(trx);
  const counts: InlineProjection<Event> = {
    name: 'counts',
    tables: ['batch_counts'],
    async apply(trx, event) {
      if (event.type === 'Counted') await countOne(trx, event.data.key, 1);
    },
    applyAll: inRuns(
      {
        Counted: async (trx, events) => {
          options.runs.push(events.length);
          for (const key of new Set(events.map((event) => event.data.key))) await countOne(trx, key, events.filter((event) => event.data.key === key).length);
        },
      },
      (trx, event) => counts.apply(trx, event),
    ),
  };
  // Reads the other projection's table: what it sees must be the count at its place in the log.
  const looks: InlineProjection<Event> = {
    name: 'looks',
    tables: ['batch_looks'],
    ...(options.declared ? { readsOthersOn: ['Looked'] } : {}),
    async apply(trx, event) {
      if (event.type === 'Looked') await sql`insert into batch_looks values (${event.position}, (select n from batch_counts where key = ${event.data.key}))`.execute(trx);
    },
  };
  return [counts, looks];
}

const log = stored([
  { type: 'Counted', data: { key: 'a' } },
  { type: 'Looked', data: { key: 'a' } },
  { type: 'Counted', data: { key: 'a' } },
  { type: 'Counted', data: { key: 'a' } },
  { type: 'Counted', data: { key: 'b' } },
  { type: 'Looked', data: { key: 'a' } },
]);

async function tables(apply: (trx: Tx) => Promise<void>) {
  return t.database.db.transaction().execute(async (trx) => {
    await sql`truncate batch_counts, batch_looks`.execute(trx);
    await apply(trx);
    const counts = (await sql<{ key: string; n: number }>`select key, n from batch_counts order by key`.execute(trx)).rows;
    const looks = (await sql<{ position: number; n: number }>`select position, n from batch_looks order by position`.execute(trx)).rows;
    return { counts, looks };
  });
}

describe('a batch of events through the inline projections', () => {
  it('leaves the tables as the events one by one would, with runs of one type written at once', async () => {
    const runs: number[] = [];
    const oneByOne = await tables(async (trx) => {
      for (const event of log) for (const projection of projections({ declared: true, runs: [] })) await projection.apply(trx, event);
    });
    const batched = await tables((trx) => applyInlineBatch(projections({ declared: true, runs }), trx, log));

    expect(oneByOne).toEqual({ counts: [{ key: 'a', n: 3 }, { key: 'b', n: 1 }], looks: [{ position: 2, n: 1 }, { position: 6, n: 3 }] });
    expect(batched).toEqual(oneByOne);
    expect(runs).toEqual([1, 3]);
  });

  it('would show a reader the end of the batch were the event it reads on not declared', async () => {
    const batched = await tables((trx) => applyInlineBatch(projections({ declared: false, runs: [] }), trx, log));
    expect(batched.looks).toEqual([{ position: 2, n: 3 }, { position: 6, n: 3 }]);
  });
});
