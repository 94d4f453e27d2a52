import { sql, type Kysely } from 'kysely';
import type { EventMetadata } from '../../contracts/events/index.ts';
import type { Database } from '../db/schema.ts';
import { Conflict } from '../errors.ts';
import { applyInline, applyInlineBatch, type InlineProjection } from '../projections/inline.ts';
import { fold, type Decider } from './decider.ts';
import { lockLogForAppend } from './horizon.ts';
import type { EventStore } from './store.ts';
import type { AnyEvent, StoredEvent, StreamAppend, Tx } from './types.ts';

export type CommandResult<State, E extends AnyEvent> = { state: State; version: number; events: StoredEvent<E>[] };

export type CommandOptions = {
  /** The version the client last saw (an edit form, say): a newer stream is a 409, not a retry. */
  expectedVersion?: number;
};

// A conflict on a command whose caller pinned no version means another writer got there
// first; deciding again on the fresh state is the right answer. The first try is optimistic
// (no lock, the common case costs nothing extra); retries queue on a lock of each stream,
// so writers racing for one hot stream take turns instead of failing each other again.
const ATTEMPTS = 5;
const STREAM_LOCK_NAMESPACE = 7302;

/**
 * One transaction in which commands run: each loads its stream, folds it, decides, appends
 * with the version it decided on and applies the inline projections. Other writes of the
 * same transaction (a credential, a session) commit with the events or not at all.
 */
export class UnitOfWork<E extends AnyEvent> {
  readonly appended: StoredEvent<E>[] = [];

  constructor(
    readonly trx: Tx,
    private readonly store: EventStore<E>,
    private readonly inline: readonly InlineProjection<E>[],
    private readonly retrying: boolean,
  ) {}

  async run<State, Command>(
    decider: Decider<State, Command, E>,
    streamId: string,
    command: Command,
    metadata: EventMetadata,
    options: CommandOptions = {},
  ): Promise<CommandResult<State, E>> {
    if (this.retrying) await sql`select pg_advisory_xact_lock(${STREAM_LOCK_NAMESPACE}, hashtext(${streamId}))`.execute(this.trx);
    // A stream expected to be new has nothing to read: were it not, the append conflicts.
    const history = options.expectedVersion === 0 ? [] : await this.store.readStream(this.trx, streamId);
    const version = history.at(-1)?.streamVersion ?? 0;
    if (options.expectedVersion !== undefined && options.expectedVersion !== version) throw new Conflict();
    const state = fold(decider, history);
    const decided = decider.decide(command, state);
    const events = await this.store.appendInTransaction(this.trx, streamId, version, decided, metadata);
    await applyInline(this.inline, this.trx, events);
    this.appended.push(...events);
    return { state: fold({ initialState: state, evolve: decider.evolve }, decided), version: version + events.length, events };
  }

  /**
   * Starts new streams with events decided by the caller, positioned in the order given: a
   * group-commit path's many new things at once.
   */
  startStreams(streams: readonly { streamId: string; events: E[]; metadata: EventMetadata }[]): Promise<StoredEvent<E>[][]> {
    return this.appendStreams(
      streams.map((stream) => ({ ...stream, expected: 'no_stream' })),
      { inRequestOrder: true },
    );
  }

  /**
   * Appends events decided by the caller to several streams in one statement and one pass of
   * the inline projections (applyInlineBatch). Loading and deciding is the caller's, in this
   * transaction, so that the versions it gives are the ones it decided on.
   */
  async appendStreams(appends: readonly StreamAppend<E>[], options: { inRequestOrder?: boolean } = {}): Promise<StoredEvent<E>[][]> {
    const written = appends.filter((append) => append.events.length > 0);
    if (written.length === 0) return appends.map(() => []);
    const stored = await this.store.appendStreamsInTransaction(this.trx, written, options);
    const events = stored.flat();
    await applyInlineBatch(this.inline, this.trx, events);
    this.appended.push(...events);
    const byAppend = new Map(written.map((append, index) => [append, stored[index]!]));
    return appends.map((append) => byAppend.get(append) ?? []);
  }
}

export class CommandHandler<E extends AnyEvent> {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: EventStore<E>,
    private readonly inline: readonly InlineProjection<E>[],
    private readonly onCommitted: (events: number) => void,
  ) {}

  /** Runs one command in a transaction of its own. */
  run<State, Command>(
    decider: Decider<State, Command, E>,
    streamId: string,
    command: Command,
    metadata: EventMetadata,
    options: CommandOptions = {},
  ): Promise<CommandResult<State, E>> {
    return this.transaction((unit) => unit.run(decider, streamId, command, metadata, options), { retryConflicts: options.expectedVersion === undefined });
  }

  /**
   * Runs `work` in one transaction, again from the start when a command in it meets a
   * conflict (unless `retryConflicts` is false). `work` must only touch the database
   * through the unit's transaction, so that a retry starts clean.
   */
  async transaction<T>(work: (unit: UnitOfWork<E>) => Promise<T>, options: { retryConflicts?: boolean } = {}): Promise<T> {
    const retryConflicts = options.retryConflicts ?? true;
    for (let attempt = 1; ; attempt++) {
      try {
        let appended = 0;
        const result = await this.db.transaction().execute(async (trx) => {
          // Work may write elsewhere before it appends: declare the append first (see horizon.ts).
          await lockLogForAppend(trx);
          const unit = new UnitOfWork(trx, this.store, this.inline, attempt > 1);
          const value = await work(unit);
          appended = unit.appended.length;
          return value;
        });
        if (appended > 0) this.onCommitted(appended);
        return result;
      } catch (error) {
        if (!(error instanceof Conflict) || !retryConflicts || attempt >= ATTEMPTS) throw error;
      }
    }
  }
}
