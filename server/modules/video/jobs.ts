import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Tx } from '../../events/types.ts';
import { withVideoTables } from './tables.ts';

/** A transcode a worker holds: which video, and how many times it has been taken (this one included). */
export type Claim = { videoId: number; attempts: number };

/** Queues the transcode of a video, in the transaction that appends its VideoUploaded. */
export async function queueTranscode(trx: Tx, videoId: number): Promise<void> {
  await withVideoTables(trx).insertInto('video_jobs').values({ video_id: videoId }).execute();
}

/**
 * Takes the oldest transcode nobody holds, or one whose holder let its lease run out (a worker
 * that crashed or hung), for `leaseMs`. SKIP LOCKED lets workers of several processes claim
 * side by side without waiting on each other; the row lock makes each claim one worker's.
 */
export async function claimTranscode(db: Kysely<Database>, workerId: string, leaseMs: number): Promise<Claim | null> {
  const { rows } = await sql<{ video_id: number; attempts: number }>`
    update video_jobs set attempts = attempts + 1, locked_by = ${workerId}, locked_until = now() + make_interval(secs => ${leaseMs / 1000})
    where video_id = (
      select video_id from video_jobs
      where locked_until is null or locked_until < now()
      order by locked_until nulls first, created_at
      limit 1
      for update skip locked)
    returning video_id, attempts`.execute(db);
  const row = rows[0];
  return row ? { videoId: Number(row.video_id), attempts: row.attempts } : null;
}

/** Extends the lease; false when the worker no longer holds the job (its lease ran out and another took it). */
export async function renewLease(db: Kysely<Database>, claim: Claim, workerId: string, leaseMs: number): Promise<boolean> {
  const result = await withVideoTables(db)
    .updateTable('video_jobs')
    .set({ locked_until: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where('video_id', '=', claim.videoId)
    .where('locked_by', '=', workerId)
    .where('attempts', '=', claim.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a held job back, to be claimed again after `delayMs` (0: at once, by any worker). */
export async function releaseTranscode(db: Kysely<Database>, claim: Claim, workerId: string, delayMs: number): Promise<void> {
  await withVideoTables(db)
    .updateTable('video_jobs')
    .set({ locked_by: null, locked_until: delayMs > 0 ? sql`now() + make_interval(secs => ${delayMs / 1000})` : null })
    .where('video_id', '=', claim.videoId)
    .where('locked_by', '=', workerId)
    .where('attempts', '=', claim.attempts)
    .execute();
}

/**
 * The job is over: the video settles in this same transaction. False when the worker no longer
 * holds it (its lease ran out and another worker took it), and then the caller rolls back:
 * the other worker is clearing this one's files to start over.
 */
export async function removeTranscode(trx: Tx, claim: Claim, workerId: string): Promise<boolean> {
  const result = await withVideoTables(trx)
    .deleteFrom('video_jobs')
    .where('video_id', '=', claim.videoId)
    .where('locked_by', '=', workerId)
    .where('attempts', '=', claim.attempts)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
