import { sql } from 'kysely';
import type { EventMetadata } from '../../contracts/events/index.ts';
import { batchArray, preparedStatement } from '../db/connect.ts';
import { Conflict } from '../errors.ts';
import { insertAppends, isUniqueViolation, type AppendRequest, type InsertedRow } from './append-statement.ts';
import type { Batcher } from '../db/batcher.ts';
import { appendBatcher } from './group-commit.ts';
import { appendHorizon, isDeclaredAppender } from './horizon.ts';
import type { EventRegistry } from './registry.ts';
import { START, type AnyEvent, type StreamAppend, type Checkpoint, type Executor, type ExpectedVersion, type StoredEvent, type Tx } from './types.ts';

type EventRow = {
  position: number;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: unknown;
  transaction_id: string;
  /** A Date as the driver parses it, or the same instant in milliseconds since the epoch. */
  recorded_at: Date | number;
};

const EVENT_COLUMNS = sql`position, stream_id, stream_version, type, schema_version, data, metadata,
  transaction_id::text as transaction_id, recorded_at`;

/**
 * The same, with an event's JSON as PostgreSQL writes it: reads of the log parse it only for
 * events not decoded already (see decodeRead), where the driver parsed every row. The time comes
 * as the driver would make it, cut to the millisecond, but as a number: a Date from it costs
 * nothing beside the driver's parse of the text (a regular expression an event, 4% of a rebuild).
 */
const ENCODED_COLUMNS = sql`position, stream_id, stream_version, type, schema_version, data::text as data, metadata::text as metadata,
  transaction_id::text as transaction_id, floor(extract(epoch from recorded_at) * 1000)::int8 as recorded_at`;
type EncodedRow = Omit<EventRow, 'data' | 'metadata' | 'recorded_at'> & { data: string; metadata: string; recorded_at: number };

/** What a typed read of the log passed (`scanned` events, through the checkpoint `through`) and found. */
export type TypedRead<E extends AnyEvent> = { events: StoredEvent<E>[]; through: Checkpoint | null; scanned: number };

// The newest events of the live log decoded, kept for its other readers of the same moment.
const DECODED_KEPT = 10_000;
const SHARED_READ_ROWS = 1000;

export class EventStore<E extends AnyEvent = AnyEvent> {
  private readonly groupCommit: Batcher<AppendRequest, InsertedRow[]>;
  private readonly decoded = new Map<string, StoredEvent<E>>();

  constructor(
    private readonly db: Executor,
    readonly registry: EventRegistry<E>,
    /** Called with how many events were committed, to wake the processors. */
    private readonly onCommitted: (events: number) => void,
  ) {
    this.groupCommit = appendBatcher(db);
  }

  /**
   * Appends on its own, committed when the promise resolves. Concurrent calls share one
   * statement (group commit). A stale expected version rejects with Conflict and stores nothing.
   */
  async append(streamId: string, expected: ExpectedVersion, events: E[], metadata: EventMetadata): Promise<StoredEvent<E>[]> {
    if (events.length === 0) return [];
    const request = this.request(streamId, expected, events, metadata);
    const rows = await this.groupCommit.submit(request);
    this.onCommitted(rows.length);
    return this.stored(request, events, rows, metadata);
  }

  /**
   * Appends inside the caller's transaction, so inline projections commit with the events or
   * not at all. The caller wakes the processors once it has committed.
   */
  async appendInTransaction(trx: Tx, streamId: string, expected: ExpectedVersion, events: E[], metadata: EventMetadata): Promise<StoredEvent<E>[]> {
    // Without it, a write before this append could let readers of the log pass it by (horizon.ts).
    if (!isDeclaredAppender(trx)) throw new Error('A transaction that appends starts with lockLogForAppend(trx)');
    if (events.length === 0) return [];
    const request = this.request(streamId, expected, events, metadata);
    let rows: InsertedRow[];
    try {
      rows = await insertAppends(trx, [request]);
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict();
      throw error;
    }
    if (rows.length !== events.length) throw new Conflict();
    return this.stored(request, events, rows, metadata);
  }

