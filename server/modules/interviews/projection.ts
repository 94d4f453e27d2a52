import { sql } from 'kysely';
import type { InterviewEvent } from '../../../contracts/interviews/index.ts';
import type { PostEvent } from '../../../contracts/posts/index.ts';
import { batchArray, preparedStatement } from '../../db/connect.ts';
import type { StoredEvent, Tx } from '../../events/types.ts';
import { inRuns, type InlineProjection } from '../../projections/inline.ts';

/**
 * Interviews, their questions, who was invited and shared with, responses and answers, and
 * saved answers; also which callout carries an interview (from the callout's PostCreated).
 * The answers count moves by the responses actually sent for the first time.
 */
export const interviewsProjection: InlineProjection<InterviewEvent | PostEvent> = {
  name: 'interviews',
  tables: ['interview_saved_answers', 'interview_answers', 'interview_responses', 'interview_shares', 'interview_invitations', 'interview_questions', 'interviews'],
  // A batch of answers (answering.ts) writes its runs of submitted answers in one statement each.
  applyAll: inRuns({ AnswerSubmitted: (trx, events) => applySubmitted(trx, events as Submitted[]) }, (trx, event) => interviewsProjection.apply(trx, event)),
  async apply(trx, event) {
    const at = event.recordedAt;
    switch (event.type) {
      case 'InterviewCreated': {
        const { interviewId, creatorId, accountId, title, brief, deadline, showQuestions, allowSkip, closeAfterAnswers } = event.data;
        await trx
          .insertInto('interviews')
          .values({
            id: interviewId,
            creator_id: creatorId,
            account_id: accountId,
            title,
            brief,
            deadline: deadline === null ? null : new Date(deadline),
            show_questions: showQuestions,
            allow_skip: allowSkip,
            close_after_answers: closeAfterAnswers,
            status: 'draft',
            closed_reason: null,
            callout_id: null,
            callout_user_types: [],
            questions_text: '',
            answers_count: 0,
            created_at: at,
            published_at: null,
            closed_at: null,
          })
          .execute();
        return;
      }
      case 'InterviewUpdated': {
        const { interviewId, title, brief, deadline, showQuestions, allowSkip, closeAfterAnswers } = event.data;
        await trx
          .updateTable('interviews')
          .set({
            ...(title === undefined ? {} : { title }),
            ...(brief === undefined ? {} : { brief }),
            ...(deadline === undefined ? {} : { deadline: deadline === null ? null : new Date(deadline) }),
            ...(showQuestions === undefined ? {} : { show_questions: showQuestions }),
            ...(allowSkip === undefined ? {} : { allow_skip: allowSkip }),
            ...(closeAfterAnswers === undefined ? {} : { close_after_answers: closeAfterAnswers }),
          })
          .where('id', '=', interviewId)
          .execute();
        return;
      }
      case 'QuestionAdded': {
        const { interviewId, questionId, kind, text, timeLimitSeconds, maxLength, thinkSeconds, retakes } = event.data;
        await sql`
          insert into interview_questions (id, interview_id, position, kind, text, time_limit_seconds, max_length, think_seconds, retakes)
          select ${questionId}, ${interviewId}, coalesce(max(position) + 1, 0), ${kind}, ${text}, ${timeLimitSeconds}, ${maxLength}, ${thinkSeconds}, ${retakes}
          from interview_questions where interview_id = ${interviewId}`.execute(trx);
        await keepQuestionsText(trx, interviewId);
        return;
      }
      case 'QuestionEdited': {
        const { interviewId, questionId, text, timeLimitSeconds, maxLength, thinkSeconds, retakes } = event.data;
        await trx
          .updateTable('interview_questions')
          .set({ text, time_limit_seconds: timeLimitSeconds, max_length: maxLength, think_seconds: thinkSeconds, retakes })
          .where('id', '=', questionId)
          .execute();
        await keepQuestionsText(trx, interviewId);
        return;
      }
      case 'QuestionRemoved':
        await trx.deleteFrom('interview_questions').where('id', '=', event.data.questionId).execute();
        await keepQuestionsText(trx, event.data.interviewId);
        return;
      case 'QuestionsReordered': {
        const { interviewId, questionIds } = event.data;
        await sql`
          update interview_questions q set position = o.position - 1
          from unnest(${questionIds}::bigint[]) with ordinality as o(id, position)
          where q.id = o.id and q.interview_id = ${interviewId}`.execute(trx);
        await keepQuestionsText(trx, interviewId);
        return;
      }
      case 'InterviewPublished':
        await trx.updateTable('interviews').set({ status: 'open', published_at: at }).where('id', '=', event.data.interviewId).execute();
        return;
      case 'InterviewClosed':
        await trx.updateTable('interviews').set({ status: 'closed', closed_reason: event.data.reason, closed_at: at }).where('id', '=', event.data.interviewId).execute();
        return;
      case 'IntervieweeInvited':
        await trx.insertInto('interview_invitations').values({ interview_id: event.data.interviewId, user_id: event.data.userId, invited_at: at }).onConflict((oc) => oc.doNothing()).execute();
        return;
      case 'InterviewShared':
        await trx.insertInto('interview_shares').values({ interview_id: event.data.interviewId, user_id: event.data.userId, shared_at: at }).onConflict((oc) => oc.doNothing()).execute();
        return;
      case 'AnswerSaved': {
        const { interviewId, responseId, questionId, userId } = event.data;
        await trx
          .insertInto('interview_saved_answers')
          .values({ user_id: userId, response_id: responseId, question_id: questionId, interview_id: interviewId, saved_at: at })
          .onConflict((oc) => oc.doNothing())
          .execute();
        return;
      }
      case 'AnswerUnsaved': {
        const { responseId, questionId, userId } = event.data;
        await trx.deleteFrom('interview_saved_answers').where('user_id', '=', userId).where('response_id', '=', responseId).where('question_id', '=', questionId).execute();
        return;
      }
      case 'ResponseStarted': {
        const { interviewId, responseId, respondent } = event.data;
        const guest = respondent.kind === 'guest' ? respondent : null;
        await trx
          .insertInto('interview_responses')
          .values({
            id: responseId,
            interview_id: interviewId,
            user_id: respondent.kind === 'member' ? respondent.userId : null,
            link_id: guest?.linkId ?? null,
            guest_name: guest?.name ?? null,
            guest_email: guest?.email ?? null,
            guest_organisation: guest?.organisation ?? null,
            sent: false,
            started_at: at,
            sent_at: null,
          })
          .execute();
        return;
      }
      case 'AnswerSubmitted':
      case 'AnswerSkipped': {
        const { interviewId, responseId, questionId } = event.data;
        const answer =
          event.type === 'AnswerSubmitted'
            ? { kind: event.data.kind, text: event.data.text, video_id: event.data.videoId, skipped: false }
            : { kind: (await questionKindOf(trx, questionId)) ?? 'text', text: null, video_id: null, skipped: true };
        await trx
          .insertInto('interview_answers')
          .values({ response_id: responseId, question_id: questionId, interview_id: interviewId, ...answer, answered_at: at })
          .onConflict((oc) => oc.columns(['response_id', 'question_id']).doUpdateSet({ ...answer, answered_at: at }))
          .execute();
        return;
      }
      case 'AnswerWithdrawn':
        await trx.deleteFrom('interview_answers').where('response_id', '=', event.data.responseId).where('question_id', '=', event.data.questionId).execute();
        return;
      case 'ResponseSent': {
        const first = await trx.updateTable('interview_responses').set({ sent: true, sent_at: at }).where('id', '=', event.data.responseId).where('sent', '=', false).executeTakeFirst();
        if (Number(first.numUpdatedRows) > 0) await trx.updateTable('interviews').set({ answers_count: sql`answers_count + 1` }).where('id', '=', event.data.interviewId).execute();
        else await trx.updateTable('interview_responses').set({ sent_at: at }).where('id', '=', event.data.responseId).execute();
        return;
      }
      case 'PostCreated': {
        const interviewId = event.data.kind === 'callout' ? event.data.fields.interviewId : null;
        if (typeof interviewId !== 'number') return;
        await trx.updateTable('interviews').set({ callout_id: event.data.postId, callout_user_types: event.data.userTypes }).where('id', '=', interviewId).execute();
        return;
      }
    }
  },
};

