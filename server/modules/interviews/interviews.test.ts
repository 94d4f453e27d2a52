import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOSED_TO_ANSWERS } from '../../../contracts/interviews/api.ts';
import { productModel } from '../../model.ts';
import { replayInline } from '../../projections/replay.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { clock } from './clock.ts';
import { interviewsProjection } from './projection.ts';
import { uploadRecording } from './testing.ts';

const t = useTestCore(productModel);
const demo = useDemo(t);
const { journalist: jo, pr: pat, expert: eve, admin: ada } = demo;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A call as a signed-in person (null: a guest with no account). */
function as(who: Caller | null, method: Method, url: string, payload?: object): Promise<LightMyRequestResponse> {
  return demo.app.inject({
    method,
    url,
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    ...(who ? { cookies: { [SESSION_COOKIE]: who.token } } : {}),
    ...(payload ? { payload } : {}),
  });
}

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A recording uploaded by a member, as the composer's recorder sends it. */
const videoOf = (owner: Caller) => uploadRecording(demo.app, '/api/v1/uploads', owner.token);
/** A recording a guest uploads through their link. */
const guestVideo = (linkApi: string) => uploadRecording(demo.app, `${linkApi}/uploads`, null);

/** An interview of Pat's with one video and one text question; published unless told. */
async function newInterview(options: { publish?: boolean; deadline?: string; closeAfterAnswers?: number; allowSkip?: boolean } = {}) {
  const created = await as(pat, 'POST', '/api/v1/interviews', {
    title: 'Housing costs',
    brief: 'What renters pay',
    deadline: options.deadline ?? future(3),
    allowSkip: options.allowSkip ?? false,
    closeAfterAnswers: options.closeAfterAnswers ?? null,
    questions: [
      { kind: 'video', text: 'What do you pay?', timeLimitSeconds: 60 },
      { kind: 'text', text: 'Why so much?', maxLength: 200 },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  const interview = created.json();
  if (options.publish !== false) expect((await as(pat, 'POST', `/api/v1/interviews/${interview.id}/publish`)).statusCode).toBe(200);
  const [video, text] = interview.questions as { id: number }[];
  return { id: interview.id as number, video: video!.id, text: text!.id };
}

async function newLink(interviewId: number, type: 'video' | 'text' = 'video') {
  const link = await as(pat, 'POST', `/api/v1/interviews/${interviewId}/links`, { type, label: 'For Gail' });
  expect(link.statusCode, link.body).toBe(201);
  const { id, url } = link.json() as { id: number; url: string };
  const [, hash] = url.match(/\/app\/async\/answer\/(?:video|text)\/([^/]+)$/)!;
  return { id, url, hash: hash!, api: `/api/v1/async/answer/${type}/${hash}` };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the whole path', () => {
  it('create, add questions, publish as a callout; a journalist and a guest answer on video and in writing; the creator sees both with notifications, closes early, and a third answer is refused', async () => {
    const created = await as(pat, 'POST', '/api/v1/interviews', { title: 'Housing costs', brief: 'What renters pay' });
    expect(created.statusCode).toBe(201);
    const interviewId = Number(created.headers['object-id']);
    expect(created.json()).toMatchObject({ id: interviewId, status: 'draft', questions: [], permissions: { canManage: true, canReadAnswers: true, canAnswer: false } });
    const video = await as(pat, 'POST', `/api/v1/interviews/${interviewId}/questions`, { kind: 'video', text: 'What do you pay?' });
    const text = await as(pat, 'POST', `/api/v1/interviews/${interviewId}/questions`, { kind: 'text', text: 'Why so much?' });
    const questions = text.json().questions;
    expect(questions).toMatchObject([
      { id: Number(video.headers['object-id']), kind: 'video', timeLimitSeconds: 120, retakes: 1 },
      { id: Number(text.headers['object-id']), kind: 'text', maxLength: 2000 },
    ]);
    const [q1, q2] = questions.map((q: { id: number }) => q.id);

    const callout = await as(pat, 'POST', `/api/v1/callouts/async/${interviewId}`, { title: 'Renters wanted', content: 'Tell us on camera', deadline: future(2), showQuestions: true, allowSkip: false, userTypes: ['journo'] });
    expect(callout.statusCode, callout.body).toBe(201);
    expect(callout.json()).toMatchObject({ type: 'callout', interview: { id: interviewId, showQuestions: true } });
    const calloutId = callout.json().id;
    expect((await as(pat, 'GET', `/api/v1/interviews/${interviewId}`)).json()).toMatchObject({ status: 'open', calloutId });
    expect((await as(pat, 'POST', `/api/v1/callouts/async/${interviewId}`, { title: 'Again', content: 'x' })).json()).toEqual({ errors: ['This interview has a callout already'] });

    const wire = (await as(jo, 'GET', '/api/v1/interviews?list=wire')).json();
    expect(wire.data.map((i: { id: number }) => i.id)).toContain(interviewId);
    expect((await as(eve, 'GET', '/api/v1/interviews?list=wire')).json().data.map((i: { id: number }) => i.id)).not.toContain(interviewId);

    // The journalist, signed in.
    expect((await as(jo, 'PUT', `/api/v1/interviews/${interviewId}/answers/${q1}`, { video: await videoOf(jo) })).statusCode).toBe(200);
    const joText = await as(jo, 'PUT', `/api/v1/interviews/${interviewId}/answers/${q2}`, { text: 'Half my pay' });
    expect(joText.json()).toMatchObject({ nextQuestionId: null, response: { status: 'started', answers: [{ questionId: q1, kind: 'video' }, { questionId: q2, text: 'Half my pay' }] } });
    expect((await as(jo, 'POST', `/api/v1/interviews/${interviewId}/send`)).json().response.status).toBe('sent');

    // A guest, by link.
    const link = await newLink(interviewId);
    expect(link.hash.length).toBeGreaterThanOrEqual(43);
    const opened = await as(null, 'GET', link.api);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ interview: { id: interviewId, title: 'Housing costs' }, questionsCount: 2, nextQuestionId: q1, response: null });
    expect((await as(null, 'POST', `${link.api}/start`, { name: 'Gail Guest', email: 'gail@example.com', organisation: 'Tenants Union' })).statusCode).toBe(200);
    expect((await as(null, 'PUT', `${link.api}/answers/${q1}`, { video: await guestVideo(link.api) })).statusCode).toBe(200);
    expect((await as(null, 'PUT', `${link.api}/answers/${q2}`, { text: 'Landlords' })).statusCode).toBe(200);
    const guestSent = await as(null, 'POST', `${link.api}/send`);
    expect(guestSent.json().response).toMatchObject({ status: 'sent', respondent: { kind: 'guest', name: 'Gail Guest', organisation: 'Tenants Union' } });

    const responses = (await as(pat, 'GET', `/api/v1/interviews/${interviewId}/responses`)).json().data;
    expect(responses).toHaveLength(2);
    expect(responses[0]).toMatchObject({ respondent: { kind: 'member', person: { id: jo.id } }, answers: [{ kind: 'video', video: { status: 'processing', duration: null } }, { text: 'Half my pay' }] });
    expect(responses[1]).toMatchObject({ respondent: { kind: 'guest', email: 'gail@example.com' }, answers: [{ kind: 'video' }, { text: 'Landlords' }] });
    expect((await as(pat, 'GET', `/api/v1/interviews/${interviewId}`)).json().answersCount).toBe(2);

    await t.core.processors.caughtUp();
    const notifications = (await as(pat, 'GET', '/api/v1/notifications')).json().data;
    // About the interview, not its callout: its page is where the answers are.
    expect(notifications).toContainEqual(
      expect.objectContaining({ type: 'interviewAnswer', entityType: 'INTERVIEW', interview: { id: interviewId }, who: { actors: [expect.objectContaining({ name: 'Gail Guest' }), expect.objectContaining({ id: jo.id })], total: 2 } }),
    );

    const closed = await as(pat, 'POST', `/api/v1/interviews/${interviewId}/close`);
    expect(closed.json()).toMatchObject({ status: 'closed', closedReason: 'creator', closedLine: 'Closed' });
    const third = await as(eve, 'PUT', `/api/v1/interviews/${interviewId}/answers/${q2}`, { text: 'Too late?' });
    expect(third.statusCode).toBe(422);
    expect(third.json()).toEqual({ errors: [CLOSED_TO_ANSWERS] });
    expect((await as(null, 'PUT', `${link.api}/answers/${q2}`, { text: 'Changed my mind' })).json()).toEqual({ errors: [CLOSED_TO_ANSWERS] });
  });

  it('closes by itself after the answers it asked for: "Closed: sources found"', async () => {
    const { id, video, text } = await newInterview({ closeAfterAnswers: 1 });
    await as(jo, 'PUT', `/api/v1/interviews/${id}/answers/${video}`, { video: await videoOf(jo) });
    await as(jo, 'PUT', `/api/v1/interviews/${id}/answers/${text}`, { text: 'Enough' });
    await as(jo, 'POST', `/api/v1/interviews/${id}/send`);
    expect((await as(pat, 'GET', `/api/v1/interviews/${id}`)).json()).toMatchObject({ status: 'closed', closedReason: 'answers', closedLine: 'Closed: sources found' });
    expect((await as(eve, 'PUT', `/api/v1/interviews/${id}/answers/${text}`, { text: 'Me too' })).json()).toEqual({ errors: [CLOSED_TO_ANSWERS] });
  });
});

