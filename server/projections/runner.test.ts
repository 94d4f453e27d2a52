import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../core.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { metadata, openTestCore } from '../testing/core.ts';
import { createTallyTables, tallyFeedProcessor, tallyModel, type TallyEvent } from '../testing/fixtures/tally.ts';
import type { ProcessorDefinition } from './processor.ts';

let database: TestDatabase;
const cores: Core<TallyEvent>[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await createTallyTables(database.db);
});
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});
afterAll(async () => {
  await database?.drop();
});

async function start(processors: ProcessorDefinition<TallyEvent>[], options: { process?: boolean; runner?: { pollMs: number } } = {}) {
  const core = await openTestCore(database, tallyModel(processors), options);
  cores.push(core);
  return core;
}

const counted = (tallyId: string, amount = 1): TallyEvent => ({ type: 'TallyCounted', data: { tallyId, amount, note: '' } });
const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(database.db)).rows;

/** A processor of its own tables, counting how often it has seen each position. */
function countingProcessor(name: string, failOn?: (position: number, attempt: number) => boolean): ProcessorDefinition<TallyEvent> {
  const attempts = new Map<number, number>();
  return {
    name,
    version: 1,
    tables: [name],
    async createTables(trx, tables) {
      await sql`create table ${sql.table(tables[name]!)} (position bigint primary key, seen integer not null)`.execute(trx);
    },
    async handle(trx, event, tables) {
      const attempt = (attempts.get(event.position) ?? 0) + 1;
      attempts.set(event.position, attempt);
      await sql`insert into ${sql.table(tables[name]!)} (position, seen) values (${event.position}, 1)
                on conflict (position) do update set seen = ${sql.table(tables[name]!)}.seen + 1`.execute(trx);
      if (failOn?.(event.position, attempt)) throw new Error(`cannot handle position ${event.position}`);
    },
  };
}

