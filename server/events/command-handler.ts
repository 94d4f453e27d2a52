import { sql, type Kysely } from 'kysely';
import type { EventMetadata } from '../../contracts/events/index.ts';
import type { Database } from '../db/schema.ts';
import { Conflict } from '../errors.ts';
import type { Batcher } from '../db/batcher.ts';
import { applyInlineBatch, type InlineProjection } from '../projections/inline.ts';
import { commandBatcher, STREAM_LOCK_NAMESPACE, type CommandOptions, type CommandRequest, type CommandResult } from './command-batch.ts';
import { fold, type Decider } from './decider.ts';
import { emptyStream, keepSnapshots, loadStreams, stateOf, StreamStates, type StreamState } from './stream-states.ts';
import { declareAppendFirst, lockLogForAppend } from './horizon.ts';
import type { EventStore } from './store.ts';
import type { AnyEvent, StoredEvent, StreamAppend, Tx } from './types.ts';

export type { CommandOptions, CommandResult } from './command-batch.ts';

// A conflict on a command whose caller pinned no version means another writer got there
// first; deciding again on the fresh state is the right answer. The first try is optimistic
// (no lock, the common case costs nothing extra); retries queue on a lock of each stream,
// so writers racing for one hot stream take turns instead of failing each other again.
const ATTEMPTS = 5;

/**
 * One transaction in which commands run: each loads its stream, folds it, decides, appends
 * with the version it decided on and applies the inline projections. Other writes of the
 * same transaction (a credential, a session) commit with the events or not at all.
 */
export class UnitOfWork<E extends AnyEvent> {
  readonly appended: StoredEvent<E>[] = [];
  /** The streams read here, with the states their deciders were left in: kept once committed. */
  private readonly loaded = new Map<string, StreamState<E>>();

  constructor(
    readonly trx: Tx,
    private readonly store: EventStore<E>,
    private readonly inline: readonly InlineProjection<E>[],
    private readonly states: StreamStates<E>,
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
    const asAny = decider as Decider<unknown, unknown, E>;
    // A stream expected to be new has nothing to read: were it not, the append conflicts.
    const stream = options.expectedVersion === 0 ? emptyStream<E>() : (await loadStreams(this.trx, this.store, this.states, [{ streamId, decider: asAny }])).get(streamId)!;
    this.loaded.set(streamId, stream);
    const version = stream.version;
    if (options.expectedVersion !== undefined && options.expectedVersion !== version) throw new Conflict();
    const state = stateOf(stream, asAny) as State;
    const decided = decider.decide(command, state);
    const events = await this.store.appendInTransaction(this.trx, streamId, version, decided, metadata);
    await applyInlineBatch(this.inline, this.trx, events);
    this.appended.push(...events);
    const after = fold({ initialState: state, evolve: decider.evolve }, decided);
    stream.folded.set(asAny, { state: after, upTo: version + events.length });
    return { state: after, version: version + events.length, events };
  }

  /**
   * Streams' states as their deciders fold them, each with its version, in one read that starts
   * where the states this process keeps end: what a group-commit path decides on. `remember`
   * then takes what its decisions left, so the next transaction starts from there.
   */
  async load(streams: readonly { streamId: string; decider: Decider<unknown, never, E> }[]): Promise<Map<string, { state: unknown; version: number }>> {
    const read = await loadStreams(this.trx, this.store, this.states, streams);
    const states = new Map<string, { state: unknown; version: number }>();
    for (const { streamId, decider } of streams) {
      const stream = read.get(streamId)!;
      this.loaded.set(streamId, stream);
      states.set(streamId, { state: stateOf(stream, decider), version: stream.version });
    }
    return states;
  }

  /** The state a stream read by `load` is in at `version`, after events this transaction appended. */
  remember(decider: Decider<unknown, never, E>, streamId: string, state: unknown, version: number): void {
    this.loaded.get(streamId)?.folded.set(decider, { state, upTo: version });
  }

  /** Once the transaction has committed: keeps the states it left, for the commands that come next. */
  keepStates(): void {
    keepSnapshots(this.states, this.loaded, this.appended)();
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
   * the inline projections. Loading and deciding is the caller's, in this
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
  // Typed over any event: a field typed with E would make Core<ProductEvent> no longer a Core.
  private readonly batcher: Batcher<CommandRequest<AnyEvent>, CommandResult<unknown, AnyEvent>>;
  private readonly states = new StreamStates<AnyEvent>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: EventStore<E>,
    private readonly inline: readonly InlineProjection<E>[],
    private readonly onCommitted: (events: number) => void,
  ) {
    this.batcher = commandBatcher<AnyEvent>(db, store, inline, this.states, (request) => this.runAlone(request), onCommitted);
  }

  /** Runs one command, committed when the promise resolves; commands that arrive together share a transaction (command-batch.ts). */
  async run<State, Command>(
    decider: Decider<State, Command, E>,
    streamId: string,
    command: Command,
    metadata: EventMetadata,
    options: CommandOptions = {},
  ): Promise<CommandResult<State, E>> {
    const request: CommandRequest<AnyEvent> = { decider: decider as Decider<unknown, unknown, AnyEvent>, streamId, command, metadata, options, tries: 0 };
    return (await this.batcher.submit(request)) as CommandResult<State, E>;
  }

  private runAlone(request: CommandRequest<AnyEvent>): Promise<CommandResult<unknown, AnyEvent>> {
    return this.transaction((unit) => unit.run(request.decider as Decider<unknown, unknown, E>, request.streamId, request.command, request.metadata, request.options), {
      retryConflicts: request.options.expectedVersion === undefined,
    });
  }

  /**
   * Runs `work` in one transaction, again from the start when a command in it meets a
   * conflict (unless `retryConflicts` is false). `work` must only touch the database
   * through the unit's transaction, so that a retry starts clean. With `appendFirst`, work
   * promises to read and take advisory locks only until it appends, and the append's own
   * lock on the log declares the transaction (horizon.ts): one round trip fewer.
   */
  async transaction<T>(work: (unit: UnitOfWork<E>) => Promise<T>, options: { retryConflicts?: boolean; appendFirst?: boolean } = {}): Promise<T> {
    const retryConflicts = options.retryConflicts ?? true;
    for (let attempt = 1; ; attempt++) {
      try {
        let unit: UnitOfWork<E> | undefined;
        const result = await this.db.transaction().execute(async (trx) => {
          // Work may write elsewhere before it appends: declare the append first (see horizon.ts),
          // unless it promised to read and take advisory locks only until it appends.
          if (options.appendFirst) declareAppendFirst(trx);
          else await lockLogForAppend(trx);
          unit = new UnitOfWork(trx, this.store, this.inline, this.states as StreamStates<E>, attempt > 1);
          return work(unit);
        });
        unit!.keepStates();
        if (unit!.appended.length > 0) this.onCommitted(unit!.appended.length);
        return result;
      } catch (error) {
        if (!(error instanceof Conflict) || !retryConflicts || attempt >= ATTEMPTS) throw error;
      }
    }
  }
}
