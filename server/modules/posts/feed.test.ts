import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const { journalist, pr, expert, admin } = demo;

type Listed = { id: number; likable: { liked: boolean; likesCount: number }; video?: unknown };
const listed = async (caller: typeof journalist, query = '') => (await caller.call('GET', `/api/v1/posts${query}`)).json().data as Listed[];

describe('the post list and the post page, each read in one statement', () => {
  it('show a video update’s video with its status, on its page and in the list', async () => {
    const { rows } = await sql<{ id: number }>`
      insert into uploads (owner_id, kind, mime, size_bytes, path, thumbnail_path, status, original_name)
      values (${pr.id}, 'video', 'video/mp4', 1000, '/uploads/v/feed-test.mp4', '/uploads/v/feed-test.jpg', 'processing', 'clip.mp4') returning id`.execute(t.database.db);
    const videoId = rows[0]!.id;
    const id = Number((await pr.call('POST', '/api/v1/records', { video: videoId, content: 'From the floor' })).headers['object-id']);
    const expected = { id: videoId, url: '/uploads/v/feed-test.mp4', coverUrl: '/uploads/v/feed-test.jpg', status: 'processing', duration: null, qualityUrls: {}, fallbackUrl: null, error: null };
    expect((await journalist.call('GET', `/api/v1/records/${id}`)).json().video).toEqual(expected);
    expect((await listed(journalist, '?type=record')).find((post) => post.id === id)?.video).toEqual(expected);
  });

  it('page through every post by offset, newest first, none twice and none missed', async () => {
    for (let i = 0; i < 5; i++) await journalist.call('POST', '/api/v1/communityPosts', { content: `Paging ${i}` });
    const all = (await listed(expert, '?limit=100')).map((post) => post.id);
    const paged: number[] = [];
    for (let offset = 0; ; offset += 3) {
      const page = (await expert.call('GET', `/api/v1/posts?limit=3&offset=${offset}`)).json();
      paged.push(...page.data.map((post: Listed) => post.id));
      if (!page.hasMore) break;
    }
    expect(paged).toEqual(all);
    expect([...all].sort((a, b) => b - a)).toEqual(all);
  });

  it('list a targeted post to its audience, its author and admins only, with each reader’s own liked flag', async () => {
    const id = Number((await expert.call('POST', '/api/v1/callouts', { title: 'Journalists only', content: 'Embargoed', userTypes: ['journo'] })).headers['object-id']);
    await journalist.call('POST', `/api/v1/callouts/${id}/toggleLike`, { status: true });
    const seen = async (caller: typeof journalist) => (await listed(caller, '?type=callout')).find((post) => post.id === id);
    expect((await seen(journalist))?.likable).toEqual({ liked: true, likesCount: 1 });
    expect((await seen(expert))?.likable).toEqual({ liked: false, likesCount: 1 });
    expect((await seen(admin))?.likable).toEqual({ liked: false, likesCount: 1 });
    expect(await seen(pr)).toBeUndefined();
  });

  it('list one author’s posts for their profile, newest first, within what the reader may see', async () => {
    const open = Number((await pr.call('POST', '/api/v1/callouts', { title: 'Open to all', content: 'x' })).headers['object-id']);
    const targeted = Number((await pr.call('POST', '/api/v1/callouts', { title: 'Experts only', content: 'x', userTypes: ['experts'] })).headers['object-id']);
    await journalist.call('POST', '/api/v1/communityPosts', { content: 'Not Pat' });
    const ids = (who: typeof journalist) => listed(who, `?authorId=${pr.id}&limit=100`).then((posts) => posts.map((post) => post.id));
    expect(await ids(expert)).toEqual(expect.arrayContaining([targeted, open]));
    expect((await ids(expert)).slice(0, 2)).toEqual([targeted, open]);
    expect(await ids(journalist)).toContain(open);
    expect(await ids(journalist)).not.toContain(targeted);
    const authors = (await listed(journalist, `?authorId=${pr.id}&limit=100`)).map((post) => (post as unknown as { author: { id: number } }).author.id);
    expect(new Set(authors)).toEqual(new Set([pr.id]));
  });
});