describe('async processors', () => {
  it('handle every event exactly once, woken by appends', async () => {
    const core = await start([countingProcessor('once_a')]);
    await Promise.all(Array.from({ length: 50 }, (_, i) => core.store.append(`tally-${i % 7}`, 'any', [counted(String(i))], metadata())));
    await core.processors.caughtUp();
    const seen = await rows(sql<{ n: number; max: number }>`select count(*)::int as n, max(seen)::int as max from once_a`);
    expect(seen[0]).toEqual({ n: 50, max: 1 });
  });

  it('that name their event types see only those, in batches of the others too, their checkpoint past the rest', async () => {
    // A live batch passes over the others in the database; a long one (a rebuild's) here.
    const seen = new Map<string, string[]>();
    const picky = (name: string, batchSize: number): ProcessorDefinition<TallyEvent> => ({
      name,
      version: 1,
      tables: [],
      eventTypes: ['TallyOpened', 'TallyClosed'],
      batchSize,
      async handleBatch(_trx, events) {
        seen.set(name, [...(seen.get(name) ?? []), ...events.map((event) => `${event.type}:${event.data.tallyId}`)]);
      },
    });
    const core = await start([picky('picky_live', 4), picky('picky_long', 5000)]);
    const opened = (tallyId: string): TallyEvent => ({ type: 'TallyOpened', data: { tallyId, title: tallyId, openedBy: '1' } });
    await core.store.append('tally-picky-a', 'any', [opened('a'), ...Array.from({ length: 9 }, (_, i) => counted('a', i + 1))], metadata());
    await core.store.append('tally-picky-b', 'any', [opened('b'), { type: 'TallyClosed', data: { tallyId: 'b' } }, counted('b'), counted('b')], metadata());
    await core.processors.caughtUp();
    const head = await core.store.head();
    for (const name of ['picky_live', 'picky_long']) {
      expect(seen.get(name)).toEqual(['TallyOpened:a', 'TallyOpened:b', 'TallyClosed:b']);
      const [checkpoint] = await rows(sql<{ last_position: number }>`select last_position from processors where name = ${name}`);
      expect(checkpoint!.last_position).toBe(head);
    }
  });

  it('resume from their checkpoint after failing midway, with no duplicated effects', async () => {
    const core = await start([], { process: false });
    const appended = await core.store.append('tally-mid', 'any', Array.from({ length: 10 }, (_, i) => counted('mid', i + 1)), metadata());
    const failAt = appended[6]!.position;
    const flaky = countingProcessor('midway', (position, attempt) => position === failAt && attempt === 1);
    const worker = await start([flaky]);
    await worker.processors.caughtUp();
    const seen = await rows(sql<{ position: number; seen: number }>`select position, seen from midway where position >= ${appended[0]!.position} order by position`);
    // The first batch rolled back at position 7, so positions 1-6 were handled twice in
    // memory but are recorded once: the checkpoint and the effects commit together.
    expect(seen.map((r) => r.position)).toEqual(appended.map((e) => e.position));
    expect(seen.every((r) => r.seen === 1)).toBe(true);
  });

  it('pause on a poison event, record it, and leave the other processors running', async () => {
    const core = await start([], { process: false });
    const [poison] = await core.store.append('tally-poison', 'any', [counted('poison')], metadata());
    await core.store.append('tally-after', 'any', [counted('after')], metadata());
    const worker = await start([countingProcessor('poisoned', (position) => position === poison!.position), countingProcessor('healthy')]);

    await expect(worker.processors.caughtUp()).rejects.toThrow(`Processor poisoned is paused at position ${poison!.position}`);
    const health = await worker.processors.health();
    expect(health.find((p) => p.name === 'poisoned')).toMatchObject({ paused: true, errorPosition: poison!.position, error: `cannot handle position ${poison!.position}` });
    expect(health.find((p) => p.name === 'healthy')).toMatchObject({ paused: false, lagEvents: 0, error: null });
    // Nothing past the poison event was handled, nothing was skipped.
    const poisoned = await rows(sql<{ n: number }>`select count(*)::int as n from poisoned where position >= ${poison!.position}`);
    expect(poisoned[0]!.n).toBe(0);
    // Still paused after more appends: no hot loop of retries.
    await worker.store.append('tally-after', 'any', [counted('after')], metadata());
    const row = await rows(sql<{ paused: boolean }>`select paused from processors where name = 'poisoned'`);
    expect(row[0]!.paused).toBe(true);
  });

  it('handling whole batches, still pause on exactly the event that fails', async () => {
    const core = await start([], { process: false });
    const appended = await core.store.append('tally-batch', 'any', Array.from({ length: 6 }, () => counted('batch')), metadata());
    const poison = appended[3]!.position;
    const sizes: number[] = [];
    const batched: ProcessorDefinition<TallyEvent> = {
      name: 'batched',
      version: 1,
      tables: [],
      async handleBatch(_trx, events) {
        sizes.push(events.length);
        if (events.some((event) => event.position === poison)) throw new Error(`cannot handle position ${poison}`);
      },
    };
    const worker = await start([batched]);
    await expect(worker.processors.caughtUp()).rejects.toThrow(`Processor batched is paused at position ${poison}`);
    // The first try took the batch whole; the retries went one event at a time up to the poison one.
    expect(sizes[0]).toBeGreaterThan(1);
    expect(sizes.slice(1).every((size) => size === 1)).toBe(true);
    const row = await rows(sql<{ last_position: number }>`select last_position from processors where name = 'batched'`);
    expect(row[0]!.last_position).toBe(appended[2]!.position);
  });

  it('gather the appends of their gathering window into one batch', async () => {
    const sizes: number[] = [];
    const gathering: ProcessorDefinition<TallyEvent> = {
      name: 'gathering',
      version: 1,
      tables: [],
      gatherMs: 400,
      async handleBatch(_trx, events) {
        sizes.push(events.length);
      },
    };
    const core = await start([gathering]);
    await core.processors.caughtUp();
    sizes.length = 0;
    await core.store.append('tally-gather', 'any', [counted('gather')], metadata());
    await core.processors.caughtUp();
    // The first drain after a quiet spell is immediate; what follows it closely waits for the next one.
    for (let i = 0; i < 3; i++) await core.store.append('tally-gather', 'any', [counted('gather')], metadata());
    await core.processors.caughtUp();
    expect(sizes).toEqual([1, 3]);
  });

  it('resume after a pause is cleared, retrying the event they stopped on', async () => {
    let broken = true;
    const core = await start([], { process: false });
    const [stuck] = await core.store.append('tally-stuck', 'any', [counted('stuck')], metadata());
    const worker = await start([countingProcessor('fixable', (position) => broken && position === stuck!.position)]);
    await expect(worker.processors.caughtUp()).rejects.toThrow(/fixable is paused/);
    broken = false;
    await worker.processors.resume('fixable');
    await worker.processors.caughtUp();
    const handled = await rows(sql<{ seen: number }>`select seen from fixable where position = ${stuck!.position}`);
    expect(handled).toEqual([{ seen: 1 }]);
  });

  it('announce a batch after it commits, never one that rolled back', async () => {
    const core = await start([], { process: false });
    const appended = await core.store.append('tally-ann', 'any', Array.from({ length: 5 }, () => counted('ann')), metadata());
    const announced: number[] = [];
    const flaky = countingProcessor('announcing', (position, attempt) => position === appended[3]!.position && attempt === 1);
    const worker = await start([{ ...flaky, afterCommit: (events) => announced.push(...events.map((e) => e.position)) }]);
    await worker.processors.caughtUp();
    const mine = announced.filter((position) => position >= appended[0]!.position);
    expect(mine).toEqual(appended.map((e) => e.position));
  });

  it('have one owner across processes: two runners handle each event once', async () => {
    const first = await start([countingProcessor('shared')]);
    const second = await start([countingProcessor('shared')]);
    await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? first : second).store.append(`tally-s${i % 5}`, 'any', [counted('s')], metadata())));
    await first.processors.caughtUp();
    await second.processors.caughtUp();
    const seen = await rows(sql<{ max: number }>`select max(seen)::int as max from shared`);
    expect(seen[0]!.max).toBe(1);
  });
});

