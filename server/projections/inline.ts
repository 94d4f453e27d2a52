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
   * group-commit path calls to write a whole batch in a few statements (see applyInlineBatch).
   */
  applyAll?(trx: Tx, events: readonly StoredEvent<E>[]): Promise<void>;
}

export async function applyInline<E extends AnyEvent>(projections: readonly InlineProjection<E>[], trx: Tx, events: readonly StoredEvent<E>[]): Promise<void> {
  for (const event of events) {
    for (const projection of projections) await projection.apply(trx, event);
  }
}

/**
 * A batch of one module's events, projection by projection rather than event by event, so that
 * a projection with `applyAll` writes the whole batch in a few statements. Only for events no
 * inline projection reads another projection's tables for, where the two orders are the same.
 */
export async function applyInlineBatch<E extends AnyEvent>(projections: readonly InlineProjection<E>[], trx: Tx, events: readonly StoredEvent<E>[]): Promise<void> {
  for (const projection of projections) {
    if (projection.applyAll) await projection.applyAll(trx, events);
    else for (const event of events) await projection.apply(trx, event);
  }
}
