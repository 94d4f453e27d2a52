// What other modules may use of interviews.
import type { EventMetadata } from '../../../contracts/events/index.ts';
import { Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import type { UnitOfWork } from '../../events/command-handler.ts';
import type { AnyEvent, Tx } from '../../events/types.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { interviewDecider, interviewStream } from './commands.ts';
import { clock } from './clock.ts';
import { lockInterview } from './locks.ts';
import { mayManage, mayView, type Person } from './permissions.ts';
import { accessTo } from './queries.ts';

export { interviewMessagesFor, interviewRoom, mayJoinInterviewRoom, type InterviewMessage } from './live.ts';
export { guestActors, interviewAnswerNotice, interviewInvitationNotices, interviewSummary } from './notices.ts';
export { answerLinesReadableBy, type AnswerLine } from './queries.ts';
export { findableBy as interviewsFindableBy } from './search.ts';

/**
 * Publishing an interview as a callout (POST /api/v1/callouts/async/{interviewId}), in the
 * callout's own transaction: the callout's deadline and options become the interview's, and
 * the interview opens to answers. Only its creator may, and once.
 */
export async function publishForCallout(
  unit: UnitOfWork<AnyEvent>,
  person: Person,
  interviewId: number,
  options: { deadline: string | null; showQuestions: boolean; allowSkip: boolean },
  metadata: EventMetadata,
): Promise<void> {
  const row = await unit.trx.selectFrom('interviews').select(['creator_id', 'account_id', 'callout_id']).where('id', '=', interviewId).executeTakeFirst();
  if (!row) throw new NotFound('No such interview.');
  const access = { creatorId: Number(row.creator_id), accountId: row.account_id, published: true, sharedWith: [], invited: [] };
  if (!mayManage(person, access)) throw new Forbidden('Only its interviewer may publish an interview as a callout.');
  if (row.callout_id !== null) throw new ValidationFailed(['This interview has a callout already']);
  await lockInterview(unit.trx, interviewId, true);
  const now = clock.now();
  await unit.run(interviewDecider, interviewStream(interviewId), { type: 'update', changes: options, by: person, now }, metadata);
  await unit.run(interviewDecider, interviewStream(interviewId), { type: 'publish', by: person, now }, metadata);
}

/** Whether a person may see an interview (its page's read check), for modules that link to one (tasks). */
export async function mayViewInterview(db: Kysely<Database> | Tx, person: Person, interviewId: number): Promise<boolean> {
  const access = await accessTo(db as Kysely<Database>, interviewId);
  return access !== null && mayView(person, access);
}

/** The titles of interviews by id, for links to them that a reader of the link may follow (tasks). */
export async function interviewTitles(db: Kysely<Database> | Tx, interviewIds: readonly number[]): Promise<Map<number, string>> {
  if (interviewIds.length === 0) return new Map();
  const rows = await db.selectFrom('interviews').select(['id', 'title']).where('id', 'in', [...new Set(interviewIds)]).execute();
  return new Map(rows.map((row) => [Number(row.id), row.title]));
}
