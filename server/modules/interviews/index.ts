// What other modules may use of interviews.
import type { EventMetadata } from '../../../contracts/events/index.ts';
import { Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import type { UnitOfWork } from '../../events/command-handler.ts';
import type { AnyEvent } from '../../events/types.ts';
import { interviewDecider, interviewStream } from './commands.ts';
import { clock } from './clock.ts';
import { lockInterview } from './locks.ts';
import { mayManage, type Person } from './permissions.ts';

export { interviewMessagesFor, interviewRoom, mayJoinInterviewRoom, type InterviewMessage } from './live.ts';
export { interviewAnswerNotice } from './notices.ts';

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