  /**
   * Appends to several streams inside the caller's transaction in one statement: the
   * group-commit paths that write many things at once (messages, answers, an import). Appends
   * to one stream must be consecutive, the first carrying the version the stream is at; each
   * append keeps its own metadata. A stream at another version than expected is a Conflict,
   * and nothing is stored. `inRequestOrder` (new streams only) gives positions in the order
   * given, where the log must read as things happened.
   */
  async appendStreamsInTransaction(trx: Tx, appends: readonly StreamAppend<E>[], { inRequestOrder = false } = {}): Promise<StoredEvent<E>[][]> {
    const stored = await this.appendStreamsWhereExpected(trx, appends, { inRequestOrder });
    if (stored.some((events) => events === null)) throw new Conflict();
    return stored as StoredEvent<E>[][];
  }

  /**
   * As `appendStreamsInTransaction`, but a stream that is not at the version (and head) its
   * appends expect is left out alone: its appends answer null and the others are stored.
   */
  async appendStreamsWhereExpected(trx: Tx, appends: readonly StreamAppend<E>[], { inRequestOrder = false } = {}): Promise<(StoredEvent<E>[] | null)[]> {
    if (!isDeclaredAppender(trx)) throw new Error('A transaction that appends starts with lockLogForAppend(trx)');
    const requests = appends.map((append) => ({ ...this.request(append.streamId, append.expected, append.events, append.metadata), expectedHead: append.expectedHead }));
    let rows: InsertedRow[];
    try {
      rows = await insertAppends(trx, requests, { inRequestOrder });
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict();
      throw error;
    }
    const byStream = new Map<string, InsertedRow[]>();
    for (const row of rows) byStream.set(row.stream_id, [...(byStream.get(row.stream_id) ?? []), row]);
    for (const streamRows of byStream.values()) streamRows.sort((a, b) => a.stream_version - b.stream_version);
    // A stream's rows, in version order, belong to its appends in the order they were given.
    return appends.map((append, index) => {
      const streamRows = byStream.get(append.streamId);
      return streamRows ? this.stored(requests[index]!, append.events, streamRows.splice(0, append.events.length), append.metadata) : null;
    });
  }

  async readStream(executor: Executor, streamId: string, afterVersion = 0): Promise<StoredEvent<E>[]> {
    const rows = await sql<EventRow>`${preparedStatement('events_read_stream')}
      select ${EVENT_COLUMNS}
      from events where stream_id = ${streamId} and stream_version > ${afterVersion}
      order by stream_version`.execute(executor);
    return rows.rows.map((row) => this.decode(row));
  }

  /** Several streams in one statement, each in version order; a stream with no events reads as empty. */
  readStreams(executor: Executor, streamIds: readonly string[]): Promise<Map<string, StoredEvent<E>[]>> {
    return this.readStreamsFrom(executor, [...new Set(streamIds)].map((streamId) => ({ streamId, fromVersion: 0 })));
  }

  /**
   * Several streams in one statement, each from a version on (that event included; 0 for the
   * whole stream), in version order: what a command needs past a snapshot it holds.
   */
  async readStreamsFrom(executor: Executor, froms: readonly { streamId: string; fromVersion: number }[]): Promise<Map<string, StoredEvent<E>[]>> {
    const byStream = new Map<string, StoredEvent<E>[]>(froms.map(({ streamId }) => [streamId, []]));
    if (froms.length === 0) return byStream;
    // Stream by stream through the index: a join on the unnested list planned a scan of the log.
    const rows = await sql<EventRow>`${preparedStatement('events_read_streams_from')}
      select e.position, e.stream_id, e.stream_version, e.type, e.schema_version, e.data, e.metadata,
             e.transaction_id::text as transaction_id, e.recorded_at
      from unnest(${batchArray(froms.map((from) => from.streamId), 'text')}, ${batchArray(froms.map((from) => from.fromVersion), 'int4')}) as s(stream_id, from_version)
      cross join lateral (select * from events where stream_id = s.stream_id and stream_version >= s.from_version order by stream_version) e`.execute(executor);
    for (const row of rows.rows) byStream.get(row.stream_id)!.push(this.decode(row));
    return byStream;
  }

  /**
   * The events after `after` in commit-safe order, never skipping one that commits late.
   * Positions are taken at insert, not at commit, so a transaction can hold a lower position
   * than one that already committed. Reading only below the append horizon (no transaction
   * that can still append has an id below it; see horizon.ts), ordered by (transaction id,
   * position), means an event either is already visible or belongs to a transaction whose id
   * sorts after everything read so far. Two statements, the horizon first: run it in a
   * read committed transaction or none, so that the read sees what committed in between.
   */
  async readAll(executor: Executor, after: Checkpoint, limit: number): Promise<StoredEvent<E>[]> {
    return this.readAllBelow(executor, after, limit, await appendHorizon(executor));
  }