/**
 * The questions' texts in their order, on the interview, for its search vector (a generated
 * column reads only its own row: migrations/0046). Rewritten whole after any change to them:
 * questions change only while a draft is written, never on the answering path.
 */
async function keepQuestionsText(trx: Tx, interviewId: number): Promise<void> {
  await sql`
    update interviews set questions_text = coalesce((select string_agg(text, E'\n' order by position, id) from interview_questions where interview_id = ${interviewId}), '')
    where id = ${interviewId}`.execute(trx);
}

type Submitted = StoredEvent<Extract<InterviewEvent, { type: 'AnswerSubmitted' }>>;

/** Submitted answers as `apply` would leave them one after another: of one question answered twice, the later stands. */
async function applySubmitted(trx: Tx, submitted: readonly Submitted[]): Promise<void> {
  const latest = [...new Map(submitted.map((event) => [`${event.data.responseId}:${event.data.questionId}`, event])).values()];
  const column = <T>(pick: (event: Submitted) => T) => latest.map(pick);
  await sql`${preparedStatement('interview_answers_submitted')}
    insert into interview_answers (response_id, question_id, interview_id, kind, text, video_id, skipped, answered_at)
    select response_id, question_id, interview_id, kind, text, video_id, false, answered_at::timestamptz
    from unnest(${batchArray(column((e) => e.data.responseId), 'int8')}, ${batchArray(column((e) => e.data.questionId), 'int8')}, ${batchArray(column((e) => e.data.interviewId), 'int8')},
                ${batchArray(column((e) => e.data.kind), 'text')}, ${batchArray(column((e) => e.data.text), 'text')}, ${batchArray(column((e) => e.data.videoId), 'int8')},
                ${batchArray(column((e) => e.recordedAt.toISOString()), 'text')})
      as b(response_id, question_id, interview_id, kind, text, video_id, answered_at)
    on conflict (response_id, question_id) do update
      set kind = excluded.kind, text = excluded.text, video_id = excluded.video_id, skipped = false, answered_at = excluded.answered_at`.execute(trx);
}

async function questionKindOf(trx: Parameters<InlineProjection['apply']>[0], questionId: number) {
  return (await trx.selectFrom('interview_questions').select('kind').where('id', '=', questionId).executeTakeFirst())?.kind;
}
