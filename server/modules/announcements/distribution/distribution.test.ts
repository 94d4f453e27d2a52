import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_RULE, LIST_NOT_FOUND, SUBSCRIBE_SENT, SUBSCRIPTION_CONFIRMED, SUBSCRIPTION_LINK_INVALID } from '../../../../contracts/announcements/distribution.ts';
import { listOutbox } from '../../../mail/outbox.ts';
import { productModel } from '../../../model.ts';
import { silentLog, useTestCore } from '../../../testing/core.ts';
import { useDemo } from '../../../testing/demo.ts';
import { AnnouncementScheduler } from '../scheduler.ts';
import { draft, inMinutes, newsroomOf } from '../testing.ts';
import { listOf, put } from './testing.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
let newsroom: { id: number };

const post = (url: string, payload?: object) => demo.app.inject({ method: 'POST', url, headers: { 'x-requested-with': 'XMLHttpRequest' }, ...(payload ? { payload } : {}) });

async function recipients(announcementId: number) {
  const { rows } = await sql<{ email: string; source: string; status: string }>`select email, source, status from distribution_recipients where announcement_id = ${announcementId} order by email`.execute(t.database.db);
  return rows;
}

/** A reader subscribed to the newsroom through the mailed link; the link's code. */
async function subscribe(email: string): Promise<string> {
  const asked = await post(`/api/v1/newsrooms/${newsroom.id}/subscribers`, { email });
  expect(asked.statusCode, asked.body).toBe(202);
  expect(asked.json().message).toBe(SUBSCRIBE_SENT);
  const mail = (await listOutbox(t.database.db)).find((m) => m.to === email);
  const code = /\/m\/subscribe\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
  expect(code, mail?.text).toMatch(/^[\w-]{32}$/);
  return code!;
}

beforeAll(async () => {
  newsroom = await newsroomOf(demo.admin, 'Harbour Distribution Room', [demo.pr]);
});

describe('the newsroom’s subscribers, with double opt-in', () => {
  it('confirms a subscription by the mailed link once, through a button (not the link itself)', async () => {
    const code = await subscribe('reader@example.com');
    const row = () => t.database.db.selectFrom('newsroom_subscribers').select('status').where('email', '=', 'reader@example.com').executeTakeFirstOrThrow();
    expect((await row()).status).toBe('pending');

    const page = await demo.app.inject({ method: 'GET', url: `/m/subscribe/${code}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Confirm subscription');
    expect((await row()).status).toBe('pending');

    const confirmed = await demo.app.inject({ method: 'POST', url: `/m/subscribe/${code}` });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain(SUBSCRIPTION_CONFIRMED);
    expect((await row()).status).toBe('confirmed');

    const again = await demo.app.inject({ method: 'POST', url: `/m/subscribe/${code}` });
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain(SUBSCRIPTION_LINK_INVALID);
  });

  it('answers a bad address with its line and a private newsroom with 404', async () => {
    const bad = await post(`/api/v1/newsrooms/${newsroom.id}/subscribers`, { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(['Email is not valid']);
    const hidden = await newsroomOf(demo.admin, 'Harbour Hidden Room', [demo.pr], { isPublic: false });
    expect((await post(`/api/v1/newsrooms/${hidden.id}/subscribers`, { email: 'reader@example.com' })).statusCode).toBe(404);
  });
});

describe('an announcement’s audience', () => {
  it('refuses lists that are not the account’s and malformed addresses, every problem in one answer, writing nothing', async () => {
    const id = await draft(demo.pr, newsroom.id);
    const answer = await put(demo.app, demo.pr, `/api/v1/announcements/${id}/audience`, { lists: [987654], subscribers: false, addresses: ['desk@example.com', 'desk at example'] });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors).toEqual([ADDRESS_RULE('desk at example'), LIST_NOT_FOUND(987654)]);
    const view = await demo.pr.call('GET', `/api/v1/announcements/${id}/distribution`);
    expect(view.json().audience).toEqual({ lists: [], subscribers: false, addresses: [] });
  });

  it('sends to its lists and typed addresses on publishing, each address once, and to subscribers once the embargo lifts', async () => {
    const list = await listOf(demo.pr, 'Energy desks', ['ana@daily.example', 'Bo@Weekly.example', 'cy@radio.example']);
    await demo.pr.call('POST', `/api/v1/contacts/${list.contacts[2]}/do-not-contact`);
    const code = await subscribe('fan@example.com');
    await demo.app.inject({ method: 'POST', url: `/m/subscribe/${code}` });
    await subscribe('unconfirmed@example.com');

    const id = await draft(demo.pr, newsroom.id, { embargoUntil: inMinutes(30).toISOString() });
    const set = await put(demo.app, demo.pr, `/api/v1/announcements/${id}/audience`, { lists: [list.id], subscribers: true, addresses: [' BO@weekly.example ', 'editor@paper.example'] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().audience).toEqual({ lists: [list.id], subscribers: true, addresses: ['bo@weekly.example', 'editor@paper.example'] });
    // Nothing goes out from a draft.
    expect(await recipients(id)).toEqual([]);

    expect((await demo.pr.call('POST', `/api/v1/announcements/${id}/publish`)).statusCode).toBe(200);
    expect(await recipients(id)).toEqual([
      { email: 'ana@daily.example', source: 'list', status: 'queued' },
      { email: 'bo@weekly.example', source: 'list', status: 'queued' },
      { email: 'editor@paper.example', source: 'address', status: 'queued' },
    ]);
    const view = await demo.pr.call('GET', `/api/v1/announcements/${id}/distribution`);
    expect(view.json().totals).toEqual({ recipients: 3, queued: 3, sent: 0, failed: 0, bounced: 0 });
    expect(view.json().batches).toMatchObject([{ status: 'queued', size: 3, sent: 0, lastError: null }]);

    const scheduler = new AnnouncementScheduler(t.core, { now: () => inMinutes(31), log: silentLog });
    expect(await scheduler.runDue()).toBe(1);
    expect((await recipients(id)).map((r) => `${r.email} ${r.source}`)).toEqual(['ana@daily.example list', 'bo@weekly.example list', 'editor@paper.example address', 'fan@example.com subscriber', 'reader@example.com subscriber']);

    // Setting the same audience again changes nothing; a new address on a published one goes at once, alone.
    await put(demo.app, demo.pr, `/api/v1/announcements/${id}/audience`, { lists: [list.id], subscribers: true, addresses: ['bo@weekly.example', 'editor@paper.example', 'late@paper.example'] });
    expect((await recipients(id)).map((r) => r.email)).toContain('late@paper.example');
    const batches = (await demo.pr.call('GET', `/api/v1/announcements/${id}/distribution`)).json().batches as { size: number }[];
    expect(batches.map((b) => b.size)).toEqual([1, 2, 3]);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from events where stream_id = ${`announcement-${id}`} and type = 'AnnouncementAudienceSet'`.execute(t.database.db);
    expect(rows[0]!.n).toBe(2);
  });
});
