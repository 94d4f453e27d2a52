import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { ProcessorHealth } from '../../contracts/health.ts';
import type { Database } from '../db/schema.ts';
import type { EventStore, TypedRead } from '../events/store.ts';
import { START, type AnyEvent, type Checkpoint, type StoredEvent, type Tx } from '../events/types.ts';
import type { Wakeup } from '../events/wakeup.ts';
import { appendHorizonSql, lockLogForAppend } from '../events/horizon.ts';
import { preparedStatement } from '../db/connect.ts';
import { checkpointOf, handleAll, HandlerFailed, isTransient, ofItsTypes, physicalTables, type ProcessorDefinition } from './processor.ts';

type Logger = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

type Outcome = 'more' | 'idle' | 'not_owner' | 'paused' | 'retired';

type Running<E extends AnyEvent> = {
  definition: ProcessorDefinition<E>;
  dirty: boolean;
  wake: (() => void) | null;
  failures: number;
  /** Events to take one at a time after a failed batch, so that a pause names the event that failed. */
  singleSteps: number;
  done: Promise<void>;
};

// Advisory lock namespace of processors; the second key is a hash of name and version.
const LOCK_NAMESPACE = 7301;
const PAUSE_AFTER_FAILURES = 3;
/** The largest batch read as a live one (the loop's default is 500; a rebuild's 5,000). */
const LIVE_BATCH_MAX = 1000;

export type RunnerOptions = { batchSize?: number; pollMs?: number };

/**
 * Runs async processors: each one drains the log from its checkpoint in batches, one
 * transaction per batch holding the processor's advisory lock (one owner across all
 * processes), its read-model changes and the compare-and-set of its checkpoint.
 */
export class ProcessorRunner<E extends AnyEvent = AnyEvent> {
  private readonly running = new Map<string, Running<E>>();
  private readonly drained = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;
  private stopped = false;
  private readonly batchSize: number;
  private readonly pollMs: number;

  constructor(
    readonly db: Kysely<Database>,
    readonly store: EventStore<E>,
    readonly definitions: readonly ProcessorDefinition<E>[],
    private readonly wakeup: Wakeup,
    private readonly log: Logger,
    options: RunnerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.pollMs = options.pollMs ?? 1000;
  }

  /** Registers every definition (creating its tables) without processing. */
  async register(): Promise<ProcessorDefinition<E>[]> {
    const active: ProcessorDefinition<E>[] = [];
    for (const definition of this.definitions) {
      if (await this.registerOne(definition)) active.push(definition);
    }
    return active;
  }