describe('ownership across processes', () => {
  it('three processes, owners stopped and started while appends go on: every event handled once, no batch redone', async () => {
    // Handled counts every call of the handler in any process, committed or not: a batch that
    // failed and ran again counts its events twice.
    const handled = new Map<number, number>();
    const tracked = (): ProcessorDefinition<TallyEvent> => {
      const inner = countingProcessor('owned');
      return {
        ...inner,
        async handle(trx, event, tables) {
          handled.set(event.position, (handled.get(event.position) ?? 0) + 1);
          await inner.handle!(trx, event, tables);
        },
      };
    };
    const writer = await start([], { process: false });
    // Those that do not own it try again every millisecond: claims meet the owner's commits.
    const process = () => start([tracked()], { runner: { pollMs: 1 } });
    const running = [await process(), await process(), await process()];
    const positions: number[] = [];
    for (let round = 0; round < 6; round++) {
      const appended = await Promise.all(Array.from({ length: 40 }, (_, i) => writer.store.append(`tally-o${i % 8}`, 'any', [counted('o')], metadata())));
      positions.push(...appended.flat().map((event) => event.position));
      // Stop whichever process is oldest (often the owner, mid-batch) and start a new one.
      const stopped = running.shift()!;
      await stopped.close();
      cores.splice(cores.indexOf(stopped), 1);
      running.push(await process());
    }
    await running[0]!.processors.caughtUp();
    // The processor starts at the beginning of the log: the file's earlier tests appended too.
    const seen = await rows(sql<{ n: number; max: number }>`select count(*)::int as n, max(seen)::int as max from owned where position = any(${positions})`);
    expect(seen[0]).toEqual({ n: positions.length, max: 1 });
    expect(positions.filter((position) => handled.get(position) !== 1)).toEqual([]);
  });
});

describe('a processor version bump', () => {
  it('rebuilds beside the live version and takes over its view only when caught up', async () => {
    const v1 = await start([tallyFeedProcessor({ version: 1 })]);
    await v1.store.append('tally-v', 'any', [counted('v'), counted('v', 2)], metadata());
    await v1.processors.caughtUp();
    const before = await rows(sql<{ line: string }>`select line from tally_feed where tally_id = 'v' order by position`);
    expect(before.map((r) => r.line)).toEqual(['TallyCounted v', 'TallyCounted v']);
    await v1.close();
    cores.splice(0);

    // The new version builds into tally_feed_v2 while readers still see v1 through the view.
    const v2 = await start([tallyFeedProcessor({ version: 2, format: (e) => `${e.type}:${e.data.tallyId}:${'amount' in e.data ? e.data.amount : ''}` })], { process: false });
    await v2.processors.register();
    const states = await rows(sql<{ version: number; state: string }>`select version, state from processors where name = 'tally_feed' order by version`);
    expect(states).toEqual([
      { version: 1, state: 'live' },
      { version: 2, state: 'catching_up' },
    ]);
    const definition = v2.processors.definitions[0]!;
    await v2.processors.drainOnce(definition);
    const stillOld = await rows(sql<{ line: string }>`select line from tally_feed where tally_id = 'v' order by position`);
    expect(stillOld.map((r) => r.line)).toEqual(['TallyCounted v', 'TallyCounted v']);

    // Caught up: the next drain finds nothing new and takes over.
    await v2.processors.drainOnce(definition);
    const after = await rows(sql<{ line: string }>`select line from tally_feed where tally_id = 'v' order by position`);
    expect(after.map((r) => r.line)).toEqual(['TallyCounted:v:1', 'TallyCounted:v:2']);
    const finalStates = await rows(sql<{ version: number; state: string }>`select version, state from processors where name = 'tally_feed' order by version`);
    expect(finalStates).toEqual([
      { version: 1, state: 'retired' },
      { version: 2, state: 'live' },
    ]);
    const oldTable = await rows(sql<{ exists: boolean }>`select to_regclass('tally_feed_v1') is not null as exists`);
    expect(oldTable[0]!.exists).toBe(false);
  });
});
