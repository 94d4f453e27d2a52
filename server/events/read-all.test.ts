import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { usingPostgres } from '../testing/database.ts';
import { metadata, useTestCore } from '../testing/core.ts';
import { createTallyTables, tallyFeedProcessor, tallyModel, type TallyEvent } from '../testing/fixtures/tally.ts';
import { lockLogForAppend } from './horizon.ts';
import { tallyDecider, tallyStream } from '../testing/fixtures/tally.ts';
import { START } from './types.ts';
import type { ProcessorDefinition } from '../projections/processor.ts';

const feed = tallyFeedProcessor();

// A processor that appends what it handles elsewhere (as the mentions matcher does), held at a
// gate before it appends, so a test can read the log while its batch is open.
let appenderGate: Promise<void> = Promise.resolve();
let appenderEntered: () => void = () => undefined;
const appender: ProcessorDefinition<TallyEvent> = {
  name: 'echo',
  version: 1,
  tables: [],
  appends: true,
  async handleBatch(trx, events) {
    const calls = events.filter((event) => event.streamId === 'tally-call');
    if (calls.length === 0) return;
    appenderEntered();
    await appenderGate;
    await t.core.store.appendStreamsInTransaction(trx, [{ streamId: 'tally-echo', expected: 'any', events: calls.map(() => counted('echo')), metadata: metadata() }]);
  },
};
const t = useTestCore(tallyModel([feed, appender]), { process: false, setup: (database) => createTallyTables(database.db) });
beforeAll(() => t.core.processors.register());

const counted = (tallyId: string): TallyEvent => ({ type: 'TallyCounted', data: { tallyId, amount: 1, note: '' } });
const feedLines = async () =>
  (await sql<{ position: number; tally_id: string }>`select position, tally_id from tally_feed order by position`.execute(t.database.db)).rows;
const feedSince = async (before: number) => (await feedLines()).slice(before).map((l) => l.tally_id).sort();

/**
 * Drains the feed until it holds `tallyIds` past its first `before` lines. While an appender of
 * this database has no id in view, any transaction on the shared server that ends between a
 * drain's snapshot and its read of pg_locks counts (horizon.ts), holding that one drain back
 * for a moment; a drain that must see an event therefore drains again rather than once.
 */
async function drainUntilFeedHolds(before: number, tallyIds: string[]) {
  await vi.waitFor(async () => {
    await t.core.processors.drainOnce(feed);
    expect(await feedSince(before)).toEqual(tallyIds);
  }, { timeout: 2_000, interval: 20 });
}

/** Drains until the processor has handled every event in the log (no transaction is open), as a test's starting point. */
async function drainAll(definition: ProcessorDefinition<TallyEvent>) {
  await vi.waitFor(async () => {
    await t.core.processors.drainOnce(definition);
    const caughtUp = await sql<{ caught_up: boolean }>`
      select coalesce((select (last_transaction_id, last_position) from processors where name = ${definition.name})
        >= (select (transaction_id, position) from events order by transaction_id desc, position desc limit 1), true) as caught_up`.execute(t.database.db);
    expect(caughtUp.rows[0]!.caught_up).toBe(true);
  }, { timeout: 2_000, interval: 20 });
}

describe('readAll', () => {
  it('returns the log in commit-safe order from a checkpoint', async () => {
    await t.core.store.append('tally-1', 'any', [counted('1'), counted('1')], metadata());
    await t.core.store.append('tally-2', 'any', [counted('2')], metadata());
    const all = await t.core.store.readAll(t.database.db, START, 100);
    expect(all.map((e) => e.streamId)).toEqual(['tally-1', 'tally-1', 'tally-2']);
    const rest = await t.core.store.readAll(t.database.db, { transactionId: all[0]!.transactionId, position: all[0]!.position }, 100);
    expect(rest.map((e) => e.position)).toEqual(all.slice(1).map((e) => e.position));
  });
});

