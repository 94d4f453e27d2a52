import { sql } from 'kysely';
import { batchArray, preparedStatement } from '../../db/connect.ts';
import type { Tx } from '../../events/types.ts';

// Interview-wide lock: answers take it shared and never wait on each other; what closes or
// changes the rules (closing, publishing, a new deadline, the answer that fills the quota)
// takes it alone, so no answer is accepted after the close that refused it has committed.
const INTERVIEW_LOCK_NAMESPACE = 7313;

export async function lockInterview(trx: Tx, interviewId: number, alone: boolean): Promise<void> {
  await (alone
    ? sql`select pg_advisory_xact_lock(${INTERVIEW_LOCK_NAMESPACE}, ${interviewId}::int)`
    : sql`select pg_advisory_xact_lock_shared(${INTERVIEW_LOCK_NAMESPACE}, ${interviewId}::int)`
  ).execute(trx);
}

/**
 * Locks interviews for a batch of answers, in id order so that two batches never wait on each
 * other: shared, or alone for one that closes itself after N answers. Answers with each id the
 * quota the lock was chosen by; it is read before the lock is granted, so the caller checks it
 * against the interview it reads after.
 */
export async function lockInterviewsForAnswers(trx: Tx, interviewIds: readonly number[]): Promise<Map<number, number | null>> {
  const { rows } = await sql<{ id: number; close_after_answers: number | null }>`
    ${preparedStatement('interviews_lock_for_answers')}
    select id, close_after_answers,
      case when close_after_answers is null
        then pg_advisory_xact_lock_shared(${INTERVIEW_LOCK_NAMESPACE}, id::int)
        else pg_advisory_xact_lock(${INTERVIEW_LOCK_NAMESPACE}, id::int)
      end is null as locked
    from (select id, close_after_answers from interviews where id in (select unnest(${batchArray(interviewIds, 'int8')})) order by id offset 0) in_order`.execute(trx);
  return new Map(rows.map((row) => [Number(row.id), row.close_after_answers]));
}
