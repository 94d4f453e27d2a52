import { sql, type Kysely } from 'kysely';
import type { EventMetadata } from '../../contracts/events/index.ts';
import { batchArray } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { Batcher, type Outcome } from '../db/batcher.ts';
import { Conflict } from '../errors.ts';
import { applyInlineBatch, type InlineProjection } from '../projections/inline.ts';
import { isUniqueViolation, lostARace } from './append-statement.ts';
import type { Decider } from './decider.ts';
import { declareAppendFirst } from './horizon.ts';
import type { EventStore } from './store.ts';
import { keepSnapshots, loadStreams, stateOf, type StreamStates } from './stream-states.ts';
import type { AnyEvent, StoredEvent, StreamAppend, Tx } from './types.ts';

export type CommandOptions = {
  /** The version the client last saw (an edit form, say): a newer stream is a 409, not a retry. */
  expectedVersion?: number;
};

export type CommandResult<State, E extends AnyEvent> = { state: State; version: number; events: StoredEvent<E>[] };

export type CommandRequest<E extends AnyEvent> = {
  decider: Decider<unknown, unknown, E>;
  streamId: string;
  command: unknown;
  metadata: EventMetadata;
  options: CommandOptions;
  /** Flushes this request has been in: past the first, its streams are locked before they are read. */
  tries: number;
};

type Result<E extends AnyEvent> = CommandResult<unknown, E>;

export const STREAM_LOCK_NAMESPACE = 7302;

// Commands that arrive together share one transaction: one read of their streams, one append
// statement, one commit, instead of six round trips each. Each still decides on its stream as
// it stands after the commands before it in the batch, and a refusal is that command's alone.
const MAX_BATCH = 256;
const FLUSHES_IN_FLIGHT = 2;
const ATTEMPTS = 20;

/**
 * Group commit for commands. A batch commits whole or not at all; when it fails for a reason
 * other than a lost race (an inline projection refusing one command's events, say), each of
 * its commands runs again in a transaction of its own (`runAlone`), so that one command's
 * failure is never another's.
 */
export function commandBatcher<E extends AnyEvent>(
  db: Kysely<Database>,
  store: EventStore<E>,
  inline: readonly InlineProjection<E>[],
  states: StreamStates<E>,
  runAlone: (request: CommandRequest<E>) => Promise<Result<E>>,
  onCommitted: (events: number) => void,
): Batcher<CommandRequest<E>, Result<E>> {
  const flush = async (requests: CommandRequest<E>[]): Promise<Outcome<Result<E>>[]> => {
    try {
      const { outcomes, appended, snapshots } = await db.transaction().execute((trx) => runBatch(trx, store, inline, states, requests));
      snapshots();
      if (appended > 0) onCommitted(appended);
      return outcomes;
    } catch (error) {
      if (raced(error) || requests.length === 1) throw error;
      return Promise.all(requests.map((request) => runAlone(request).then((ok) => ({ ok }), (failure: unknown) => ({ error: failure }))));
    }
  };
  return new Batcher(flush, {
    key: (request) => request.streamId,
    joins: () => true,
    weight: () => 1,
    maxWeight: MAX_BATCH,
    flushesInFlight: FLUSHES_IN_FLIGHT,
    attempts: ATTEMPTS,
    retryable: raced,
    exhausted: () => new Conflict(),
  });
}

/**
 * The batch wrote nothing because another process took a version first (the append answers
 * Conflict), or a deadlock cancelled it. A unique violation anywhere else is an inline
 * projection refusing a command's events: that command's failure, not a race.
 */
const raced = (error: unknown) => error instanceof Conflict || (lostARace(error) && !isUniqueViolation(error));