  async start(): Promise<void> {
    const active = await this.register();
    this.unsubscribe = this.wakeup.subscribe(() => this.wakeAll());
    for (const definition of active) {
      const entry: Running<E> = { definition, dirty: true, wake: null, failures: 0, singleSteps: 0, done: Promise.resolve() };
      entry.done = this.loop(entry);
      this.running.set(definition.name, entry);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.wakeAll();
    await Promise.all([...this.running.values()].map((entry) => entry.done));
    this.running.clear();
  }

  /**
   * Resolves once every processor has handled every event visible when it was called:
   * the deterministic wait tests use instead of sleeping. Rejects if one is paused.
   */
  async caughtUp(timeoutMs = 15_000): Promise<void> {
    const target = await this.store.head();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const behind = await this.behind(target);
      if (behind.length === 0) return;
      const paused = behind.find((row) => row.paused);
      if (paused) throw new Error(`Processor ${paused.name} is paused at position ${paused.error_position}: ${paused.error}`);
      if (Date.now() > deadline) throw new Error(`Processors not caught up with position ${target}: ${behind.map((row) => row.name).join(', ')}`);
      this.wakeAll();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, 25);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.drained.add(done);
      });
    }
  }

  /** Clears a pause so the processor retries the event it stopped on. */
  async resume(name: string): Promise<void> {
    await this.db
      .updateTable('processors')
      .set({ paused: false, error: null, error_position: null, updated_at: sql`now()` })
      .where('name', '=', name)
      .where('state', '!=', 'retired')
      .execute();
    const entry = this.running.get(name);
    if (entry) entry.failures = 0;
    this.wakeAll();
  }

  async health(): Promise<ProcessorHealth[]> {
    const rows = await sql<{
      name: string;
      version: number;
      state: 'catching_up' | 'live' | 'retired';
      paused: boolean;
      last_position: number;
      error: string | null;
      error_position: number | null;
      lag_events: number;
      lag_seconds: number | null;
    }>`
      select p.name, p.version, p.state, p.paused, p.last_position, p.error, p.error_position,
             lag.events as lag_events, lag.seconds as lag_seconds
      from processors p
      cross join lateral (
        select count(*)::int as events, extract(epoch from now() - min(e.recorded_at))::float8 as seconds
        from events e where (e.transaction_id, e.position) > (p.last_transaction_id, p.last_position)
      ) lag
      where p.state != 'retired'
      order by p.name, p.version`.execute(this.db);
    return rows.rows.map((row) => ({
      name: row.name,
      version: row.version,
      state: row.state,
      paused: row.paused,
      position: row.last_position,
      lagEvents: row.lag_events,
      lagSeconds: Math.max(0, row.lag_seconds ?? 0),
      error: row.error,
      errorPosition: row.error_position,
    }));
  }

  /**
   * One batch for one processor. Exposed for tests that need to drive a processor by hand; the
   * loop calls it too. `batchSize` overrides the definition's (the loop goes on one event at a
   * time after a failed batch).
   */
  async drainOnce(definition: ProcessorDefinition<E>, batchSize = definition.batchSize ?? this.batchSize): Promise<Outcome> {
    let committed: { events: StoredEvent<E>[]; from: Checkpoint; through: Checkpoint } | null = null;
    const outcome = await this.db.transaction().execute(async (trx): Promise<Outcome> => {
      if (definition.appends) await lockLogForAppend(trx);
      // One round trip: the lock (one owner across all processes), the checkpoint under it, and
      // the append horizon to read below in the next statement. The statement's snapshot is
      // taken before the lock: an owner that committed and let go in between would leave its
      // old checkpoint in view, and this batch would redo its events and fail on the
      // compare-and-set below. FOR UPDATE reads the row's newest committed version instead.
      const claimed = await sql<{ locked: boolean; horizon: string; state: string | null; paused: boolean | null; last_position: number | null; last_transaction_id: string | null }>`
        ${preparedStatement('processor_claim')}
        select l.locked, ${appendHorizonSql} as horizon, p.state, p.paused, p.last_position, p.last_transaction_id::text as last_transaction_id
        from (select pg_try_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${lockKey(definition)})) as locked) l
        left join lateral (
          select state, paused, last_position, last_transaction_id from processors
          where l.locked and name = ${definition.name} and version = ${definition.version}
          for update
        ) p on true`.execute(trx);
      if (!claimed.rows[0]?.locked) return 'not_owner';
      const { horizon } = claimed.rows[0];
      const row = claimed.rows[0].state === null ? undefined : (claimed.rows[0] as { state: string; paused: boolean; last_position: number; last_transaction_id: string });
      if (!row || row.state === 'retired') return 'retired';
      if (row.paused) return 'paused';
      const from: Checkpoint = { transactionId: row.last_transaction_id, position: row.last_position };
      const { events, through, scanned } = await this.read(trx, definition, from, batchSize, horizon);
      if (through === null) {
        if (row.state === 'catching_up') await this.takeOver(trx, definition);
        return 'idle';
      }
      if (events.length > 0) await handleAll(trx, definition, events, from);
      const moved = await sql`
        ${preparedStatement('processor_checkpoint')}
        update processors set last_transaction_id = ${through.transactionId}::xid8, last_position = ${through.position}::bigint, updated_at = now()
        where name = ${definition.name} and version = ${definition.version}::int
          and (last_transaction_id, last_position) = (${from.transactionId}::xid8, ${from.position}::bigint)`.execute(trx);
      if (Number(moved.numAffectedRows) !== 1) throw new Error(`Checkpoint of ${definition.name} moved under its owner`);
      committed = { events, from, through };
      return scanned === batchSize ? 'more' : 'idle';
    });
    if (committed && definition.afterCommit) {
      const { events, from, through } = committed;
      try {
        definition.afterCommit(events, { from, through });
      } catch (error) {
        // The batch is committed; a failed push is the push's loss, not a reason to redo the batch.
        this.log.error({ processor: definition.name, err: error }, 'after-commit effect failed');
      }
    }
    return outcome;
  }

  /**
   * The batch's events: of the processor's types only, when it names them. A live batch passes
   * over the others in PostgreSQL; a long one (over a thousand) reads them all and leaves
   * them here, as a stretch of history is mostly of its types, and passing over there cost
   * more than it saved (the notifications rebuild: 38,800-41,500 events/s against 45,800).
   */
  private async read(trx: Tx, definition: ProcessorDefinition<E>, from: Checkpoint, batchSize: number, horizon: string): Promise<TypedRead<E>> {
    if (definition.eventTypes && batchSize <= LIVE_BATCH_MAX) return this.store.readTypesBelow(trx, from, batchSize, horizon, definition.eventTypes);
    const events = await this.store.readAllBelow(trx, from, batchSize, horizon);
    const last = events.at(-1);
    const through = last ? checkpointOf(last) : null;
    return { events: ofItsTypes(definition, events), through, scanned: events.length };
  }

  private async loop(entry: Running<E>): Promise<void> {
    let lastStart = 0;
    let outcome: Outcome | 'retry' = 'idle';
    while (!this.stopped) {
      const gather = entry.definition.gatherMs ?? 0;
      const rest = lastStart + gather - Date.now();
      // Appends that come meanwhile ride along in the drain that follows.
      if (outcome !== 'more' && rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
      lastStart = Date.now();
      entry.dirty = false;
      try {
        outcome = await this.drainOnce(entry.definition, entry.singleSteps > 0 ? 1 : undefined);
        entry.failures = 0;
        entry.singleSteps = Math.max(0, entry.singleSteps - 1);
      } catch (error) {
        outcome = await this.failed(entry, error);
      }
      for (const done of this.drained) done();
      this.drained.clear();
      // PGlite answers without I/O, so a busy loop of drains would be all microtasks and starve
      // every timer in the process; one turn of the event loop per batch keeps it fair.
      await nextTurn();
      if (outcome === 'more' || this.stopped) continue;
      if (outcome === 'idle' && entry.dirty) continue;
      const wait = outcome === 'retry' ? Math.min(100 * 4 ** (entry.failures - 1), 5000) : this.pollMs;
      // Retries wait out their backoff, so a busy log cannot turn a failing handler into a hot
      // loop; a process that does not own the processor tries again at the poll, not at every
      // append (the owner is woken by them, and a dead owner's lock is free by the next poll).
      const wakeable = outcome !== 'retry' && outcome !== 'not_owner';
      await new Promise<void>((resolve) => {
        const timer = setTimeout(wakeNow, wait);
        function wakeNow() {
          clearTimeout(timer);
          resolve();
        }
        entry.wake = wakeable ? wakeNow : null;
      });
      entry.wake = null;
    }
  }

  private async failed(entry: Running<E>, error: unknown): Promise<'retry' | 'paused'> {
    const { name, version } = entry.definition;
    entry.failures += 1;
    entry.singleSteps = entry.definition.batchSize ?? this.batchSize;
    const cause = error instanceof HandlerFailed ? error.cause : error;
    if (!(error instanceof HandlerFailed) || isTransient(cause) || entry.failures < PAUSE_AFTER_FAILURES) {
      this.log.warn({ processor: name, failures: entry.failures, err: cause }, 'processor batch failed; retrying');
      return 'retry';
    }
    this.log.error({ processor: name, position: error.position, err: cause }, 'processor paused on an event it cannot handle');
    await this.db
      .updateTable('processors')
      .set({ paused: true, error: error.message, error_position: error.position, updated_at: sql`now()` })
      .where('name', '=', name)
      .where('version', '=', version)
      .execute()
      .catch((writeError: unknown) => this.log.error({ processor: name, err: writeError }, 'could not record the pause'));
    return 'paused';
  }

  private async behind(target: number) {
    if (this.definitions.length === 0) return [];
    const keys = this.definitions.map((d) => sql`(${d.name}, ${d.version})`);
    const rows = await sql<{ name: string; paused: boolean; error: string | null; error_position: number | null }>`
      select p.name, p.paused, p.error, p.error_position
      from processors p
      where (p.name, p.version) in (${sql.join(keys)})
        and exists (
          select 1 from events e
          where e.position <= ${target}
            and (e.transaction_id, e.position) > (p.last_transaction_id, p.last_position))`.execute(this.db);
    return rows.rows;
  }

  private wakeAll(): void {
    for (const entry of this.running.values()) {
      entry.dirty = true;
      entry.wake?.();
    }
  }

  /** Returns false when a newer version owns this processor: this process runs stale code. */
  private async registerOne(definition: ProcessorDefinition<E>): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${`register:${definition.name}`}))`.execute(trx);
      const rows = await trx.selectFrom('processors').select(['version', 'state']).where('name', '=', definition.name).execute();
      const mine = rows.find((row) => row.version === definition.version);
      if (mine) return mine.state !== 'retired';
      const live = rows.find((row) => row.state === 'live');
      if (live && live.version > definition.version) return false;
      const tables = physicalTables(definition);
      await definition.createTables?.(trx, tables);
      const start = definition.startAt === 'head' ? await this.store.lastCheckpoint(trx) : START;
      await trx
        .insertInto('processors')
        .values({ name: definition.name, version: definition.version, state: live ? 'catching_up' : 'live', last_transaction_id: start.transactionId, last_position: start.position, paused: false, error: null, error_position: null })
        .execute();
      if (!live) await pointViews(trx, definition);
      else this.log.info({ processor: definition.name, from: live.version, to: definition.version }, 'rebuilding processor beside the live version');
      return true;
    });
  }

  private async takeOver(trx: Tx, definition: ProcessorDefinition<E>): Promise<void> {
    const retired = await trx
      .updateTable('processors')
      .set({ state: 'retired', updated_at: sql`now()` })
      .where('name', '=', definition.name)
      .where('version', '!=', definition.version)
      .where('state', '!=', 'retired')
      .returning('version')
      .execute();
    await trx
      .updateTable('processors')
      .set({ state: 'live', updated_at: sql`now()` })
      .where('name', '=', definition.name)
      .where('version', '=', definition.version)
      .execute();
    await pointViews(trx, definition);
    for (const { version } of retired) {
      for (const table of Object.values(physicalTables(definition, version))) await sql`drop table if exists ${sql.table(table)}`.execute(trx);
    }
    this.log.info({ processor: definition.name, version: definition.version }, 'processor version caught up and took over');
  }
}

function lockKey(definition: Pick<ProcessorDefinition, 'name' | 'version'>): string {
  return `${definition.name}:${definition.version}`;
}

/** Takes the processor's lock for the transaction, waiting for an owner's batch in progress: no batch runs until it ends. */
export async function lockProcessor(trx: Tx, definition: Pick<ProcessorDefinition, 'name' | 'version'>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${lockKey(definition)}))`.execute(trx);
}

/** Points the reading views at this version's tables. */
export async function pointViews(trx: Tx, definition: Pick<ProcessorDefinition, 'tables' | 'version'>): Promise<void> {
  for (const [view, table] of Object.entries(physicalTables(definition))) {
    await sql`drop view if exists ${sql.table(view)}`.execute(trx);
    await sql`create view ${sql.table(view)} as select * from ${sql.table(table)}`.execute(trx);
  }
}
