import { beforeAll, describe, expect, it } from 'vitest';
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
