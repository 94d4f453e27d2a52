import { beforeAll, describe, expect, it } from 'vitest';
import { silentLog } from '../../testing/core.ts';
import { signInAs, type Caller } from '../../testing/people.ts';
import { liveDemo, nextMessage } from '../../testing/realtime.ts';
import { AnnouncementScheduler } from './scheduler.ts';
import { draft, inMinutes, newsroomOf } from './testing.ts';

const demo = liveDemo({ redisUrl: process.env.REDIS_URL ?? null });
let pat: Caller;
let jo: Caller;
let newsroomId: number;

beforeAll(async () => {
  pat = await signInAs(demo.live.app, 'pr@pressroom.local');
  jo = await signInAs(demo.live.app, 'journalist@pressroom.local');
  newsroomId = (await newsroomOf(await signInAs(demo.live.app, 'admin@pressroom.local'), 'Live Feed Harbour', [pat])).id;
});

async function feedTab() {
  const tab = await demo.socketOf(jo);
  expect(await tab.emitWithAck('join', 'feed')).toEqual({ ok: true });
  return tab;
}

describe('announcements in the home feed, live', () => {
  it('come in when published, change when edited and leave when unpublished', async () => {
    const tab = await feedTab();
    const id = await draft(pat, newsroomId, { headline: 'Feed goes live' });
    const added = nextMessage(tab, 'feed:announcement', (m) => m.announcementId === id);
    await pat.call('POST', `/api/v1/announcements/${id}/publish`);
    expect(await added).toMatchObject({ change: 'added', announcement: { headline: 'Feed goes live', newsroom: { name: 'Live Feed Harbour' }, url: `/app/announcements/${id}` } });

    const updated = nextMessage(tab, 'feed:announcement', (m) => m.announcementId === id && m.change === 'updated');
    await pat.call('PATCH', `/api/v1/announcements/${id}`, { subtitle: 'Now with a subtitle' });
    expect((await updated).announcement?.subtitle).toBe('Now with a subtitle');

    const removed = nextMessage(tab, 'feed:announcement', (m) => m.announcementId === id && m.change === 'removed');
    await pat.call('POST', `/api/v1/announcements/${id}/unpublish`);
    expect(await removed).toMatchObject({ change: 'removed', announcement: null });
  });

  it('say nothing of an embargoed one until its embargo lifts by itself', async () => {
    const tab = await feedTab();
    const heard: string[] = [];
    tab.on('feed:announcement', (m) => heard.push(`${m.announcementId} ${m.change}`));
    const until = inMinutes(30);
    const id = await draft(pat, newsroomId, { headline: 'Feed under embargo', embargoUntil: until.toISOString() });
    await pat.call('POST', `/api/v1/announcements/${id}/publish`);
    await pat.call('PATCH', `/api/v1/announcements/${id}`, { subtitle: 'Still secret' });
    await demo.live.core.processors.caughtUp();
    expect(heard).toEqual([]);

    const added = nextMessage(tab, 'feed:announcement', (m) => m.announcementId === id);
    expect(await new AnnouncementScheduler(demo.live.core, { now: () => until, log: silentLog }).runDue()).toBe(1);
    expect(await added).toMatchObject({ change: 'added', announcement: { headline: 'Feed under embargo', publicAt: until.toISOString() } });
  });
});
