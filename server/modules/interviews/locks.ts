import { sql } from 'kysely';
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
