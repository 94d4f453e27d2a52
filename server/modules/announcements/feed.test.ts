import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { replayInline } from '../../projections/replay.ts';
import { silentLog, useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';
import { newestOfBoth } from '../posts/home-feed.ts';
import { AnnouncementScheduler } from './scheduler.ts';
import { draft, inMinutes, newsroomOf, uploadImage } from './testing.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);

type Page = { data: { id: number; publishedAt: string }[]; hasMore: boolean; announcements?: { id: number; headline: string; subtitle: string; headerImage: string | null; url: string; newsroom: { name: string; logo: string | null }; publicAt: string }[] };

const feed = async (who: Caller, query = '') => {
  const answer = await who.call('GET', `/api/v1/posts${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Page;
};
const headlines = async (who: Caller) => ((await feed(who, '?limit=100')).announcements ?? []).map((item) => item.headline);
const follow = async (who: Caller, on: boolean) => {
  const slug = (await who.call('GET', '/api/v1/current_user/info')).json().slug;
  const answer = await who.call(on ? 'PATCH' : 'DELETE', `/api/v1/u/${slug}/settings/follows/feeds/types/announcement`);
  expect(answer.statusCode, answer.body).toBe(200);
};
const publish = async (who: Caller, id: number) => expect((await who.call('POST', `/api/v1/announcements/${id}/publish`)).statusCode).toBe(200);

describe('announcements in the home feed', () => {
  it('show a published announcement to whoever follows the announcement feed, with its newsroom, headline, subtitle, header image and page', async () => {
    const { pr, journalist, expert } = demo;
    await follow(journalist, true);
    await follow(expert, false);
    const room = await newsroomOf(demo.admin, 'Feed Harbour', [pr]);
    const image = await uploadImage(demo.app, pr);
    const id = await draft(pr, room.id, { headline: 'Harbour opens in Oslo', subtitle: 'Twelve new desks', headerImage: image });
    expect(await headlines(journalist)).not.toContain('Harbour opens in Oslo');

    await publish(pr, id);
    const shown = (await feed(journalist, '?limit=100')).announcements?.find((item) => item.id === id);
    expect(shown).toMatchObject({ headline: 'Harbour opens in Oslo', subtitle: 'Twelve new desks', url: `/app/announcements/${id}`, newsroom: { name: 'Feed Harbour' } });
    expect(shown?.headerImage).toMatch(/^\/uploads\//);
    expect((await feed(expert)).announcements).toBeUndefined();
    expect((await feed(journalist, '?type=callout')).announcements).toBeUndefined();

    await pr.call('POST', `/api/v1/announcements/${id}/unpublish`);
    expect(await headlines(journalist)).not.toContain('Harbour opens in Oslo');
  });

  it('keep an embargoed or scheduled announcement out until its time, and one of a private newsroom out always', async () => {
    const { pr, journalist } = demo;
    await follow(journalist, true);
    const room = await newsroomOf(demo.admin, 'Embargo Quay', [pr]);
    const hidden = await newsroomOf(demo.admin, 'Quiet Quay', [pr], { isPublic: false });
    const embargoed = await draft(pr, room.id, { headline: 'Quay results', embargoUntil: inMinutes(30).toISOString() });
    await publish(pr, embargoed);
    const scheduled = await draft(pr, room.id, { headline: 'Quay timetable' });
    expect((await pr.call('POST', `/api/v1/announcements/${scheduled}/schedule`, { publishAt: inMinutes(20).toISOString() })).statusCode).toBe(200);
    await publish(pr, await draft(pr, hidden.id, { headline: 'Quiet results' }));
    expect(await headlines(journalist)).not.toContain('Quay results');
    expect(await headlines(journalist)).not.toContain('Quay timetable');
    expect(await headlines(journalist)).not.toContain('Quiet results');

    await new AnnouncementScheduler(t.core, { now: () => inMinutes(21), log: silentLog }).runDue();
    expect(await headlines(journalist)).toContain('Quay timetable');
    expect(await headlines(journalist)).not.toContain('Quay results');
    await new AnnouncementScheduler(t.core, { now: () => inMinutes(31), log: silentLog }).runDue();
    expect((await headlines(journalist)).slice(0, 2)).toEqual(['Quay results', 'Quay timetable']);
    expect(await headlines(journalist)).not.toContain('Quiet results');
  });

  it('page posts and announcements together by date: every one once, newest first', async () => {
    const { pr, journalist } = demo;
    await follow(journalist, true);
    const room = await newsroomOf(demo.admin, 'Paging Pier', [pr]);
    for (let i = 0; i < 3; i++) {
      await journalist.call('POST', '/api/v1/communityPosts', { content: `Between ${i}` });
      await publish(pr, await draft(pr, room.id, { headline: `Pier ${i}` }));
    }
    const whole = await feed(journalist, '?limit=100');
    const dated = (page: Page) => [...page.data.map((post) => ({ key: `post ${post.id}`, at: post.publishedAt })), ...(page.announcements ?? []).map((item) => ({ key: `announcement ${item.id}`, at: item.publicAt }))];
    const expected = dated(whole).sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || (a.key.startsWith('post') ? -1 : 1));

    const paged: string[] = [];
    for (let offset = 0, announcementsOffset = 0; ; ) {
      const page = await feed(journalist, `?limit=2&offset=${offset}&announcementsOffset=${announcementsOffset}`);
      expect(page.data.length + (page.announcements?.length ?? 0)).toBeLessThanOrEqual(2);
      paged.push(...dated(page).sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || (a.key.startsWith('post') ? -1 : 1)).map((entry) => entry.key));
      offset += page.data.length;
      announcementsOffset += page.announcements?.length ?? 0;
      if (!page.hasMore) break;
    }
    expect(paged).toEqual(expected.map((entry) => entry.key));
    expect(paged.filter((key) => key.startsWith('announcement')).length).toBeGreaterThanOrEqual(3);
  });

  it('still come to a follower on a page past the last post, and not to anyone else', async () => {
    const { pr, journalist, expert } = demo;
    await follow(journalist, true);
    await follow(expert, false);
    const room = await newsroomOf(demo.admin, 'Last Wharf', [pr]);
    await publish(pr, await draft(pr, room.id, { headline: 'Wharf closes' }));
    const pastPosts = '?limit=5&offset=100000';
    const followed = await feed(journalist, pastPosts);
    expect(followed.data).toEqual([]);
    expect(followed.announcements?.map((item) => item.headline)).toContain('Wharf closes');
    const unfollowed = await feed(expert, pastPosts);
    expect(unfollowed).toMatchObject({ data: [], hasMore: false });
    expect(unfollowed.announcements).toBeUndefined();
  });

  it('read the same after the read models are rebuilt from the log', async () => {
    const { pr, journalist } = demo;
    await follow(journalist, true);
    const room = await newsroomOf(demo.admin, 'Replay Wharf', [pr]);
    await publish(pr, await draft(pr, room.id, { headline: 'Wharf stays' }));
    const gone = await draft(pr, room.id, { headline: 'Wharf goes' });
    await publish(pr, gone);
    await pr.call('POST', `/api/v1/announcements/${gone}/unpublish`);
    const before = await feed(journalist, '?limit=100');
    expect(before.announcements?.map((item) => item.headline)).toContain('Wharf stays');
    expect(before.announcements?.map((item) => item.headline)).not.toContain('Wharf goes');

    await replayInline(t.database.db, t.core.store, productModel.inline);
    expect(await feed(journalist, '?limit=100')).toEqual(before);
  });
});

describe('the newest of posts and announcements', () => {
  const post = (at: string) => ({ publishedAt: `2026-01-0${at}T00:00:00.000Z` });
  const announcement = (at: string) => ({ publicAt: `2026-01-0${at}T00:00:00.000Z` });

  it('fill the page from both, the post first on the same instant', () => {
    expect(newestOfBoth([post('5'), post('3'), post('1')], [announcement('4'), announcement('3'), announcement('2')], 4)).toEqual({ postsTaken: 2, announcementsTaken: 2 });
  });

  it('take what is left of one when the other runs out', () => {
    expect(newestOfBoth([], [announcement('4'), announcement('3')], 20)).toEqual({ postsTaken: 0, announcementsTaken: 2 });
    expect(newestOfBoth([post('2')], [], 20)).toEqual({ postsTaken: 1, announcementsTaken: 0 });
  });
});
