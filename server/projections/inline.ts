import type { AnyEvent, StoredEvent, Tx } from '../events/types.ts';

/**
 * A read model kept in the same transaction as the append: what the response and the very
 * next read need. It must be a pure function of the events (ids and times come from the
 * events, never from sequences or now()), so that a replay rebuilds identical tables.
 */
export interface InlineProjection<E extends AnyEvent = AnyEvent> {
  readonly name: string;
  /** The tables it owns: emptied by a replay and compared by the replay-equivalence test. */
  readonly tables: readonly string[];
  apply(trx: Tx, event: StoredEvent<E>): Promise<void>;
  /**
   * Several events at once, leaving the tables as `apply` one after another would: what a
   * batch (a group commit, a replay) calls to write many events in a few statements.
   */
  applyAll?(trx: Tx, events: readonly StoredEvent<E>[]): Promise<void>;
  /**
   * The event types for which `apply` reads tables another inline projection owns. A batch
   * applies each such event in its place in the log, after every event before it and before
   * every event after it, in every projection (see applyInlineBatch).
   */
  readonly readsOthersOn?: readonly string[];
  /**
   * Indexes of its tables that only reads use, never its own writes: a rebuild's shadow tables
   * are made without them, instead of keeping them row by row (the live tables keep theirs).
   */
  readonly readerIndexes?: readonly string[];
}

/**
 * Events in log order, in as few statements as the projections allow, leaving every table as
 * applying each event to each projection in turn would. Projections own disjoint tables, so
 * between the events some projection reads another's tables for (`readsOthersOn`), each
 * projection takes the whole run at once (`applyAll`); such an event is applied alone, with
 * everything before it already written.
 */
export async function applyInlineBatch<E extends AnyEvent>(projections: readonly InlineProjection<E>[], trx: Tx, events: readonly StoredEvent<E>[]): Promise<void> {
  const inOrder = new Set(projections.flatMap((projection) => projection.readsOthersOn ?? []));
  let run: StoredEvent<E>[] = [];
  for (const event of events) {
    if (!inOrder.has(event.type)) {
      run.push(event);
      continue;
    }
    await applyRun(projections, trx, run);
    run = [];
    for (const projection of projections) await projection.apply(trx, event);
  }
  await applyRun(projections, trx, run);
}

async function applyRun<E extends AnyEvent>(projections: readonly InlineProjection<E>[], trx: Tx, events: readonly StoredEvent<E>[]): Promise<void> {
  if (events.length === 0) return;
  for (const projection of projections) {
    if (projection.applyAll) await projection.applyAll(trx, events);
    else for (const event of events) await projection.apply(trx, event);
  }
}

type Writer<E extends AnyEvent> = (trx: Tx, events: readonly StoredEvent<E>[]) => Promise<void>;

/**
 * An `applyAll` that writes each run of consecutive events with the same set-based writer (one
 * writer may take several types) at once, and every other event with `apply`, in log order.
 */
export function inRuns<E extends AnyEvent>(writers: { readonly [type: string]: Writer<E> }, apply: (trx: Tx, event: StoredEvent<E>) => Promise<void>): Writer<E> {
  return async (trx, events) => {
    for (let start = 0; start < events.length; ) {
      const writer = writers[events[start]!.type];
      if (!writer) {
        await apply(trx, events[start]!);
        start += 1;
        continue;
      }
      let end = start + 1;
      while (end < events.length && writers[events[end]!.type] === writer) end += 1;
      await writer(trx, events.slice(start, end));
      start = end;
    }
  };
}
