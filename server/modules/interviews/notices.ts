import { sql, type Kysely } from 'kysely';
import type { InterviewEvent } from '../../../contracts/interviews/index.ts';
import type { Author } from '../../../contracts/posts/views.ts';
import type { Database } from '../../db/schema.ts';
import type { StoredEvent, Tx } from '../../events/types.ts';
import type { InterviewNotice } from '../notifications/notices.ts';

type ResponseSent = StoredEvent<Extract<InterviewEvent, { type: 'ResponseSent' }>>;
type InvitationAct = StoredEvent<Extract<InterviewEvent, { type: 'IntervieweeInvited' | 'InterviewPublished' }>>;

/** The words that stand for an interview in a notification: its title. */
export const interviewSummary = (title: string) => title.slice(0, 140);

/** A guest has no account: their response stands in as the actor, its id negated so that it never meets a person's. */
const guestActorId = (responseId: number) => -responseId;

/**
 * A sent response tells the interviewer (spec: interviewAnswer) about the interview itself,
 * whose page is where its answers are, whether or not a callout carries it. Colleagues it is
 * shared with are not told (docs/decisions.md). Title and creator come from the read model:
 * the creator never changes, and the title's edits re-summarize the notifications.
 */
export async function interviewAnswerNotice(trx: Tx, event: ResponseSent): Promise<InterviewNotice[]> {
  const { interviewId, responseId, respondentUserId } = event.data;
  const interview = await trx.selectFrom('interviews').select(['creator_id', 'title']).where('id', '=', interviewId).executeTakeFirstOrThrow();
  const creatorId = Number(interview.creator_id);
  const actorId = respondentUserId ?? guestActorId(responseId);
  if (actorId === creatorId) return [];
  return [
    {
      recipientId: creatorId,
      type: 'interviewAnswer',
      groupKey: `interviewAnswer:interview-${interviewId}`,
      interviewId,
      actorId,
      cause: event.streamId,
      entitySummary: interviewSummary(interview.title),
    },
  ];
}

/** The feed's actors that stand for guests' responses, by the names the guests gave. */
export async function guestActors(db: Kysely<Database>, actorIds: readonly number[]): Promise<Map<number, Author>> {
  const responseIds = actorIds.filter((id) => id < 0).map((id) => -id);
  if (responseIds.length === 0) return new Map();
  const rows = await db.selectFrom('interview_responses').select(['id', 'guest_name']).where('id', 'in', responseIds).execute();
  return new Map(
    rows.map((row) => {
      const id = guestActorId(Number(row.id));
      return [id, { id, name: row.guest_name ?? 'Guest', avatar: null, slug: '', type: 'person' }];
    }),
  );
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
