import { Batcher, type Outcome } from '../db/batcher.ts';
import { Conflict } from '../errors.ts';
import { insertAppends, lostARace, type AppendRequest, type InsertedRow } from './append-statement.ts';
import type { Executor } from './types.ts';

const ANY = -1;

/**
 * Appends through group commit. Per stream, a flush carries the first waiting append of
 * any kind, then only "any" appends, which stack on top of it. A flush that lost a race to
 * another process (lostARace) wrote nothing: every append tries again on the fresh head, where
 * a stale expected version then fails its check.
 */
export function appendBatcher(db: Executor): Batcher<AppendRequest, InsertedRow[]> {
  return new Batcher((requests) => flushAppends(db, requests), {
    key: (request) => request.streamId,
    joins: (_group, next) => next.expected === ANY,
    weight: (request) => request.events.length,
    maxWeight: 2000,
    // Two flushes in flight keep the connection busy while the other one's result travels back.
    flushesInFlight: 2,
    attempts: 20,
    retryable: lostARace,
    exhausted: () => new Conflict(),
  });
}

async function flushAppends(db: Executor, requests: AppendRequest[]): Promise<Outcome<InsertedRow[]>[]> {
  const rows = await insertAppends(db, requests);
  const byStream = new Map<string, InsertedRow[]>();
  for (const row of rows) {
    const list = byStream.get(row.stream_id);
    if (list) list.push(row);
    else byStream.set(row.stream_id, [row]);
  }
  for (const list of byStream.values()) list.sort((a, b) => a.stream_version - b.stream_version);

  const taken = new Map<string, number>();
  return requests.map((request): Outcome<InsertedRow[]> => {
    const streamRows = byStream.get(request.streamId);
    const offset = taken.get(request.streamId) ?? 0;
    taken.set(request.streamId, offset + request.events.length);
    if (!streamRows) {
      // The stream's head check failed: its first append is stale; "any" appends behind it try again.
      return offset === 0 && request.expected !== ANY ? { error: new Conflict() } : { retry: true };
    }
    return { ok: streamRows.slice(offset, offset + request.events.length) };
  });
}