describe('readAll ordering', () => {
  it('orders transaction ids as numbers, never as text', async () => {
    // Ids with more digits than the ones before them: as text, '10' would sort before '9'.
    const [ten, nine] = await Promise.all(
      ['10', '9'].map(async (transactionId) => {
        const row = await sql<{ position: number }>`
          insert into events (stream_id, stream_version, type, schema_version, data, metadata, transaction_id)
          values (${`tally-xid-${transactionId}`}, 1, 'TallyCounted', 2, ${JSON.stringify({ tallyId: transactionId, amount: 1, note: '' })}::jsonb,
                  ${JSON.stringify(metadata())}::jsonb, ${transactionId}::xid8)
          returning position`.execute(t.database.db);
        return row.rows[0]!.position;
      }),
    );
    const all = await t.core.store.readAll(t.database.db, START, 2);
    expect(all.map((e) => e.position)).toEqual([nine, ten]);
    const last = await t.core.store.lastCheckpoint(t.database.db);
    expect(Number(last.transactionId)).toBeGreaterThan(10);
  });
});

describe('appending inside a transaction', () => {
  it('is refused unless the transaction declared itself an appender first', async () => {
    const undeclared = t.database.db.transaction().execute((trx) => t.core.store.appendInTransaction(trx, 'tally-undeclared', 'any', [counted('u')], metadata()));
    await expect(undeclared).rejects.toThrow(/lockLogForAppend/);
    expect(await t.core.store.readStream(t.database.db, 'tally-undeclared')).toEqual([]);
  });
});

