import type { Decider } from './decider.ts';
import type { EventStore } from './store.ts';
import type { AnyEvent, StoredEvent, Tx } from './types.ts';

/** A stream's state as one decider folded it, up to a version, and the event that version is. */
export type Snapshot = { version: number; position: number; state: unknown };

const LIMIT = 10_000;

/**
 * The folded states of the streams commands used lately, so that the next command on a stream
 * reads only what came after (usually nothing) instead of its whole history. A snapshot names
 * the position of its last event: a stream whose event at that version is another one (the
 * database was replaced under a running process) is folded again from the start. States are
 * never mutated (deciders return new ones), so sharing them is safe. Least recently used go
 * first past the limit, per decider.
 */
export class StreamStates<E extends AnyEvent> {
  private readonly byDecider = new WeakMap<Decider<unknown, unknown, E>, Map<string, Snapshot>>();

  get(decider: Decider<unknown, unknown, E>, streamId: string): Snapshot | undefined {
    const snapshots = this.byDecider.get(decider);
    const snapshot = snapshots?.get(streamId);
    if (snapshot) {
      snapshots!.delete(streamId);
      snapshots!.set(streamId, snapshot);
    }
    return snapshot;
  }

  set(decider: Decider<unknown, unknown, E>, streamId: string, snapshot: Snapshot): void {
    let snapshots = this.byDecider.get(decider);
    if (!snapshots) this.byDecider.set(decider, (snapshots = new Map()));
    snapshots.delete(streamId);
    snapshots.set(streamId, snapshot);
    if (snapshots.size > LIMIT) snapshots.delete(snapshots.keys().next().value!);
  }

  forget(decider: Decider<unknown, unknown, E>, streamId: string): void {
    this.byDecider.get(decider)?.delete(streamId);
  }
}

/**
 * A stream as a transaction sees it: what was read from `firstVersion` on, then what it decided.
 * `keptHead` is set when nothing was read, the states kept being taken on trust: the position of
 * the event they end at, which the append checks (see loadStreams).
 */
export type StreamState<E extends AnyEvent> = {
  history: E[];
  firstVersion: number;
  version: number;
  positions: Map<number, number>;
  folded: Map<Decider<unknown, unknown, E>, { state: unknown; upTo: number }>;
  keptHead?: number;
};

export function emptyStream<E extends AnyEvent>(): StreamState<E> {
  return { history: [], firstVersion: 1, version: 0, positions: new Map(), folded: new Map() };
}

/**
 * Reads each stream from the oldest snapshot its commands' deciders hold, in one statement.
 * A snapshot whose event is not the one read (another database under the same process) is
 * dropped and its stream read again whole.
 *
 * A stream `onTrust` accepts, whose deciders all hold snapshots of one version, is not read at
 * all: the caller decides on the snapshots and must append with `keptHead` as the expected head,
 * which proves them current, or take nothing it decided on them as final.
 */
export async function loadStreams<E extends AnyEvent>(
  trx: Tx,
  store: EventStore<E>,
  states: StreamStates<E>,
  requests: readonly { streamId: string; decider: Decider<unknown, unknown, E> }[],
  onTrust: (streamId: string) => boolean = () => false,
): Promise<Map<string, StreamState<E>>> {
  const streams = new Map<string, StreamState<E>>();
  const snapshots = new Map<string, Map<Decider<unknown, unknown, E>, Snapshot | undefined>>();
  for (const request of requests) {
    if (!snapshots.has(request.streamId)) snapshots.set(request.streamId, new Map());
    snapshots.get(request.streamId)!.set(request.decider, states.get(request.decider, request.streamId));
  }
  for (const [streamId, held] of snapshots) {
    const kept = [...held.values()];
    const first = kept[0];
    if (!first || !onTrust(streamId) || kept.some((snapshot) => snapshot?.version !== first.version || snapshot.position !== first.position)) continue;
    const folded = new Map([...held].map(([decider, snapshot]) => [decider, { state: snapshot!.state, upTo: first.version }]));
    streams.set(streamId, { history: [], firstVersion: first.version + 1, version: first.version, positions: new Map([[first.version, first.position]]), folded, keptHead: first.position });
    snapshots.delete(streamId);
  }
  const streamIds = [...snapshots.keys()];
  if (streamIds.length === 0) return streams;
  const fromVersion = (streamId: string) => Math.min(...[...snapshots.get(streamId)!.values()].map((snapshot) => snapshot?.version ?? 0));
  const read = await store.readStreamsFrom(trx, streamIds.map((streamId) => ({ streamId, fromVersion: fromVersion(streamId) })));

  const stale = streamIds.filter((streamId) => {
    const byVersion = new Map(read.get(streamId)!.map((event) => [event.streamVersion, event.position]));
    return [...snapshots.get(streamId)!.values()].some((snapshot) => snapshot && byVersion.get(snapshot.version) !== snapshot.position);
  });
  if (stale.length > 0) {
    for (const streamId of stale) {
      for (const decider of snapshots.get(streamId)!.keys()) states.forget(decider, streamId);
      snapshots.set(streamId, new Map());
    }
    for (const [streamId, events] of await store.readStreams(trx, stale)) read.set(streamId, events);
  }

  for (const streamId of streamIds) {
    const history = read.get(streamId)!;
    const folded = new Map<Decider<unknown, unknown, E>, { state: unknown; upTo: number }>();
    for (const [decider, snapshot] of snapshots.get(streamId)!) if (snapshot) folded.set(decider, { state: snapshot.state, upTo: snapshot.version });
    streams.set(streamId, {
      history,
      firstVersion: history[0]?.streamVersion ?? 1,
      version: history.at(-1)?.streamVersion ?? 0,
      positions: new Map(history.map((event) => [event.streamVersion, event.position])),
      folded,
    });
  }
  return streams;
}

export function stateOf<E extends AnyEvent>(stream: StreamState<E>, decider: Decider<unknown, unknown, E>): unknown {
  const folded = stream.folded.get(decider) ?? { state: decider.initialState, upTo: 0 };
  let state = folded.state;
  for (let version = folded.upTo + 1; version <= stream.version; version++) state = decider.evolve(state, stream.history[version - stream.firstVersion]!);
  stream.folded.set(decider, { state, upTo: stream.version });
  return state;
}

/** Keeps, once the transaction has committed, each decider's state of each stream as far as the log's events are known. */
export function keepSnapshots<E extends AnyEvent>(states: StreamStates<E>, streams: ReadonlyMap<string, StreamState<E>>, written: readonly StoredEvent<E>[]): () => void {
  for (const event of written) streams.get(event.streamId)?.positions.set(event.streamVersion, event.position);
  return () => {
    for (const [streamId, stream] of streams) {
      for (const [decider, { state, upTo }] of stream.folded) {
        const position = stream.positions.get(upTo);
        if (position !== undefined) states.set(decider, streamId, { version: upTo, position, state });
      }
    }
  };
}
