import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CLOSED_TO_ANSWERS } from '../../../contracts/interviews/api.ts';
import { productModel } from '../../model.ts';
import { replayInline } from '../../projections/replay.ts';
import { newPerson } from '../../testing/accounts.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';
import { interviewsProjection } from './projection.ts';

// On PostgreSQL concurrent answers share transactions (PGlite runs one statement at a time, so
// there each goes alone): CI runs this file on PostgreSQL.
const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function newInterview(questions: { kind: 'text'; text: string; maxLength: number }[], closeAfterAnswers: number | null = null) {
  const created = await demo.journalist.call('POST', '/api/v1/interviews', { title: 'Rents', brief: 'What you pay', deadline: future(2), closeAfterAnswers, questions });
  expect(created.statusCode, created.body).toBe(201);
  const interview = created.json() as { id: number; questions: { id: number }[] };
  expect((await demo.journalist.call('POST', `/api/v1/interviews/${interview.id}/publish`)).statusCode).toBe(200);
  return { id: interview.id, questions: interview.questions.map((question) => question.id) };
}

const answer = (who: Caller, interviewId: number, questionId: number, text: string) => who.call('PUT', `/api/v1/interviews/${interviewId}/answers/${questionId}`, { text });

async function snapshot() {
  const entries = await Promise.all(interviewsProjection.tables.map(async (table) => [table, (await sql`select * from ${sql.table(table)} order by 1, 2`.execute(t.database.db)).rows] as const));
  return Object.fromEntries(entries);
}

describe('answers given at the same moment', () => {
  it('each reach their response, of one person’s two answers to a question the later in the log stands, and a replay gives the same tables', async () => {
    const interview = await newInterview([
      { kind: 'text', text: 'What changed?', maxLength: 200 },
      { kind: 'text', text: 'Why?', maxLength: 20 },
    ]);
    const people = await Promise.all(Array.from({ length: 6 }, (_, i) => newPerson(demo.app, `Answerer${i}`, 'expert')));
    const [first, second] = interview.questions as [number, number];
    const burst = await Promise.all(
      people.flatMap((person, i) => [
        answer(person, interview.id, first, `First from ${i}`),
        answer(person, interview.id, second, i === 0 ? 'Far too long for twenty characters' : `Why ${i}`),
        answer(person, interview.id, first, `Then from ${i}`),
      ]),
    );
    // One refused answer (over its limit) fails alone, with its line; the rest of its batch stands.
    expect(burst.map((response) => response.statusCode)).toEqual(people.flatMap((_, i) => [200, i === 0 ? 422 : 200, 200]));
    expect(burst[1]!.json().errors).toEqual(['An answer to this question is at most 20 characters']);
    // Of one person's two answers to a question given at once, the one the log holds last stands, in one row.
    const answers = (await sql<{ response_id: number; question_id: number; text: string }>`
      select a.response_id, a.question_id, a.text from interview_answers a where a.interview_id = ${interview.id} order by a.response_id, a.question_id`.execute(t.database.db)).rows;
    const latest = (await sql<{ response_id: number; question_id: number; text: string }>`
      select distinct on (data->>'responseId', data->>'questionId') (data->>'responseId')::int as response_id, (data->>'questionId')::int as question_id, data->>'text' as text
      from events where type = 'AnswerSubmitted' and (data->>'interviewId')::int = ${interview.id}
      order by data->>'responseId', data->>'questionId', position desc`.execute(t.database.db)).rows;
    expect(answers.map((row) => [Number(row.response_id), Number(row.question_id), row.text])).toEqual(
      latest.map((row) => [row.response_id, row.question_id, row.text]).sort((a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number)),
    );
    expect(answers.filter((row) => Number(row.question_id) === second).map((row) => row.text).sort()).toEqual(['Why 1', 'Why 2', 'Why 3', 'Why 4', 'Why 5']);
    const responses = (await sql<{ n: number }>`select count(*)::int as n from interview_responses where interview_id = ${interview.id}`.execute(t.database.db)).rows[0]!.n;
    expect(responses).toBe(6);

    const before = await snapshot();
    await replayInline(t.database.db, t.core.store, [interviewsProjection]);
    expect(await snapshot()).toEqual(before);
  });

  it('each show the answerer their own response, its answers in the questions’ order, as the interviewer reads it', async () => {
    const interview = await newInterview([
      { kind: 'text', text: 'Where?', maxLength: 200 },
      { kind: 'text', text: 'When?', maxLength: 200 },
      { kind: 'text', text: 'Why?', maxLength: 200 },
    ]);
    const people = await Promise.all(Array.from({ length: 4 }, (_, i) => newPerson(demo.app, `Orderly${i}`, 'expert')));
    const [where, when, why] = interview.questions as [number, number, number];
    // Last question first, each time all at once: the answers of the four share batches.
    for (const questionId of [why, where, when]) {
      const given = await Promise.all(people.map((person, i) => answer(person, interview.id, questionId, `${questionId} from ${i}`)));
      expect(given.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    }
    const seen = await Promise.all(people.map(async (person) => (await person.call('GET', `/api/v1/interviews/${interview.id}/answering`)).json().response));
    const read = (await demo.journalist.call('GET', `/api/v1/interviews/${interview.id}/responses`)).json().data as { id: number }[];
    for (const [i, response] of seen.entries()) {
      expect(response.answers.map((one: { questionId: number; text: string }) => [one.questionId, one.text])).toEqual([where, when, why].map((questionId) => [questionId, `${questionId} from ${i}`]));
      expect(read.find((one) => one.id === response.id)).toEqual(response);
    }
  });

  it('close an interview that asked for two answers at exactly two: a third send of the same moment is refused', async () => {
    const interview = await newInterview([{ kind: 'text', text: 'Who pays?', maxLength: 200 }], 2);
    const people = await Promise.all(Array.from({ length: 3 }, (_, i) => newPerson(demo.app, `Sender${i}`, 'expert')));
    for (const [i, person] of people.entries()) expect((await answer(person, interview.id, interview.questions[0]!, `Answer ${i}`)).statusCode).toBe(200);

    const sends = await Promise.all(people.map((person) => person.call('POST', `/api/v1/interviews/${interview.id}/send`)));
    expect(sends.map((response) => response.statusCode).sort()).toEqual([200, 200, 422]);
    expect(sends.find((response) => response.statusCode === 422)!.json().errors).toEqual([CLOSED_TO_ANSWERS]);
    const view = (await demo.journalist.call('GET', `/api/v1/interviews/${interview.id}`)).json();
    expect([view.status, view.closedReason, view.answersCount]).toEqual(['closed', 'answers', 2]);
  });
});
