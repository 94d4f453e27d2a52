import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type Caller } from '../../testing/people.ts';
import { liveDemo, nextMessage } from '../../testing/realtime.ts';
import { silentLog } from '../../testing/core.ts';
import { draft, newsroomOf } from '../announcements/testing.ts';
import { NewsFetcher } from './fetcher.ts';
import { rss, useFeedServer } from './testing.ts';

const demo = liveDemo({ redisUrl: process.env.REDIS_URL ?? null });
const outlet = useFeedServer();
let admin: Caller;
let pat: Caller;
let jo: Caller;
let expert: Caller;

beforeAll(async () => {
  admin = await signInAs(demo.live.app, 'admin@pressroom.local');
  pat = await signInAs(demo.live.app, 'pr@pressroom.local');
  jo = await signInAs(demo.live.app, 'journalist@pressroom.local');
  expert = await signInAs(demo.live.app, 'expert@pressroom.local');
});

describe('the newswire, live', () => {
  it('tells every reader in its room of each outside item, media article and public announcement as it arrives, and no more', async () => {
    const tab = await demo.socketOf(jo);
    expect(await tab.emitWithAck('join', 'newswire')).toEqual({ ok: true });
    const heard: string[] = [];
    tab.on('newswire:added', (message) => heard.push(message.entry.key.split(':')[0]!));

    outlet.serve('/live.xml', { status: 200, body: rss('Live', [{ guid: 'l1', link: 'https://live.example/1', title: 'Breaking', pubDate: new Date() }]) });
    await admin.call('POST', '/api/v1/news/feeds', { name: 'Live', outlet: 'Live Post', url: outlet.url('/live.xml'), beats: ['politics'], country: 'IE' });
    const item = nextMessage(tab, 'newswire:added', (m) => m.entry.source === 'news');
    await new NewsFetcher(demo.live.core, { log: silentLog, limits: { mayReachPrivate: () => true } }).runDue();
    expect((await item).entry).toMatchObject({ title: 'Breaking', outlet: 'Live Post', beats: ['politics'], country: 'IE', link: 'https://live.example/1' });

    const article = nextMessage(tab, 'newswire:added', (m) => m.entry.source === 'article');
    await admin.call('POST', '/api/v1/news/articles', { kind: 'epitome', title: 'Not on the wire', summary: 'Insider' });
    await admin.call('POST', '/api/v1/news/articles', { kind: 'media', title: 'On the wire', summary: 'Media news' });
    expect((await article).entry).toMatchObject({ title: 'On the wire', outlet: 'Media news' });

    const room = await newsroomOf(admin, 'Live Wire Room', [pat]);
    const id = await draft(pat, room.id, { headline: 'Announced live' });
    const announced = nextMessage(tab, 'newswire:added', (m) => m.entry.source === 'announcement');
    await pat.call('POST', `/api/v1/announcements/${id}/publish`);
    expect((await announced).entry).toMatchObject({ key: `announcement:${id}`, title: 'Announced live', outlet: 'Live Wire Room', link: `/app/announcements/${id}` });

    await demo.live.core.processors.caughtUp();
    expect(heard).toEqual(['news', 'article', 'announcement']);
  });
});

describe('commentary, live', () => {
  it('tells the commentary page of a new reaction, which is then read under the item it answers', async () => {
    outlet.serve('/answered.xml', { status: 200, body: rss('Answered', [{ guid: 'a1', link: 'https://answered.example/story', title: 'Worth a reaction', pubDate: new Date() }]) });
    await admin.call('POST', '/api/v1/news/feeds', { name: 'Answered', outlet: 'Answered Daily', url: outlet.url('/answered.xml') });
    await new NewsFetcher(demo.live.core, { log: silentLog, limits: { mayReachPrivate: () => true } }).runDue();

    const tab = await demo.socketOf(jo);
    expect(await tab.emitWithAck('join', 'feed')).toEqual({ ok: true });
    const heard = nextMessage(tab, 'post:changed', (m) => m.kind === 'reaction' && m.change === 'created');
    const { rows } = await sql<{ id: number }>`
      insert into uploads (owner_id, kind, mime, size_bytes, path, status, original_name)
      values (${expert.id}, 'video', 'video/mp4', 1000, '/uploads/v/answered.mp4', 'processing', 'clip.mp4') returning id`.execute(demo.live.core.database.db);
    const posted = await expert.call('POST', '/api/v1/reactions', { video: rows[0]!.id, content: 'My reaction', url: 'https://answered.example/story/?utm_source=wire' });
    expect((await heard).postId).toBe(Number(posted.headers['object-id']));

    const [group] = (await jo.call('GET', '/api/v1/news/commentary')).json().data;
    expect(group).toMatchObject({ subject: { title: 'Worth a reaction', outlet: 'Answered Daily' }, posts: [{ id: Number(posted.headers['object-id']), type: 'reaction' }] });
  });
});
