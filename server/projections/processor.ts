import type { AnyEvent, Checkpoint, StoredEvent, Tx } from '../events/types.ts';

/** Logical table name -> the physical table of one processor version. */
export type TableNames = Readonly<Record<string, string>>;

/**
 * A read model built after commit from the log (notifications, realtime pushes, feeds).
 * Its tables are versioned: version N writes `<table>_vN`, and readers query a view named
 * `<table>` that points at the live version. Bumping the version builds the new tables beside
 * the old ones from the start of the log; when the new version has caught up it takes over
 * the views and the old tables are dropped. Readers never see a half-built model.
 */
export interface ProcessorDefinition<E extends AnyEvent = AnyEvent> {
  readonly name: string;
  readonly version: number;
  readonly tables: readonly string[];
  /**
   * Where a new processor starts: at the beginning of the log (a read model), or at its
   * head (live pushes: nobody wants the history of the world sent to today's sockets).
   */
  readonly startAt?: 'beginning' | 'head';
  /** Events per batch (default 500); a batch is one transaction. */
  readonly batchSize?: number;
  /**
   * The least time between the starts of two drains while the log is caught up (default 0):
   * appends in between are handled together in the next one. Processors that need not be
   * the first to know trade a few milliseconds for far fewer transactions.
   */
  readonly gatherMs?: number;
  /**
   * Its handlers append events. The runner then takes the log's append lock as the batch's
   * first statement, before the claim gives the transaction an id (horizon.ts): declared later,
   * readers of the log could pass this batch by and never see what it appends.
   */
  readonly appends?: boolean;
  /**
   * The event types its handlers act on, when it names them: the others are passed over where
   * the log is read (their rows never leave PostgreSQL) and its checkpoint moves past them all
   * the same. Absent: every event.
   */
  readonly eventTypes?: readonly string[];
  createTables?(trx: Tx, tables: TableNames): Promise<void>;
  /** Runs in the transaction that also moves the checkpoint: effects happen exactly once. */
  handle?(trx: Tx, event: StoredEvent<E>, tables: TableNames): Promise<void>;
  /**
   * Instead of `handle`: the whole batch at once, in log order, so that a processor can read
   * and write for many events in one statement. A failed batch is retried one event at a time.
   * `from` is the checkpoint the batch starts after, as the claim read it.
   */
  handleBatch?(trx: Tx, events: readonly StoredEvent<E>[], tables: TableNames, from: Checkpoint): Promise<void>;
  /**
   * Runs once a batch has committed, for effects outside the database (a socket push): they
   * must never announce what a rollback could still take back. `events` are those of its types
   * the batch handled (none when it passed over others only); `from` and `through`, where its
   * checkpoint stood before and after.
   */
  afterCommit?(events: readonly StoredEvent<E>[], moved: { from: Checkpoint; through: Checkpoint }): void;
  /**
   * For tables the app also writes outside the log (a read mark): brings into `tables`, rebuilt
   * beside the live ones (processor-rebuild.ts), what the app wrote into the live ones while
   * they were rebuilt. Runs under the processor's lock, just before they take the live ones' place.
   */
  reconcileRebuilt?(trx: Tx, tables: TableNames): Promise<void>;
}

/** The events of a processor's types among these (all of them when it names none). */
export function ofItsTypes<E extends AnyEvent>(definition: Pick<ProcessorDefinition<E>, 'eventTypes'>, events: StoredEvent<E>[]): StoredEvent<E>[] {
  const types = definition.eventTypes;
  return types ? events.filter((event) => types.includes(event.type)) : events;
}

export function physicalTables(definition: Pick<ProcessorDefinition, 'tables' | 'version'>, version = definition.version): TableNames {
  return Object.fromEntries(definition.tables.map((table) => [table, `${table}_v${version}`]));
}

/** A handler threw on this event; the processor retries, then pauses on it. */
export class HandlerFailed extends Error {
  constructor(
    readonly position: number,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** The batch's events through the processor's handlers; a failure names the event it failed on. */
export async function handleAll<E extends AnyEvent>(trx: Tx, definition: ProcessorDefinition<E>, events: StoredEvent<E>[], from: Checkpoint, tables = physicalTables(definition)): Promise<void> {
  if (definition.handleBatch) {
    try {
      await definition.handleBatch(trx, events, tables, from);
    } catch (error) {
      throw new HandlerFailed(events[0]!.position, error);
    }
    return;
  }
  for (const event of events) {
    try {
      await definition.handle!(trx, event, tables);
    } catch (error) {
      throw new HandlerFailed(event.position, error);
    }
  }
}

/** Where a reader stands once it has passed this event. */
export const checkpointOf = (event: StoredEvent): Checkpoint => ({ transactionId: event.transactionId, position: event.position });

/** A stretch of the log through the processor's handlers (those of its types) into `tables`; returns the checkpoint after it. */
export async function handleRun<E extends AnyEvent>(trx: Tx, definition: ProcessorDefinition<E>, events: StoredEvent<E>[], from: Checkpoint, tables: TableNames): Promise<Checkpoint> {
  const last = events.at(-1);
  if (!last) return from;
  const mine = ofItsTypes(definition, events);
  if (mine.length > 0) await handleAll(trx, definition, mine, from, tables);
  return checkpointOf(last);
}

// SQLSTATE classes that say "try again later", not "this event cannot be handled":
// connection loss (08), resources (53), operator intervention (57), serialization and deadlock (40).
const TRANSIENT = /^(08|53|57|40)/;

export function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return TRANSIENT.test(code);
  // Errors without a SQLSTATE from the driver are broken sockets and timeouts.
  return error instanceof Error && /connect|terminat|timeout|ECONN|EPIPE|socket/i.test(error.message);
}
