import { sql, type KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { CommentaryGroup } from '../../../contracts/news/api.ts';
import { productModel } from '../../model.ts';
import { replayInline } from '../../projections/replay.ts';
import { silentLog, useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';
import { draft, newsroomOf } from '../announcements/testing.ts';
import { findPostView, viewerOf } from '../posts/index.ts';
import { readCommentary } from './commentary.ts';
import { NewsFetcher } from './fetcher.ts';
import { newsProjection } from './projection.ts';
import { rss, useFeedServer } from './testing.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const outlet = useFeedServer();

async function video(owner: Caller): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    insert into uploads (owner_id, kind, mime, size_bytes, path, status, original_name)
    values (${owner.id}, 'video', 'video/mp4', 1000, ${`/uploads/v/${Math.random().toString(36).slice(2)}.mp4`}, 'processing', 'clip.mp4') returning id`.execute(t.database.db);
  return rows[0]!.id;
}

async function say(who: Caller, kind: 'reactions' | 'statements', content: string, url?: string): Promise<number> {
  const answer = await who.call('POST', `/api/v1/${kind}`, { video: await video(who), content, ...(url ? { url } : {}) });
  expect(answer.statusCode, answer.body).toBe(201);
  return Number(answer.headers['object-id']);
}

const commentary = async (who: Caller = demo.journalist): Promise<CommentaryGroup[]> => {
  const answer = await who.call('GET', '/api/v1/news/commentary');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data;
};
const shape = (groups: CommentaryGroup[]) => groups.map((group) => [group.subject?.title ?? 'On the record', group.posts.map((post) => post.type === 'statement' || post.type === 'reaction' ? post.content.replace(/<[^>]+>/g, '') : '')]);

async function snapshot() {
  const entries = await Promise.all(newsProjection.tables.map(async (table) => [table, (await sql`select * from ${sql.table(table)} order by 1`.execute(t.database.db)).rows] as const));
  return Object.fromEntries(entries);
}

describe('commentary gathered under the news item it answers', () => {
  it('puts a statement whose url is an item’s link under that item, whatever its tracking parameters, case and trailing slash; an unrelated one on the record; a deleted one nowhere; and rebuilds the same from the log', async () => {
    outlet.serve('/wire.xml', { status: 200, body: rss('Wire', [{ guid: 'w1', link: 'https://outlet.example/markets/rates', title: 'Rates held', pubDate: new Date(Date.now() - 60_000) }]) });
    await demo.admin.call('POST', '/api/v1/news/feeds', { name: 'Wire', outlet: 'The Outlet', url: outlet.url('/wire.xml') });
    await new NewsFetcher(t.core, { log: silentLog, limits: { mayReachPrivate: () => true } }).runDue();

    await say(demo.expert, 'statements', 'Rates should move', 'HTTPS://Outlet.Example/markets/rates/?utm_source=newsletter&utm_medium=email#comments');
    await say(demo.pr, 'reactions', 'Elsewhere', 'https://elsewhere.example/other');
    const deleted = await say(demo.expert, 'reactions', 'Second thoughts', 'https://outlet.example/markets/rates');
    await say(demo.pr, 'statements', 'No address');
    await say(demo.expert, 'reactions', 'Agreed', 'http://outlet.example/markets/rates?utm_campaign=x');

    const room = await newsroomOf(demo.admin, 'Commentary Room', [demo.pr]);
    const announcement = await draft(demo.pr, room.id, { headline: 'We launch' });
    await demo.pr.call('POST', `/api/v1/announcements/${announcement}/publish`);
    // The app's own address, as the reader reaches it (app.inject's host).
    await say(demo.expert, 'reactions', 'Big launch', `http://localhost/app/announcements/${announcement}/`);
    const article = (await demo.admin.call('POST', '/api/v1/news/articles', { kind: 'epitome', title: 'Who moved', summary: 'People' })).json().id;
    await say(demo.pr, 'statements', 'Welcome aboard', `https://LOCALHOST/app/newswire?article=${article}&utm_source=share`);

    expect(shape(await commentary())).toEqual([
      ['Who moved', ['Welcome aboard']],
      ['We launch', ['Big launch']],
      ['Rates held', ['Agreed', 'Second thoughts', 'Rates should move']],
      ['On the record', ['No address', 'Elsewhere']],
    ]);
    const [moved, launch, rates] = await commentary();
    expect(moved!.subject).toMatchObject({ key: `article:${article}`, outlet: 'Epitome', link: `/app/newswire?article=${article}` });
    expect(launch!.subject).toMatchObject({ key: `announcement:${announcement}`, outlet: 'Commentary Room', link: `/app/announcements/${announcement}` });
    expect(rates!.subject).toMatchObject({ source: 'news', outlet: 'The Outlet', link: 'https://outlet.example/markets/rates' });

    expect((await demo.expert.call('DELETE', `/api/v1/reactions/${deleted}`)).statusCode).toBe(204);
    expect(shape(await commentary())[2]).toEqual(['Rates held', ['Agreed', 'Rates should move']]);

    const live = await snapshot();
    expect((live.news_commentary as unknown[]).length).toBe(6);
    await sql`delete from news_commentary`.execute(t.database.db);
    await sql`update news_items set link_key = null`.execute(t.database.db);
    await replayInline(t.database.db, t.core.store, productModel.inline);
    expect(await snapshot()).toEqual(live);
  });

  it('pages by posts, newest first, a group going on in the next page', async () => {
    const first = await demo.journalist.call('GET', '/api/v1/news/commentary?limit=2');
    const page = first.json();
    expect(page.data.flatMap((group: CommentaryGroup) => group.posts)).toHaveLength(2);
    const next = (await demo.journalist.call('GET', `/api/v1/news/commentary?limit=2&before=${page.next}`)).json();
    const seen = new Set(page.data.flatMap((group: CommentaryGroup) => group.posts.map((post) => post.id)));
    expect(next.data.flatMap((group: CommentaryGroup) => group.posts).every((post: { id: number }) => !seen.has(post.id))).toBe(true);
  });

  it('reads a page of any length in the same number of queries, each post as it reads on its own', async () => {
    let queries = 0;
    const counted: KyselyPlugin = {
      transformQuery: (args) => (queries++, args.node),
      transformResult: async (args) => args.result,
    };
    const db = t.database.db.withPlugin(counted);
    const viewer = viewerOf({ id: demo.journalist.id, roles: ['journo'] });
    const queriesFor = async (limit: number) => {
      queries = 0;
      const page = await readCommentary(db, viewer, 'localhost', null, limit);
      return { queries, posts: page.data.flatMap((group) => group.posts) };
    };

    const short = await queriesFor(2);
    const long = await queriesFor(6);
    expect(short.posts).toHaveLength(2);
    expect(long.posts).toHaveLength(6);
    expect(long.queries).toBe(short.queries);
    for (const post of long.posts) expect(post).toEqual(await findPostView(t.database.db, viewer, post.id));
  });
});