  /** `readAll` below a horizon read by an earlier statement (see horizon.ts: never the same one). */
  async readAllBelow(executor: Executor, after: Checkpoint, limit: number, horizon: string): Promise<StoredEvent<E>[]> {
    const rows = await sql<EncodedRow>`${preparedStatement('events_read_all')}
      select ${ENCODED_COLUMNS}
      from events
      where (transaction_id, position) > (${after.transactionId}::xid8, ${after.position}::bigint)
        and transaction_id < ${horizon}::xid8
      -- Qualified: a bare name would sort by the text alias, and '1000' sorts before '999'.
      order by events.transaction_id, events.position
      limit ${limit}`.execute(executor);
    return this.decodeRead(rows.rows);
  }

  /**
   * `readAllBelow` for a reader that acts on some event types only: up to `limit` events are
   * passed (`scanned`, the last of them `through`, null when there was none) and those of
   * `types` among them come back, decoded; the others' rows never leave PostgreSQL.
   */
  async readTypesBelow(executor: Executor, after: Checkpoint, limit: number, horizon: string, types: readonly string[]): Promise<TypedRead<E>> {
    const rows = await sql<Partial<EncodedRow> & { through_transaction_id: string; through_position: number; scanned: number }>`${preparedStatement('events_read_types')}
      with scanned as materialized (
        select transaction_id, position, type
        from events
        where (transaction_id, position) > (${after.transactionId}::xid8, ${after.position}::bigint)
          and transaction_id < ${horizon}::xid8
        order by events.transaction_id, events.position
        limit ${limit}
      ),
      tail as (
        select transaction_id::text as through_transaction_id, position as through_position, (select count(*)::int from scanned) as scanned
        from scanned order by transaction_id desc, position desc limit 1
      )
      select tail.*, wanted.*
      from tail left join lateral (
        select ${ENCODED_COLUMNS}
        from events
        where position in (select position from scanned where type in (select unnest(${batchArray(types, 'text')})))
        order by events.transaction_id, events.position
      ) wanted on true`.execute(executor);
    const first = rows.rows[0];
    if (!first) return { events: [], through: null, scanned: 0 };
    const found = first.position === null ? [] : (rows.rows as EncodedRow[]);
    return { events: this.decodeRead(found), through: { transactionId: first.through_transaction_id, position: first.through_position }, scanned: first.scanned };
  }

  /** The last event below the append horizon, as a checkpoint: where a reader that wants only what comes next starts. */
  async lastCheckpoint(executor: Executor): Promise<Checkpoint> {
    const horizon = await appendHorizon(executor);
    const row = await sql<{ transaction_id: string; position: number }>`
      select transaction_id::text as transaction_id, position from events
      where transaction_id < ${horizon}::xid8
      order by events.transaction_id desc, events.position desc limit 1`.execute(executor);
    const last = row.rows[0];
    return last ? { transactionId: last.transaction_id, position: last.position } : START;
  }

  /**
   * The events after a position in position order, for rebuilds: those a snapshot
   * (`pg_current_snapshot()` as text) saw, when one is given, whatever transaction reads them.
   */
  async readAfterPosition(executor: Executor, afterPosition: number, limit: number, snapshot: string | null = null): Promise<StoredEvent<E>[]> {
    const visible = snapshot === null ? sql`` : sql`and pg_visible_in_snapshot(transaction_id, ${snapshot}::pg_snapshot)`;
    const rows = await sql<EncodedRow>`
      select ${ENCODED_COLUMNS}
      from events where position > ${afterPosition} ${visible}
      order by position
      limit ${limit}`.execute(executor);
    return this.decodeRead(rows.rows);
  }

  /**
   * The events a snapshot (`pg_current_snapshot()` as text) did not see, in position order:
   * those that committed after it was taken. Under a SHARE lock on the log, all of them.
   */
  async readCommittedSince(executor: Executor, snapshot: string): Promise<StoredEvent<E>[]> {
    const rows = await sql<EventRow>`
      select ${EVENT_COLUMNS}
      from events
      where transaction_id >= pg_snapshot_xmin(${snapshot}::pg_snapshot) and not pg_visible_in_snapshot(transaction_id, ${snapshot}::pg_snapshot)
      order by position`.execute(executor);
    return rows.rows.map((row) => this.decode(row));
  }

