import { sql } from 'kysely';
import type { InterviewEvent } from '../../../contracts/interviews/index.ts';
import type { StoredEvent, Tx } from '../../events/types.ts';
import type { Notice } from '../notifications/notices.ts';

type ResponseSent = StoredEvent<Extract<InterviewEvent, { type: 'ResponseSent' }>>;

/**
 * A sent response tells the interviewer (spec: interviewAnswer). The notification feed names a
 * post, so it points at the callout that carries the interview; an interview without one is
 * heard live on its page only. A guest has no account: the response stands in as the actor
 * (its id negated, so it never meets a person's), which the feed counts but cannot name.
 */
export async function interviewAnswerNotice(trx: Tx, event: ResponseSent): Promise<Notice[]> {
  const { interviewId, responseId, respondentUserId } = event.data;
  const interview = await trx.selectFrom('interviews').select(['creator_id', 'title', 'callout_id']).where('id', '=', interviewId).executeTakeFirst();
  if (!interview || interview.callout_id === null) return [];
  // The read model knows the callout by now; a rebuild must decide as live did, when it came later.
  const before = await sql`
    select 1 from events where stream_id = ${`post-${interview.callout_id}`} and stream_version = 1
      and (transaction_id, position) < (${event.transactionId}::xid8, ${event.position}::bigint)`.execute(trx);
  if (before.rows.length === 0) return [];
  const actorId = respondentUserId ?? -responseId;
  if (actorId === Number(interview.creator_id)) return [];
  return [
    {
      recipientId: Number(interview.creator_id),
      type: 'interviewAnswer',
      groupKey: `interviewAnswer:interview-${interviewId}`,
      postId: Number(interview.callout_id),
      postKind: 'callout',
      commentId: null,
      parentCommentId: null,
      actorId,
      cause: event.streamId,
      entitySummary: interview.title.slice(0, 140),
      commentSummary: null,
    },
  ];
}