describe('the answer link', () => {
  it('is a 404, the same for an unknown hash, the wrong type and a revoked link', async () => {
    const { id } = await newInterview();
    const link = await newLink(id, 'text');
    expect((await as(null, 'GET', link.api)).statusCode).toBe(200);
    const unknown = await as(null, 'GET', `/api/v1/async/answer/text/${'A'.repeat(43)}`);
    const wrongType = await as(null, 'GET', link.api.replace('/text/', '/video/'));
    expect(unknown.statusCode).toBe(404);
    expect(wrongType.statusCode).toBe(404);
    expect(wrongType.body).toBe(unknown.body);
    expect((await as(jo, 'DELETE', `/api/v1/interviews/${id}/links/${link.id}`)).statusCode).toBe(403);
    expect((await as(pat, 'DELETE', `/api/v1/interviews/${id}/links/${link.id}`)).statusCode).toBe(204);
    const revoked = await as(null, 'GET', link.api);
    expect(revoked.statusCode).toBe(404);
    expect(revoked.body).toBe(unknown.body);
    expect((await as(pat, 'GET', `/api/v1/interviews/${id}/links`)).json().data).toMatchObject([{ id: link.id, revoked: true }]);
  });

  it('resumes where one stopped, on another device, and a second sending replaces the first', async () => {
    const { id, video, text } = await newInterview();
    const link = await newLink(id);
    await as(null, 'POST', `${link.api}/start`, { name: 'Gail', email: 'gail@example.com' });
    await as(null, 'PUT', `${link.api}/answers/${video}`, { video: await guestVideo(link.api) });
    // Another device: nothing but the link.
    const resumed = (await as(null, 'GET', link.api)).json();
    expect(resumed).toMatchObject({ nextQuestionId: text, response: { respondent: { name: 'Gail' }, answers: [{ questionId: video }] } });
    await as(null, 'PUT', `${link.api}/answers/${text}`, { text: 'First try' });
    await as(null, 'POST', `${link.api}/send`);
    await as(null, 'PUT', `${link.api}/answers/${text}`, { text: 'Second thoughts' });
    await as(null, 'POST', `${link.api}/send`);
    const responses = (await as(pat, 'GET', `/api/v1/interviews/${id}/responses`)).json().data;
    expect(responses).toHaveLength(1);
    expect(responses[0].answers.map((a: { text: string | null }) => a.text)).toEqual([null, 'Second thoughts']);
    expect((await as(pat, 'GET', `/api/v1/interviews/${id}`)).json().answersCount).toBe(1);
  });

  it('is dead past the deadline, by a clock the test controls', async () => {
    const deadline = new Date(Date.now() + 3_600_000);
    const { id, text } = await newInterview({ deadline: deadline.toISOString() });
    const link = await newLink(id);
    await as(null, 'POST', `${link.api}/start`, { name: 'Gail', email: 'gail@example.com' });
    vi.spyOn(clock, 'now').mockReturnValue(new Date(deadline.getTime() + 1000));
    const late = await as(null, 'PUT', `${link.api}/answers/${text}`, { text: 'Just in time?' });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual({ errors: [CLOSED_TO_ANSWERS] });
    expect((await as(null, 'GET', link.api)).json().interview).toMatchObject({ status: 'closed', closedReason: 'deadline', closedLine: 'Closed: deadline passed' });
    expect((await as(pat, 'GET', '/api/v1/interviews?list=wire')).json().data.map((i: { id: number }) => i.id)).not.toContain(id);
  });

  it('reaches nothing but its own interview’s questions', async () => {
    const { id } = await newInterview();
    const link = await newLink(id);
    await as(null, 'POST', `${link.api}/start`, { name: 'Gail', email: 'gail@example.com' });
    for (const url of [`/api/v1/interviews/${id}`, `/api/v1/interviews/${id}/responses`, `/api/v1/interviews/${id}/links`, '/api/v1/interviews']) {
      expect((await as(null, 'GET', url)).statusCode).toBe(401);
    }
    const other = await newInterview();
    expect((await as(null, 'PUT', `${link.api}/answers/${other.text}`, { text: 'Elsewhere' })).statusCode).toBe(404);
  });
});