  /** How many events the log holds (positions have gaps: a rolled-back append spends its numbers). */
  async count(executor: Executor = this.db): Promise<number> {
    const result = await sql<{ count: number }>`select count(*)::int as count from events`.execute(executor);
    return result.rows[0]?.count ?? 0;
  }

  /** The highest position any reader can see now. */
  async head(executor: Executor = this.db): Promise<number> {
    const result = await sql<{ head: number | null }>`select max(position) as head from events`.execute(executor);
    return result.rows[0]?.head ?? 0;
  }

  private request(streamId: string, expected: ExpectedVersion, events: E[], metadata: EventMetadata): AppendRequest {
    return {
      streamId,
      expected: expected === 'any' ? -1 : expected === 'no_stream' ? 0 : expected,
      events: events.map((event) => this.registry.encode(event)),
      metadata: JSON.stringify(metadata),
    };
  }

  private stored(request: AppendRequest, events: E[], rows: InsertedRow[], metadata: EventMetadata): StoredEvent<E>[] {
    const ordered = [...rows].sort((a, b) => a.stream_version - b.stream_version);
    this.keepAppended(request, ordered, metadata);
    return events.map((event, index) => {
      const row = ordered[index]!;
      // Named, not spread, as in decode.
      return {
        type: event.type,
        data: event.data,
        position: row.position,
        streamId: row.stream_id,
        streamVersion: row.stream_version,
        schemaVersion: request.events[index]!.schemaVersion,
        metadata,
        transactionId: row.transaction_id,
        recordedAt: new Date(row.recorded_at),
      } as StoredEvent<E>;
    });
  }

  /**
   * Events this process appends are the ones its processors read next: kept as a read would
   * decode them (the data as encoding checked and kept it, a copy of the decider's), so the read
   * finds them decoded. Kept at the append, before commit: an append that rolls back leaves
   * entries no read can ask for, as its transaction id is never used again.
   */
  private keepAppended(request: AppendRequest, rows: readonly InsertedRow[], metadata: EventMetadata): void {
    request.events.forEach((encoded, index) => {
      const row = rows[index]!;
      this.keep(`${row.transaction_id}:${row.position}`, {
        type: encoded.type,
        data: encoded.data,
        position: row.position,
        streamId: row.stream_id,
        streamVersion: row.stream_version,
        schemaVersion: encoded.schemaVersion,
        metadata,
        transactionId: row.transaction_id,
        recordedAt: new Date(row.recorded_at),
      } as StoredEvent<E>);
    });
  }

  private keep(key: string, event: StoredEvent<E>): void {
    this.decoded.set(key, event);
    if (this.decoded.size > DECODED_KEPT) this.decoded.delete(this.decoded.keys().next().value!);
  }

  /**
   * A read of the log in order. A few hundred events are the tail of a live log, which every
   * processor of the process reads moments apart: decoded once for all of them. A longer read is
   * a catch-up or a rebuild that its reader alone makes, which keeping would only slow.
   */
  private decodeRead(rows: readonly EncodedRow[]): StoredEvent<E>[] {
    const shared = rows.length <= SHARED_READ_ROWS;
    return rows.map((row) => (shared ? this.decodeShared(row) : this.decodeEncoded(row)));
  }

  /** An event other readers will want too. Events never change; a transaction id is never reused, so the key names one event for good. */
  private decodeShared(row: EncodedRow): StoredEvent<E> {
    const key = `${row.transaction_id}:${row.position}`;
    const known = this.decoded.get(key);
    if (known) return known;
    const event = this.decodeEncoded(row);
    this.keep(key, event);
    return event;
  }

  private decodeEncoded(row: EncodedRow): StoredEvent<E> {
    return this.decode({
      position: row.position,
      stream_id: row.stream_id,
      stream_version: row.stream_version,
      type: row.type,
      schema_version: row.schema_version,
      data: JSON.parse(row.data),
      metadata: JSON.parse(row.metadata),
      transaction_id: row.transaction_id,
      recorded_at: row.recorded_at,
    });
  }

  private decode(row: EventRow): StoredEvent<E> {
    const { type, data } = this.registry.decode(row.type, row.schema_version, row.data);
    // Named, not spread: V8 copied the spread object the slow way, 11 µs an event against 0.5.
    return {
      type,
      data,
      position: row.position,
      streamId: row.stream_id,
      streamVersion: row.stream_version,
      schemaVersion: row.schema_version,
      metadata: row.metadata as EventMetadata,
      transactionId: row.transaction_id,
      recordedAt: new Date(row.recorded_at),
    } as StoredEvent<E>;
  }
}
