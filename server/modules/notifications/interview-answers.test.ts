import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { NotificationList, NotificationView } from '../../../contracts/notifications.ts';
import { productModel } from '../../model.ts';
import { replayProcessor } from '../../projections/replay.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';
import { notificationsProcessor, type UnreadChange } from './processor.ts';

const pushed: UnreadChange[] = [];
const processor = notificationsProcessor({ onChange: (changes) => pushed.push(...changes) });
const t = useTestCore({ ...productModel, processors: [processor] });
const demo = useDemo(t);
const { journalist: jo, expert: eve } = demo;

async function feed(who: Caller): Promise<NotificationList> {
  await t.core.processors.caughtUp();
  const response = await who.call('GET', '/api/v1/notifications?limit=100');
  expect(response.statusCode).toBe(200);
  return response.json();
}
/** Someone's notifications of answers to one interview. */
const answersTo = async (who: Caller, interviewId: number): Promise<NotificationView[]> =>
  (await feed(who)).data.filter((item) => item.type === 'interviewAnswer' && item.interview.id === interviewId);
/** The rows behind them: one per answerer. */
const answerRows = async (interviewId: number) =>
  (await sql<{ actor_id: number }>`select actor_id from notifications where type = 'interviewAnswer' and interview_id = ${interviewId} order by id`.execute(t.database.db)).rows;

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** One of Jo's interviews, published with no callout, its one question answered in writing. */
async function newInterview(title: string): Promise<{ id: number; questionId: number }> {
  const created = await jo.call('POST', '/api/v1/interviews', { title, brief: 'For a weekend explainer', deadline: future(3), questions: [{ kind: 'text', text: 'One fix?', maxLength: 200 }] });
  expect(created.statusCode, created.body).toBe(201);
  const { id, questions } = created.json() as { id: number; questions: { id: number }[] };
  expect((await jo.call('POST', `/api/v1/interviews/${id}/publish`)).statusCode).toBe(200);
  return { id, questionId: questions[0]!.id };
}

/** Eve, invited on the platform, answers and sends. */
async function eveAnswers({ id, questionId }: { id: number; questionId: number }, text: string): Promise<void> {
  expect((await eve.call('PUT', `/api/v1/interviews/${id}/answers/${questionId}`, { text })).statusCode).toBe(200);
  const sent = await eve.call('POST', `/api/v1/interviews/${id}/send`);
  expect(sent.statusCode, sent.body).toBe(200);
}

/** A guest with no account answers through a link Jo shares, and sends; answers how to answer again. */
async function guestAnswers({ id, questionId }: { id: number; questionId: number }, text: string): Promise<(text: string) => Promise<void>> {
  const link = await jo.call('POST', `/api/v1/interviews/${id}/links`, { type: 'text', label: 'For Gail' });
  expect(link.statusCode, link.body).toBe(201);
  const hash = (link.json() as { url: string }).url.split('/').at(-1)!;
  const api = `/api/v1/async/answer/text/${hash}`;
  const guest = (method: 'POST' | 'PUT', url: string, payload?: object) =>
    demo.app.inject({ method, url: `${api}${url}`, headers: { 'x-requested-with': 'XMLHttpRequest' }, ...(payload ? { payload } : {}) });
  expect((await guest('POST', '/start', { name: 'Gail Guest', email: 'gail@example.com', organisation: 'Tenants Union' })).statusCode).toBe(200);
  const answer = async (words: string) => {
    expect((await guest('PUT', `/answers/${questionId}`, { text: words })).statusCode).toBe(200);
    const sent = await guest('POST', '/send');
    expect(sent.statusCode, sent.body).toBe(200);
  };
  await answer(text);
  return answer;
}