describe('answers', () => {
  it('to one question given twice at once keep one answer', async () => {
    const { id, text } = await newInterview();
    const answers = await Promise.all(['One', 'Two', 'Three'].map((words) => as(eve, 'PUT', `/api/v1/interviews/${id}/answers/${text}`, { text: words })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const [response] = (await as(pat, 'GET', `/api/v1/interviews/${id}/responses`)).json().data;
    expect(response.answers).toHaveLength(1);
    expect(['One', 'Two', 'Three']).toContain(response.answers[0].text);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from interview_responses where interview_id = ${id}`.execute(t.database.db);
    expect(rows[0]!.n).toBe(1);
  });

  it('over a text limit, of the wrong kind, skipped when not allowed, or with someone else’s video get 422 with a line', async () => {
    const { id, video, text } = await newInterview();
    const refused = async (method: Method, url: string, body: object | undefined, line: string) => {
      const answer = await as(eve, method, url, body);
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json().errors).toEqual([line]);
    };
    await refused('PUT', `/api/v1/interviews/${id}/answers/${text}`, { text: 'x'.repeat(201) }, 'An answer to this question is at most 200 characters');
    await refused('PUT', `/api/v1/interviews/${id}/answers/${video}`, { text: 'On camera? No' }, 'This question is answered on video');
    await refused('PUT', `/api/v1/interviews/${id}/answers/${video}`, { video: await videoOf(jo) }, expect.stringMatching(/^Video \d+ was not found$/) as never);
    await refused('POST', `/api/v1/interviews/${id}/answers/${text}/skip`, undefined, 'Questions of this interview cannot be skipped');
    await refused('POST', `/api/v1/interviews/${id}/send`, undefined, 'Answer the questions before sending your answers');
    const malformed = await as(eve, 'PUT', `/api/v1/interviews/${id}/answers/${text}`, { text: 'a', video: 3 });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual(expect.arrayContaining([expect.stringContaining('Answer with a text or a video')]));
  });

  it('can be saved by the interviewer (Saved media), and only by those who read them', async () => {
    const { id, video } = await newInterview();
    await as(eve, 'PUT', `/api/v1/interviews/${id}/answers/${video}`, { video: await videoOf(eve) });
    const [response] = (await as(pat, 'GET', `/api/v1/interviews/${id}/responses`)).json().data;
    const save = `/api/v1/interviews/${id}/responses/${response.id}/answers/${video}/save`;
    expect((await as(pat, 'POST', save, { status: true })).json().data[0].answers[0].saved).toBe(true);
    expect((await as(eve, 'POST', save, { status: true })).statusCode).toBe(403);
    expect((await as(pat, 'GET', '/api/v1/interviews/saved')).json().data[0]).toMatchObject({ interviewId: id, responseId: response.id, question: 'What do you pay?', respondentName: 'Eve Expert', answer: { kind: 'video' } });
  });
});

describe('permissions (spec section 6, enforced by the server)', () => {
  it('let journalists, PR people and admins create interviews, and not experts', async () => {
    const body = { title: 'Mine' };
    for (const who of [jo, pat, ada]) expect((await as(who, 'POST', '/api/v1/interviews', body)).statusCode).toBe(201);
    expect((await as(eve, 'POST', '/api/v1/interviews', body)).statusCode).toBe(403);
    expect((await as(null, 'POST', '/api/v1/interviews', body)).statusCode).toBe(401);
  });

  it('keep a draft to its creator, the answers to its creator and the colleagues it is shared with, and managing to its creator', async () => {
    const draft = await newInterview({ publish: false });
    const open = await newInterview();
    await as(jo, 'PUT', `/api/v1/interviews/${open.id}/answers/${open.text}`, { text: 'Mine' });
    const others = { journalist: jo, expert: eve, admin: ada };
    for (const [role, who] of Object.entries(others)) {
      const status = async (method: Method, url: string, body?: object) => [role, method, url.replace(/\/\d+/g, '/N'), (await as(who, method, url, body)).statusCode];
      expect(await status('GET', `/api/v1/interviews/${draft.id}`)).toEqual([role, 'GET', '/api/v1/interviews/N', 404]);
      expect(await status('GET', `/api/v1/interviews/${open.id}`)).toEqual([role, 'GET', '/api/v1/interviews/N', 200]);
      // Answering is decided in the answers' batch: a draft does not exist there either.
      expect(await status('PUT', `/api/v1/interviews/${draft.id}/answers/${draft.text}`, { text: 'Early' })).toEqual([role, 'PUT', '/api/v1/interviews/N/answers/N', 404]);
      expect(await status('POST', `/api/v1/interviews/${draft.id}/send`)).toEqual([role, 'POST', '/api/v1/interviews/N/send', 404]);
      expect(await status('PUT', `/api/v1/interviews/999999/answers/${open.text}`, { text: 'Lost' })).toEqual([role, 'PUT', '/api/v1/interviews/N/answers/N', 404]);
      for (const [method, url, body] of [
        ['GET', `/api/v1/interviews/${open.id}/responses`],
        ['GET', `/api/v1/interviews/${open.id}/links`],
        ['PATCH', `/api/v1/interviews/${open.id}`, { title: 'Taken over' }],
        ['POST', `/api/v1/interviews/${open.id}/close`],
        ['POST', `/api/v1/interviews/${open.id}/links`, { type: 'text' }],
        ['POST', `/api/v1/interviews/${open.id}/invitations`, { userIds: [eve.id] }],
      ] as [Method, string, object?][]) {
        expect(await status(method, url, body)).toEqual([role, method, url.replace(/\/\d+/g, '/N'), 403]);
      }
    }
    const own = await as(pat, 'PUT', `/api/v1/interviews/${open.id}/answers/${open.text}`, { text: 'My own' });
    expect([own.statusCode, own.json().detail]).toEqual([403, 'You cannot answer your own interview.']);
    expect((await as(pat, 'POST', `/api/v1/interviews/${open.id}/shares`, { userIds: [eve.id] })).json()).toEqual({ errors: [`Person ${eve.id} is not a colleague of your account`] });
    expect((await as(jo, 'GET', `/api/v1/interviews/${open.id}/answering`)).json().response.answers).toHaveLength(1);
  });

  it('show the invited under Awaiting answers until they send, and what they answered under My questions', async () => {
    const { id, video, text } = await newInterview();
    expect((await as(pat, 'POST', `/api/v1/interviews/${id}/invitations`, { userIds: [eve.id, 999_999] })).json()).toEqual({ errors: ['Person 999999 does not exist'] });
    await as(pat, 'POST', `/api/v1/interviews/${id}/invitations`, { userIds: [eve.id] });
    const ids = async (list: string, who: Caller = eve) => (await as(who, 'GET', `/api/v1/interviews?list=${list}`)).json().data.map((i: { id: number }) => i.id);
    expect(await ids('awaiting')).toContain(id);
    await as(eve, 'PUT', `/api/v1/interviews/${id}/answers/${video}`, { video: await videoOf(eve) });
    await as(eve, 'PUT', `/api/v1/interviews/${id}/answers/${text}`, { text: 'Done' });
    await as(eve, 'POST', `/api/v1/interviews/${id}/send`);
    expect(await ids('awaiting')).not.toContain(id);
    expect(await ids('questions')).toContain(id);
    expect(await ids('my', pat)).toContain(id);
    expect((await as(pat, 'GET', '/api/v1/interviews?list=nonsense')).json()).toEqual({ errors: ['Invalid type'], fields: { list: ['Invalid type'] } });
  });
});

describe('the interview read model', () => {
  it('rebuilds from the log into identical tables', async () => {
    const tables = interviewsProjection.tables;
    const snapshot = async () =>
      Object.fromEntries(await Promise.all(tables.map(async (table) => [table, (await sql`select * from ${sql.table(table)} order by 1, 2`.execute(t.database.db)).rows] as const)));
    const live = await snapshot();
    expect((live.interviews as unknown[]).length).toBeGreaterThan(5);
    expect((live.interview_answers as unknown[]).length).toBeGreaterThan(5);
    await sql`update interviews set answers_count = 0, status = 'draft'`.execute(t.database.db);
    await sql`delete from interview_saved_answers`.execute(t.database.db);
    await replayInline(t.database.db, t.core.store, [interviewsProjection]);
    expect(await snapshot()).toEqual(live);
  });
});