async function runBatch<E extends AnyEvent>(
  trx: Tx,
  store: EventStore<E>,
  inline: readonly InlineProjection<E>[],
  states: StreamStates<E>,
  requests: CommandRequest<E>[],
): Promise<{ outcomes: Outcome<Result<E>>[]; appended: number; snapshots: () => void }> {
  // Nothing before the append writes: it takes its lock on the log before its id (horizon.ts).
  declareAppendFirst(trx);
  const streamIds = [...new Set(requests.map((request) => request.streamId))].sort();
  const retried = new Set(requests.filter((request) => request.tries > 0).map((request) => request.streamId));
  // A retry means another process raced for these streams: take turns on them instead.
  if (retried.size > 0) {
    await sql`select pg_advisory_xact_lock(${STREAM_LOCK_NAMESPACE}, hashtext(s)) from unnest(${batchArray(streamIds, 'text')}) as s order by s`.execute(trx);
  }
  for (const request of requests) request.tries += 1;

  // A stream's kept states are trusted on its commands' first try; one that was stale is read.
  const streams = await loadStreams(trx, store, states, requests, (streamId) => !retried.has(streamId));

  type Decided = { request: CommandRequest<E>; index: number; state: unknown; events: E[]; versionBefore: number };
  const outcomes: Outcome<Result<E>>[] = new Array(requests.length);
  const decided: Decided[] = [];
  requests.forEach((request, index) => {
    const stream = streams.get(request.streamId)!;
    if (request.options.expectedVersion !== undefined && request.options.expectedVersion !== stream.version) {
      outcomes[index] = { error: new Conflict() };
      return;
    }
    try {
      const before = stateOf(stream, request.decider);
      const events = request.decider.decide(request.command, before);
      const after = events.reduce((state, event) => request.decider.evolve(state, event), before);
      decided.push({ request, index, state: after, events, versionBefore: stream.version });
      stream.history.push(...events);
      stream.version += events.length;
      stream.folded.set(request.decider, { state: after, upTo: stream.version });
    } catch (error) {
      outcomes[index] = { error };
    }
  });

  // One stream's appends consecutive, the first at the version read (see insertAppends).
  const writing = decided.filter((entry) => entry.events.length > 0).sort((a, b) => a.request.streamId.localeCompare(b.request.streamId) || a.index - b.index);
  const appends: StreamAppend<E>[] = writing.map((entry, i) => ({
    streamId: entry.request.streamId,
    expected: entry.versionBefore,
    ...(i === 0 || writing[i - 1]!.request.streamId !== entry.request.streamId ? { expectedHead: streams.get(entry.request.streamId)!.keptHead } : {}),
    events: entry.events,
    metadata: entry.request.metadata,
  }));
  const stored = appends.length > 0 ? await store.appendStreamsWhereExpected(trx, appends) : [];
  const storedByEntry = new Map(writing.map((entry, i) => [entry, stored[i]!]));

  // What was decided on a stream counts once its append proved the stream as the decisions saw
  // it: one not at that version raced with another process, and a kept state that nothing
  // appended to is unproven. Their commands go again, in a later flush, on a stream read anew.
  const appended = new Set(appends.map((append) => append.streamId));
  const proven = new Set(appends.filter((_, i) => stored[i] !== null).map((append) => append.streamId));
  const unproven = new Set([...streams].filter(([streamId, stream]) => !proven.has(streamId) && (appended.has(streamId) || stream.keptHead !== undefined)).map(([streamId]) => streamId));
  for (const streamId of unproven) streams.delete(streamId);

  const written = stored.flatMap((events) => events ?? []).sort((a, b) => a.position - b.position);
  // In log order, as a replay applies them.
  await applyInlineBatch(inline, trx, written);

  requests.forEach((request, index) => {
    if (unproven.has(request.streamId)) outcomes[index] = { retry: true };
  });
  for (const entry of decided) {
    if (unproven.has(entry.request.streamId)) continue;
    outcomes[entry.index] = { ok: { state: entry.state, version: entry.versionBefore + entry.events.length, events: storedByEntry.get(entry) ?? [] } };
  }
  return { outcomes, appended: written.length, snapshots: keepSnapshots(states, streams, written) };
}
