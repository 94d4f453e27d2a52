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
const { journalist: jo, pr: pat, expert: eve } = useDemo(t);

async function feed(who: Caller): Promise<NotificationList> {
  await t.core.processors.caughtUp();
  const response = await who.call('GET', '/api/v1/notifications?limit=100');
  expect(response.statusCode).toBe(200);
  return response.json();
}
/** Someone's invitations to answer one interview. */
const invitationsTo = async (who: Caller, interviewId: number): Promise<NotificationView[]> =>
  (await feed(who)).data.filter((item) => item.type === 'interviewInvitation' && item.interview.id === interviewId);

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** One of Jo's interviews, its first question on video; published unless told. */
async function newInterview(title: string, { publish = true } = {}): Promise<number> {
  const created = await jo.call('POST', '/api/v1/interviews', {
    title,
    brief: 'For a weekend explainer',
    deadline: future(3),
    questions: [
      { kind: 'video', text: 'What fails first?', timeLimitSeconds: 60 },
      { kind: 'text', text: 'One fix?', maxLength: 200 },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json() as { id: number };
  if (publish) await publishIt(id);
  return id;
}
async function publishIt(interviewId: number): Promise<void> {
  const published = await jo.call('POST', `/api/v1/interviews/${interviewId}/publish`);
  expect(published.statusCode, published.body).toBe(200);
}
const invite = (interviewId: number, ...people: Caller[]) => jo.call('POST', `/api/v1/interviews/${interviewId}/invitations`, { userIds: people.map((who) => who.id) });

describe('interview invitations in the notification feed (interviewInvitation)', () => {
  it('tell the person invited to answer, once, who invited them to what; neither the interviewer nor anyone else', async () => {
    const interviewId = await newInterview('Heat and the grid');
    expect((await invite(interviewId, eve)).statusCode).toBe(200);
    expect((await invite(interviewId, eve)).statusCode).toBe(200);

    const [item, ...rest] = await invitationsTo(eve, interviewId);
    expect(rest).toEqual([]);
    expect(item).toEqual({
      id: expect.any(Number),
      type: 'interviewInvitation',
      entityType: 'INTERVIEW',
      entitySummary: 'Heat and the grid',
      when: expect.any(String),
      isRead: false,
      who: { actors: [expect.objectContaining({ id: jo.id, name: 'Jo Reporter', type: 'person' })], total: 1 },
      interview: { id: interviewId, answerKind: 'video' },
    });
    // The live push to the invitee's room, as every notification has it.
    expect(pushed.filter((change) => change.recipientId === eve.id).at(-1)).toEqual({ recipientId: eve.id, unreadCount: (await feed(eve)).unreadCount, notificationId: item!.id });
    // It is the interview under Awaiting answers.
    expect((await eve.call('GET', '/api/v1/interviews?list=awaiting')).json().data.map((i: { id: number }) => i.id)).toContain(interviewId);

    expect((await invite(interviewId, jo)).json()).toEqual({ errors: ['You cannot invite yourself'] });
    expect(await invitationsTo(jo, interviewId)).toEqual([]);
    expect(await invitationsTo(pat, interviewId)).toEqual([]);
  });

  it('tell those invited to a draft when it is published, not before', async () => {
    const interviewId = await newInterview('Drought and wheat', { publish: false });
    await invite(interviewId, eve);
    expect(await invitationsTo(eve, interviewId)).toEqual([]);
    await publishIt(interviewId);
    expect(await invitationsTo(eve, interviewId)).toMatchObject([{ entitySummary: 'Drought and wheat', who: { actors: [{ id: jo.id }], total: 1 } }]);
  });

  it('follow the interview’s title, and tell nobody invited once it is closed', async () => {
    const interviewId = await newInterview('Rates');
    await invite(interviewId, eve);
    expect((await jo.call('PATCH', `/api/v1/interviews/${interviewId}`, { title: 'Rates and rents' })).statusCode).toBe(200);
    expect(await invitationsTo(eve, interviewId)).toMatchObject([{ entitySummary: 'Rates and rents' }]);

    expect((await jo.call('POST', `/api/v1/interviews/${interviewId}/close`)).statusCode).toBe(200);
    await invite(interviewId, pat);
    expect(await invitationsTo(pat, interviewId)).toEqual([]);
  });

  it('honour the in-app choice of the notification settings', async () => {
    const setInvitations = (inApp: boolean) => eve.call('PATCH', '/api/v1/u/eve-expert/settings/notifications/interviewInvitation', { inApp });
    expect((await setInvitations(false)).statusCode).toBeLessThan(300);
    const muted = await newInterview('Muted');
    await invite(muted, eve);
    expect(await invitationsTo(eve, muted)).toEqual([]);
    expect((await setInvitations(true)).statusCode).toBeLessThan(300);
    const heard = await newInterview('Heard');
    await invite(heard, eve);
    expect(await invitationsTo(eve, heard)).toHaveLength(1);
  });

  it('rebuild from the log into the same notifications, read marks included', async () => {
    await eve.call('PATCH', `/api/v1/notifications/${(await feed(eve)).data[0]!.id}/read`);
    const snapshot = async () => {
      await t.core.processors.caughtUp();
      const entries = await Promise.all(processor.tables.map(async (table) => [table, (await sql`select * from ${sql.table(table)} order by 1, 2`.execute(t.database.db)).rows] as const));
      return Object.fromEntries(entries);
    };
    const live = await snapshot();
    expect((live.notifications as { type: string }[]).filter((row) => row.type === 'interviewInvitation')).toHaveLength(4);
    await replayProcessor(t.core.processors, processor);
    expect(await snapshot()).toEqual(live);
  });
});
