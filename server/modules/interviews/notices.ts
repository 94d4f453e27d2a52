import { sql } from 'kysely';
import type { InterviewEvent } from '../../../contracts/interviews/index.ts';
import type { StoredEvent, Tx } from '../../events/types.ts';
import type { InterviewNotice, Notice } from '../notifications/notices.ts';

type ResponseSent = StoredEvent<Extract<InterviewEvent, { type: 'ResponseSent' }>>;
type InvitationAct = StoredEvent<Extract<InterviewEvent, { type: 'IntervieweeInvited' | 'InterviewPublished' }>>;

/** The words that stand for an interview in a notification: its title. */
export const interviewSummary = (title: string) => title.slice(0, 140);

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
      entitySummary: interviewSummary(interview.title),
      commentSummary: null,
    },
  ];
}

/**
 * Invited people hear of an interview once they can answer it (spec: "they see it under
 * Awaiting answers and get a notification"): an invitation to a published interview tells its
 * invitee at once; publishing tells everyone invited to the draft. An invitation to an
 * interview closed by then tells nobody. What came before is read from the interview's own
 * stream, so a rebuild decides as live did; title and questions from the read model, which
 * are fixed once published but for the title, whose edits re-summarize the notifications.
 */
export async function interviewInvitationNotices(trx: Tx, event: InvitationAct): Promise<InterviewNotice[]> {
  const { interviewId } = event.data;
  const earlier = await sql<{ type: string; user_id: number | null; invited_by: number | null }>`
    select type, (data->>'userId')::bigint as user_id, (data->>'invitedBy')::bigint as invited_by
    from events
    where stream_id = ${event.streamId} and stream_version < ${event.streamVersion}
      and type in ('InterviewPublished', 'InterviewClosed', 'IntervieweeInvited')
    order by stream_version`.execute(trx);
  const happened = (type: string) => earlier.rows.some((row) => row.type === type);
  let invitations: { userId: number; invitedBy: number }[];
  if (event.type === 'IntervieweeInvited') {
    if (!happened('InterviewPublished') || happened('InterviewClosed')) return [];
    invitations = [event.data];
  } else {
    invitations = earlier.rows.filter((row) => row.type === 'IntervieweeInvited').map((row) => ({ userId: Number(row.user_id), invitedBy: Number(row.invited_by) }));
  }
  if (invitations.length === 0) return [];
  const interview = await trx
    .selectFrom('interviews as i')
    .select((eb) => ['i.title', eb.selectFrom('interview_questions as q').select('q.kind').whereRef('q.interview_id', '=', 'i.id').orderBy('q.position').limit(1).as('first_kind')])
    .where('i.id', '=', interviewId)
    .executeTakeFirstOrThrow();
  return invitations
    .filter(({ userId, invitedBy }) => userId !== invitedBy)
    .map(({ userId, invitedBy }) => ({
      recipientId: userId,
      type: 'interviewInvitation',
      groupKey: `interviewInvitation:interview-${interviewId}`,
      interviewId,
      answerKind: interview.first_kind ?? 'text',
      actorId: invitedBy,
      cause: event.streamId,
      entitySummary: interviewSummary(interview.title),
    }));
}
