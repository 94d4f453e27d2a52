import { beforeAll, describe, expect, it } from 'vitest';
import type { NumbersMove } from '../../../contracts/announcements/realtime.ts';
import { DEVELOPMENT_LINK_SECRET } from '../../config.ts';
import { TEST_PUBLIC_URL } from '../../testing/app.ts';
import { RecipientLinks } from './distribution/links.ts';
import { PULSE_MS } from './distribution/pulse.ts';
import { put } from './distribution/testing.ts';
import { signInAs, type Caller } from '../../testing/people.ts';
import { liveDemo, nextMessage } from '../../testing/realtime.ts';
import { silentLog } from '../../testing/core.ts';
import { AnnouncementScheduler } from './scheduler.ts';
import { newAccount, newPerson, placeIn } from '../../testing/accounts.ts';
import { draft, inMinutes, newsroomOf } from './testing.ts';

const demo = liveDemo({ redisUrl: process.env.REDIS_URL ?? null });
const { socketOf } = demo;
let pat: Caller;
let cole: Caller;
let jo: Caller;
let bea: Caller;
let newsroomId: number;

beforeAll(async () => {
  const app = demo.live.app;
  pat = await signInAs(app, 'pr@pressroom.local');
  jo = await signInAs(app, 'journalist@pressroom.local');
  const admin = await signInAs(app, 'admin@pressroom.local');
  cole = await newPerson(app, 'Cole');
  await placeIn(admin, cole, (await pat.call('GET', '/api/v1/current_user/info')).json().account.id, { readOnly: true });
  bea = await newPerson(app, 'Bea');
  await placeIn(admin, bea, await newAccount(admin, 'Live Agency', ['ROLE_MODULE_ONLINE_NEWSROOM']));
  newsroomId = (await newsroomOf(admin, 'Live Announcements', [pat])).id;
});

describe('announcements, live', () => {
  it('reach the newsroom’s people (read-only ones too) as they are drafted, edited and published; nobody else hears', async () => {
    const coleTab = await socketOf(cole);
    const joTab = await socketOf(jo);
    const beaTab = await socketOf(bea);
    const unwanted: string[] = [];
    joTab.on('announcement:changed', (m) => unwanted.push(`jo ${m.change}`));
    beaTab.on('announcement:changed', (m) => unwanted.push(`bea ${m.change}`));

    const drafted = nextMessage(coleTab, 'announcement:changed', (m) => m.change === 'drafted' && m.announcement.headline === 'Live launch');
    const id = await draft(pat, newsroomId, { headline: 'Live launch' });
    expect(await drafted).toMatchObject({ announcementId: id, newsroomId, announcement: { status: 'draft' } });

    const edited = nextMessage(coleTab, 'announcement:changed', (m) => m.change === 'edited' && m.announcementId === id);
    await pat.call('PATCH', `/api/v1/announcements/${id}`, { subtitle: 'Now live' });
    expect((await edited).announcement.subtitle).toBe('Now live');

    const published = nextMessage(coleTab, 'announcement:changed', (m) => m.change === 'published' && m.announcementId === id);
    await pat.call('POST', `/api/v1/announcements/${id}/publish`);
    expect((await published).announcement).toMatchObject({ status: 'published', isEmbargoed: false });
    await demo.live.core.processors.caughtUp();
    expect(unwanted).toEqual([]);
  });

  it('tell the newsroom’s people when an embargo lifts itself', async () => {
    const coleTab = await socketOf(cole);
    const until = inMinutes(30);
    const id = await draft(pat, newsroomId, { headline: 'Lifts live', embargoUntil: until.toISOString() });
    await pat.call('POST', `/api/v1/announcements/${id}/publish`);
    const lifted = nextMessage(coleTab, 'announcement:changed', (m) => m.change === 'embargoLifted' && m.announcementId === id);
    expect(await new AnnouncementScheduler(demo.live.core, { now: () => until, log: silentLog }).runDue()).toBe(1);
    expect((await lifted).announcement).toMatchObject({ isEmbargoed: false, publicAt: until.toISOString() });
  });
});

describe('the hub’s numbers, live', () => {
  const links = new RecipientLinks(DEVELOPMENT_LINK_SECRET, TEST_PUBLIC_URL);
  const hit = (url: string) => demo.live.app.inject({ method: 'GET', url: url.slice(TEST_PUBLIC_URL.length), headers: { 'user-agent': 'Mail' } });

  /** A published release sent to one address; its id and the recipient's. */
  async function sent() {
    const id = await draft(pat, newsroomId, { headline: 'Numbers live' });
    expect((await put(demo.live.app, pat, `/api/v1/announcements/${id}/audience`, { lists: [], subscribers: false, addresses: ['ana@daily.example'] })).statusCode).toBe(200);
    await pat.call('POST', `/api/v1/announcements/${id}/publish`);
    const db = demo.live.core.database.db;
    await db.updateTable('distribution_recipients').set({ status: 'sent', sent_at: new Date() }).where('announcement_id', '=', id).execute();
    const recipient = await db.selectFrom('distribution_recipients').select('id').where('announcement_id', '=', id).executeTakeFirstOrThrow();
    return { id, recipient: Number(recipient.id) };
  }

  it('an open and a click reach the hub of a newsroom’s person (read-only too); outsiders may not join its room', async () => {
    const { id, recipient } = await sent();
    const hub = await socketOf(cole);
    expect(await hub.emitWithAck('join', `announcement:${id}`)).toEqual({ ok: true });
    for (const outsider of [jo, bea]) expect(await (await socketOf(outsider)).emitWithAck('join', `announcement:${id}`)).toEqual({ ok: false, error: 'You may not join this room.' });

    const opened = nextMessage(hub, 'announcement:numbers', (m) => m.announcementId === id && m.moved.includes('opened'));
    await hit(links.openPixelUrl(recipient));
    expect(await opened).toEqual({ announcementId: id, moved: ['opened'] });
    const clicked = nextMessage(hub, 'announcement:numbers', (m) => m.announcementId === id && m.moved.includes('clicked'));
    await hit(links.clickUrl(recipient, 'https://harbour.example/'));
    await clicked;
    const numbers = (await cole.call('GET', `/api/v1/announcements/${id}/distribution`)).json().numbers;
    expect(numbers).toMatchObject({ opens: 1, clicks: 1 });
  });

  it('tells a burst of opens at most once per 500 ms, with whatever moved meanwhile', async () => {
    const { id, recipient } = await sent();
    const hub = await socketOf(pat);
    await hub.emitWithAck('join', `announcement:${id}`);
    const heard: NumbersMove[][] = [];
    hub.on('announcement:numbers', (m) => m.announcementId === id && heard.push(m.moved));
    const started = Date.now();
    await Promise.all(Array.from({ length: 30 }, () => hit(links.openPixelUrl(recipient))));
    await hit(links.clickUrl(recipient, 'https://harbour.example/'));
    const took = Date.now() - started;
    await nextMessage(hub, 'announcement:numbers', (m) => m.announcementId === id && m.moved.includes('clicked'));
    expect(heard.length).toBeLessThanOrEqual(Math.ceil(took / PULSE_MS) + 1);
    expect(heard[0]).toEqual(['opened']);
    expect(heard.flat()).toContain('clicked');
  });
});