describe('answers to an interview with no callout in the notification feed (interviewAnswer)', () => {
  it('tell its creator of each answerer, a platform expert and a guest by link, about the interview; never the answerer', async () => {
    const interview = await newInterview('Heat and the grid');
    expect((await jo.call('POST', `/api/v1/interviews/${interview.id}/invitations`, { userIds: [eve.id] })).statusCode).toBe(200);
    await eveAnswers(interview, 'Transformers');
    const [first] = await answersTo(jo, interview.id);
    expect(first).toMatchObject({ who: { actors: [{ id: eve.id, name: 'Eve Expert' }], total: 1 } });
    expect(pushed.filter((change) => change.recipientId === jo.id).at(-1)).toEqual({ recipientId: jo.id, unreadCount: (await feed(jo)).unreadCount, notificationId: first!.id });

    await guestAnswers(interview, 'Shade the substations');
    const [item, ...rest] = await answersTo(jo, interview.id);
    expect(rest).toEqual([]);
    expect(item).toEqual({
      id: expect.any(Number),
      type: 'interviewAnswer',
      entityType: 'INTERVIEW',
      entitySummary: 'Heat and the grid',
      when: expect.any(String),
      isRead: false,
      who: {
        // A guest has no account: they stand as the name they gave.
        actors: [{ id: expect.any(Number), name: 'Gail Guest', avatar: null, slug: '', type: 'person' }, expect.objectContaining({ id: eve.id, name: 'Eve Expert', type: 'person' })],
        total: 2,
      },
      interview: { id: interview.id },
    });
    expect(item!.id).toBeGreaterThan(first!.id);
    // The live push to the interviewer's room, as every notification has it.
    expect(pushed.filter((change) => change.recipientId === jo.id).at(-1)).toEqual({ recipientId: jo.id, unreadCount: (await feed(jo)).unreadCount, notificationId: item!.id });
    expect(await answersTo(eve, interview.id)).toEqual([]);
  });

  it('stand once per answerer when answers are sent again: unread again, no duplicate', async () => {
    const interview = await newInterview('Drought and wheat');
    await jo.call('POST', `/api/v1/interviews/${interview.id}/invitations`, { userIds: [eve.id] });
    await eveAnswers(interview, 'Yields fall');
    const answerAgain = await guestAnswers(interview, 'Prices rise');
    const unreadBefore = (await feed(jo)).unreadCount;

    await eveAnswers(interview, 'Yields fall by a third');
    await answerAgain('Prices rise, then imports');
    expect((await feed(jo)).unreadCount).toBe(unreadBefore);
    expect(await answerRows(interview.id)).toHaveLength(2);
    const [item] = await answersTo(jo, interview.id);
    expect(item).toMatchObject({ isRead: false, who: { actors: [{ name: 'Gail Guest' }, { id: eve.id }], total: 2 } });

    // Read, then changed: the interviewer hears of the new answers, still once for Eve.
    await jo.call('PATCH', `/api/v1/notifications/${item!.id}/read`);
    await eveAnswers(interview, 'Yields fall by half');
    const [again, ...rest] = await answersTo(jo, interview.id);
    expect(rest).toEqual([]);
    expect(again).toMatchObject({ isRead: false, who: { actors: [{ id: eve.id }, { name: 'Gail Guest' }], total: 2 } });
    expect((await feed(jo)).unreadCount).toBe(unreadBefore - 2 + 1);
    expect(await answerRows(interview.id)).toHaveLength(2);
  });

  it('follow the interview’s title, and rebuild from the log into the same notifications after a rename', async () => {
    const interview = await newInterview('Rates');
    await guestAnswers(interview, 'Rents follow');
    expect((await jo.call('PATCH', `/api/v1/interviews/${interview.id}`, { title: 'Rates and rents' })).statusCode).toBe(200);
    expect(await answersTo(jo, interview.id)).toMatchObject([{ entitySummary: 'Rates and rents' }]);

    const snapshot = async () => {
      await t.core.processors.caughtUp();
      const entries = await Promise.all(processor.tables.map(async (table) => [table, (await sql`select * from ${sql.table(table)} order by 1, 2`.execute(t.database.db)).rows] as const));
      return Object.fromEntries(entries);
    };
    const live = await snapshot();
    expect((live.notifications as { type: string }[]).filter((row) => row.type === 'interviewAnswer')).toHaveLength(5);
    await replayProcessor(t.core.processors, processor);
    expect(await snapshot()).toEqual(live);
  });
});
