import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList, NotificationView } from '../../../contracts/notifications.ts';
import { productModel } from '../../model.ts';
import { replayProcessor } from '../../projections/replay.ts';
import { newAccount, newPerson, placeIn } from '../../testing/accounts.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';
import { monitorMatcher } from '../monitors/index.ts';
import { addNewsItem, prWithModules } from '../monitors/testing.ts';
import { notificationsProcessor, type UnreadChange } from './processor.ts';

const pushed: UnreadChange[] = [];
const processor = notificationsProcessor({ onChange: (changes) => pushed.push(...changes) });
const t = useTestCore({ ...productModel, processors: [processor, monitorMatcher()] });
const demo = useDemo(t);
const { pr: pat, admin } = demo;
/** Pat's colleague, in the same account; Bea, of another account with a monitor of the same words. */
let cole: Caller;
let bea: Caller;
let patAccount: number;

beforeAll(async () => {
  patAccount = (await pat.call('GET', '/api/v1/current_user/info')).json().account.id;
  cole = await newPerson(demo.app, 'Cole');
  await placeIn(admin, cole, patAccount);
  bea = await prWithModules(demo.app, admin, 'Bea', ['ROLE_MODULE_MONITOR']);
});

async function feed(who: Caller): Promise<NotificationList> {
  await t.core.processors.caughtUp();
  const response = await who.call('GET', '/api/v1/notifications?limit=100');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
/** Someone's feed items about one monitor, newest first. */
const aboutMonitor = async (who: Caller, monitorId: number): Promise<NotificationView[]> =>
  (await feed(who)).data.filter((item) => item.type === 'monitorMention' && item.monitor.id === monitorId);
const anyMonitor = async (who: Caller) => (await feed(who)).data.filter((item) => item.type === 'monitorMention');

async function newMonitor(who: Caller, name: string, query: string): Promise<number> {
  const made = await who.call('POST', '/api/v1/monitors', { name, query });
  expect(made.statusCode, made.body).toBe(201);
  await t.core.processors.caughtUp();
  return made.json().id;
}

let itemId = 9100;
/** Outside news items arriving, one after another, each a mention of the monitors of their words. */
async function arrive(...titles: string[]): Promise<void> {
  for (const title of titles) await addNewsItem(t.core, { id: (itemId += 1), title });
  await t.core.processors.caughtUp();
}

describe('mentions in the notification feed (monitorMention)', () => {
  it('tell the monitor’s creator of a burst as one unread item counting them, live; nobody else in the account, nobody of another', async () => {
    const harbour = await newMonitor(pat, 'Harbour PR', 'Harbour');
    const rival = await newMonitor(bea, 'Rival watch', 'Harbour');
    const unreadBefore = (await feed(pat)).unreadCount;

    await arrive('Harbour wins the ferry contract', 'Harbour hires a new chief', 'Harbour in the Senate inquiry');
    const [item, ...rest] = await aboutMonitor(pat, harbour);
    expect(rest).toEqual([]);
    expect(item).toEqual({
      id: expect.any(Number),
      type: 'monitorMention',
      entityType: 'MONITOR',
      entitySummary: 'Harbour PR',
      when: expect.any(String),
      isRead: false,
      monitor: { id: harbour },
      mentions: 3,
    });
    // The badge counts the unread item once, however many mentions it holds.
    expect((await feed(pat)).unreadCount).toBe(unreadBefore + 1);
    expect(pushed.filter((change) => change.recipientId === pat.id).at(-1)).toEqual({ recipientId: pat.id, unreadCount: unreadBefore + 1, notificationId: item!.id });

    expect(await anyMonitor(cole)).toEqual([]);
    expect(await aboutMonitor(bea, harbour)).toEqual([]);
    expect(await anyMonitor(bea)).toMatchObject([{ monitor: { id: rival }, entitySummary: 'Rival watch', mentions: 3 }]);
  });

  it('start a new item once the last is read; the read one keeps its count', async () => {
    const ferries = await newMonitor(pat, 'Ferries', 'ferry');
    await arrive('A ferry for Manly', 'The ferry strike ends');
    const [burst] = await aboutMonitor(pat, ferries);
    expect((await pat.call('PATCH', `/api/v1/notifications/${burst!.id}/read`)).statusCode).toBe(200);

    await arrive('Ferry fares rise');
    expect(await aboutMonitor(pat, ferries)).toMatchObject([
      { isRead: false, mentions: 1 },
      { id: burst!.id, isRead: true, mentions: 2 },
    ]);
    await arrive('New ferry wharf opens');
    const [fresh, read, ...rest] = await aboutMonitor(pat, ferries);
    expect(rest).toEqual([]);
    expect(fresh).toMatchObject({ isRead: false, mentions: 2 });
    expect(read).toMatchObject({ id: burst!.id, isRead: true, mentions: 2 });

    // Marking all read closes the burst in hand too.
    expect((await pat.call('PATCH', '/api/v1/notifications/read')).statusCode).toBe(200);
    await arrive('Ferry timetable changes');
    expect((await aboutMonitor(pat, ferries)).map((item) => [item.isRead, 'mentions' in item && item.mentions])).toEqual([
      [false, 1],
      [true, 2],
      [true, 2],
    ]);
  });

  it('count one unread on the badge per monitor with unread mentions, live, until its item is read; a mention after the reading counts again', async () => {
    const unreadOf = async (who: Caller) => (await feed(who)).unreadCount;
    const lastPushed = () => pushed.filter((change) => change.recipientId === pat.id).at(-1)?.unreadCount;
    expect((await pat.call('PATCH', '/api/v1/notifications/read')).statusCode).toBe(200);
    expect(await unreadOf(pat)).toBe(0);

    const bridges = await newMonitor(pat, 'Bridges', 'bridge');
    const tunnels = await newMonitor(pat, 'Tunnels', 'tunnel');
    await arrive('Bridge closed for repairs', 'Bridge reopens early');
    expect(await unreadOf(pat)).toBe(1);
    await arrive('Tunnel toll rises', 'Bridge and tunnel traffic record', 'Tunnel boring starts');
    expect(await unreadOf(pat)).toBe(2);
    expect(lastPushed()).toBe(2);

    // Someone else's notification still counts on its own beside them.
    const post = (await pat.call('POST', '/api/v1/communityPosts', { content: 'Bridges and tunnels this week' })).headers['object-id'];
    expect((await demo.journalist.call('POST', `/api/v1/communityPosts/${post}/toggleLike`, { status: true })).statusCode).toBe(200);
    expect(await unreadOf(pat)).toBe(3);

    // Reading the item as it was shown leaves a mention that came since unread: still one for the monitor.
    const [shown] = await aboutMonitor(pat, bridges);
    await arrive('Bridge painting finished');
    expect(await aboutMonitor(pat, bridges)).toMatchObject([{ isRead: false, mentions: 4 }]);
    const read = await pat.call('PATCH', `/api/v1/notifications/${shown!.id}/read`);
    expect(read.json()).toEqual({ unreadCount: 3 });
    expect(await aboutMonitor(pat, bridges)).toMatchObject([{ isRead: false, mentions: 1 }, { isRead: true, mentions: 3 }]);

    const [latest] = await aboutMonitor(pat, bridges);
    expect((await pat.call('PATCH', `/api/v1/notifications/${latest!.id}/read`)).json()).toEqual({ unreadCount: 2 });
    await arrive('Bridge toll scrapped');
    expect(await unreadOf(pat)).toBe(3);
    expect(lastPushed()).toBe(3);

    // Deleting a monitor takes its one unread away, whatever it held.
    expect((await pat.call('DELETE', `/api/v1/monitors/${tunnels}`)).statusCode).toBe(204);
    expect(await unreadOf(pat)).toBe(2);
  });

  it('keep the badge exact while mentions arrive as their item is read', async () => {
    const docks = await newMonitor(pat, 'Docks', 'dock');
    const recount = async () => {
      const { rows } = await sql<{ unread: number }>`
        select (count(*) filter (where type <> 'monitorMention') + count(distinct group_key) filter (where type = 'monitorMention'))::int as unread
        from notifications where recipient_id = ${pat.id} and read_at is null and not hidden`.execute(t.database.db);
      return rows[0]!.unread;
    };
    await arrive('Dock strike looms');
    for (let round = 0; round < 6; round += 1) {
      const [item] = await aboutMonitor(pat, docks);
      const reading = round % 3 === 2 ? pat.call('PATCH', '/api/v1/notifications/read') : pat.call('PATCH', `/api/v1/notifications/${item!.id}/read`);
      const [, read] = await Promise.all([arrive(`Dock workers vote ${round}`, `Dock talks resume ${round}`), reading]);
      expect(read.statusCode, read.body).toBe(200);
      expect((await feed(pat)).unreadCount).toBe(await recount());
    }
  });

  it('honour the in-app choice of the notification settings, which lists the type', async () => {
    const slug = (await pat.call('GET', '/api/v1/current_user/info')).json().slug as string;
    const settings = (await pat.call('GET', `/api/v1/u/${slug}/settings/notifications`)).json().data as { type: string; label: string; inApp: boolean }[];
    expect(settings).toContainEqual({ type: 'monitorMention', label: 'A monitor you made finds new mentions', inApp: true });
    const setMentions = (inApp: boolean) => pat.call('PATCH', `/api/v1/u/${slug}/settings/notifications/monitorMention`, { inApp });

    const tides = await newMonitor(pat, 'Tides', 'tide');
    expect((await setMentions(false)).statusCode).toBeLessThan(300);
    await arrive('King tide floods the esplanade');
    expect(await aboutMonitor(pat, tides)).toEqual([]);
    expect((await setMentions(true)).statusCode).toBeLessThan(300);
    await arrive('Tide gauges upgraded');
    expect(await aboutMonitor(pat, tides)).toMatchObject([{ mentions: 1 }]);
  });

  it('follow the monitor’s name, go with the monitor or with its creator to another account, and rebuild from the log into the same tables', async () => {
    const wharves = await newMonitor(pat, 'Wharves', 'wharf');
    const gone = await newMonitor(pat, 'Gone soon', 'pier');
    const ned = await newPerson(demo.app, 'Ned');
    await placeIn(admin, ned, patAccount);
    const neds = await newMonitor(ned, 'Ned’s piers', 'pier');
    await arrive('Wharf sold', 'Pier reopens');
    expect((await pat.call('PATCH', `/api/v1/monitors/${wharves}`, { name: 'Wharves and docks' })).statusCode).toBe(200);
    expect(await aboutMonitor(pat, wharves)).toMatchObject([{ entitySummary: 'Wharves and docks' }]);

    const patUnread = (await feed(pat)).unreadCount;
    expect((await pat.call('DELETE', `/api/v1/monitors/${gone}`)).statusCode).toBe(204);
    expect(await aboutMonitor(pat, gone)).toEqual([]);
    expect((await feed(pat)).unreadCount).toBe(patUnread - 1);

    // Ned moves to another account: his monitor stays with Pat's account, and he hears no more of it.
    expect(await aboutMonitor(ned, neds)).toHaveLength(1);
    await placeIn(admin, ned, await newAccount(admin, 'Ned’s new place', ['ROLE_MODULE_MONITOR']));
    expect(await aboutMonitor(ned, neds)).toEqual([]);
    await arrive('Pier fishing banned');
    expect(await anyMonitor(ned)).toEqual([]);
    expect((await feed(ned)).unreadCount).toBe(0);

    const snapshot = async () => {
      await t.core.processors.caughtUp();
      const entries = await Promise.all(processor.tables.map(async (table) => [table, (await sql`select * from ${sql.table(table)} order by 1, 2`.execute(t.database.db)).rows] as const));
      return Object.fromEntries(entries);
    };
    const live = await snapshot();
    expect((live.notifications as { type: string }[]).filter((row) => row.type === 'monitorMention').length).toBeGreaterThan(10);
    await replayProcessor(t.core.processors, processor);
    expect(await snapshot()).toEqual(live);
  });
});
