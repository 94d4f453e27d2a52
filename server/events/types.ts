import type { Kysely, Transaction } from 'kysely';
import type { EventMetadata } from '../../contracts/events/index.ts';
import type { Database } from '../db/schema.ts';

export type AnyEvent = { type: string; data: unknown };

export type StoredEvent<E extends AnyEvent = AnyEvent> = E & {
  position: number;
  streamId: string;
  streamVersion: number;
  schemaVersion: number;
  metadata: EventMetadata;
  transactionId: string;
  recordedAt: Date;
};

/** What the caller believes the stream's version is: a number (0 = empty), or no check at all. */
export type ExpectedVersion = number | 'no_stream' | 'any';

/**
 * Events for one stream, decided by the caller at the version it read, or at the version of a
 * state it kept, whose last event is at position `expectedHead`.
 */
export type StreamAppend<E extends AnyEvent = AnyEvent> = { streamId: string; expected: ExpectedVersion; expectedHead?: number; events: E[]; metadata: EventMetadata };

/**
 * A point in the commit-safe order of the log. Transaction ids come first because a
 * transaction may take a position early and commit late; see read-all.ts.
 */
export type Checkpoint = { transactionId: string; position: number };

export const START: Checkpoint = { transactionId: '0', position: 0 };

/** Reads may run on the pool or inside a transaction. */
export type Executor = Kysely<Database>;
export type Tx = Transaction<Database>;