// Two transactions on two connections: PGlite has one connection, so this needs PostgreSQL.
describe.runIf(usingPostgres)('an event whose transaction commits after a later position', () => {
  it('is still handled, exactly once, by a processor that already handled the later one', async () => {
    await drainAll(feed);
    const before = (await feedLines()).length;

    // B takes its transaction id first; A then takes a lower position than B but commits last.
    let step!: (name: string) => void;
    const steps: Record<string, () => void> = {};
    const reached = (name: string) => new Promise<void>((resolve) => (steps[name] = resolve));
    step = (name) => steps[name]?.();
    const bHasXid = reached('b-has-xid');
    const aAppended = reached('a-appended');
    let letBAppend!: () => void;
    const bMayAppend = new Promise<void>((resolve) => (letBAppend = resolve));
    let letACommit!: () => void;
    const aMayCommit = new Promise<void>((resolve) => (letACommit = resolve));

    const b = t.database.db.transaction().execute(async (trx) => {
      await lockLogForAppend(trx);
      await sql`select pg_current_xact_id()`.execute(trx);
      step('b-has-xid');
      await bMayAppend;
      return t.core.store.appendInTransaction(trx, 'tally-b', 'any', [counted('b')], metadata());
    });
    await bHasXid;
    const a = t.database.db.transaction().execute(async (trx) => {
      await lockLogForAppend(trx);
      const events = await t.core.store.appendInTransaction(trx, 'tally-a', 'any', [counted('a')], metadata());
      step('a-appended');
      await aMayCommit;
      return events;
    });
    await aAppended;
    letBAppend();
    const [bEvent] = await b;

    // B is committed and visible; A is still open.
    await drainUntilFeedHolds(before, ['b']);

    letACommit();
    const [aEvent] = await a;
    expect(aEvent!.position).toBeLessThan(bEvent!.position);
    // A reader that resumed from "position > B" would never see A again.
    await drainUntilFeedHolds(before, ['a', 'b']);
    const after = await feedLines();
    expect(new Set(after.map((l) => l.position)).size).toBe(after.length);
  });

  it('is not read while its transaction is open, even when later events are committed', async () => {
    let letCommit!: () => void;
    const mayCommit = new Promise<void>((resolve) => (letCommit = resolve));
    let appended!: () => void;
    const hasAppended = new Promise<void>((resolve) => (appended = resolve));
    const open = t.database.db.transaction().execute(async (trx) => {
      await lockLogForAppend(trx);
      await t.core.store.appendInTransaction(trx, 'tally-open', 'any', [counted('open')], metadata());
      appended();
      await mayCommit;
    });
    await hasAppended;
    const [later] = await t.core.store.append('tally-later', 'any', [counted('later')], metadata());
    const head = await t.core.store.head();
    const visible = await t.core.store.readAll(t.database.db, START, 10_000);
    // The committed later event waits behind the open transaction rather than being read past it.
    expect(visible.some((e) => e.position === later!.position)).toBe(false);
    expect(head).toBeGreaterThanOrEqual(later!.position);
    letCommit();
    await open;
    const all = await t.core.store.readAll(t.database.db, START, 10_000);
    expect(all.map((e) => e.streamId)).toEqual(expect.arrayContaining(['tally-open', 'tally-later']));
  });

  it('is not held back by a running transaction that does not append', async () => {
    let letCommit!: () => void;
    const mayCommit = new Promise<void>((resolve) => (letCommit = resolve));
    let wrote!: () => void;
    const hasWritten = new Promise<void>((resolve) => (wrote = resolve));
    // A long write elsewhere (a processor's batch, a mail delivery): it has a transaction id and keeps it.
    const bystander = t.database.db.transaction().execute(async (trx) => {
      await sql`insert into tallies (tally_id, title, total, counts, closed, updated_at) values ('bystander', 'b', 0, 0, false, now())`.execute(trx);
      wrote();
      await mayCommit;
    });
    await hasWritten;
    try {
      const [later] = await t.core.store.append('tally-past-bystander', 'any', [counted('past')], metadata());
      // A transaction that ends between a read's snapshot and pg_locks may hold that read back
      // for a moment while an appender's id is out of view (horizon.ts); the bystander never does.
      await vi.waitFor(async () => {
        const visible = await t.core.store.readAll(t.database.db, START, 10_000);
        expect(visible.some((e) => e.position === later!.position)).toBe(true);
      }, { timeout: 2_000, interval: 20 });
    } finally {
      letCommit();
      await bystander;
    }
  });

  it('is never skipped when its command wrote elsewhere before appending', async () => {
    await t.core.commands.run(tallyDecider, tallyStream('early'), { type: 'open', tallyId: 'early', title: 'Early', actorId: '1' }, metadata());
    await drainAll(feed);
    const before = (await feedLines()).length;

    let letAppend!: () => void;
    const mayAppend = new Promise<void>((resolve) => (letAppend = resolve));
    let wrote!: () => void;
    const hasWritten = new Promise<void>((resolve) => (wrote = resolve));
    // The command takes its transaction id with its first write, long before it appends.
    const command = t.core.commands.transaction(async (unit) => {
      await sql`update tallies set title = 'Early bird' where tally_id = 'early'`.execute(unit.trx);
      wrote();
      await mayAppend;
      return unit.run(tallyDecider, tallyStream('early'), { type: 'count', tallyId: 'early', amount: 1, actorId: '1' }, metadata());
    });
    await hasWritten;
    await t.core.store.append('tally-meanwhile', 'any', [counted('meanwhile')], metadata());
    // The later append is committed, but the command's lower transaction id still may append.
    await t.core.processors.drainOnce(feed);
    expect(await feedSince(before)).toEqual([]);

    letAppend();
    await command;
    await drainUntilFeedHolds(before, ['early', 'meanwhile']);
  });
});

describe.runIf(usingPostgres)('what a processor appends while it handles a batch', () => {
  it('is never read past: the reader waits for the batch, then reads it', async () => {
    await drainAll(appender);
    await drainAll(feed);
    const before = (await feedLines()).length;

    let open!: () => void;
    appenderGate = new Promise<void>((resolve) => (open = resolve));
    const entered = new Promise<void>((resolve) => (appenderEntered = resolve));
    await t.core.store.append('tally-call', 'any', [counted('call')], metadata());
    // The batch has claimed its checkpoint (and so has a transaction id) and will append.
    const batch = t.core.processors.drainOnce(appender);
    await entered;
    await t.core.store.append('tally-after', 'any', [counted('after')], metadata());
    await drainUntilFeedHolds(before, ['call']);

    open();
    await batch;
    await drainUntilFeedHolds(before, ['after', 'call', 'echo']);
  });
});
