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
}

export async function applyInline<E extends AnyEvent>(projections: readonly InlineProjection<E>[], trx: Tx, events: readonly StoredEvent<E>[]): Promise<void> {
  for (const event of events) {
    for (const projection of projections) await projection.apply(trx, event);
  }
}
