import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const { journalist, pr, admin } = demo;

async function newCallout(): Promise<number> {
  const response = await journalist.call('POST', '/api/v1/callouts', { title: 'Sources on housing', content: 'Who can talk?' });
  return Number(response.headers['object-id']);
}
const comment = (who: Caller, postId: number, content: string, parentId?: number) =>
  who.call('POST', `/api/v1/callouts/${postId}/comments`, { content, ...(parentId ? { parentId } : {}) });
const post = async (postId: number) => (await journalist.call('GET', `/api/v1/callouts/${postId}`)).json();

describe('comments', () => {
  it('pages threads by offset (the number already loaded), oldest first, 20 at a time', async () => {
    const postId = await newCallout();
    for (let i = 1; i <= 23; i++) expect((await comment(pr, postId, `Comment ${i}`)).statusCode).toBe(201);
    const first = (await journalist.call('GET', `/api/v1/callouts/${postId}/comments?offset=0`)).json();
    expect(first.data).toHaveLength(20);
    expect(first).toMatchObject({ total: 23, hasMore: true, offset: 0 });
    expect(first.data[0].content).toBe('<p>Comment 1</p>');
    const rest = (await journalist.call('GET', `/api/v1/callouts/${postId}/comments?offset=20`)).json();
    expect(rest.data.map((c: { content: string }) => c.content)).toEqual(['<p>Comment 21</p>', '<p>Comment 22</p>', '<p>Comment 23</p>']);
    expect(rest.hasMore).toBe(false);
  });

  it('keeps replies one level deep, with children, childrenCount and the post’s two counts', async () => {
    const postId = await newCallout();
    const thread = (await comment(pr, postId, 'I can help')).json();
    expect(thread).toMatchObject({ postId, parentId: null, author: { name: 'Pat Publicist' }, permissions: { canEdit: true, canDelete: true } });
    const reply = (await comment(journalist, postId, 'Great, DM me', thread.id)).json();
    await comment(pr, postId, 'Sent', thread.id);
    const nested = await comment(pr, postId, 'Too deep', reply.id);
    expect(nested.statusCode).toBe(422);
    expect(nested.json()).toEqual({ errors: ['Reply to the comment that starts the thread'] });

    const [threadView] = (await journalist.call('GET', `/api/v1/callouts/${postId}/comments`)).json().data;
    expect(threadView.childrenCount).toBe(2);
    expect(threadView.children.map((c: { content: string }) => c.content)).toEqual(['<p>Great, DM me</p>', '<p>Sent</p>']);
    expect((await post(postId)).commentable).toEqual({ commentsCount: 1, totalCommentsCount: 3 });
  });

  it('lets only the author edit, the author or an admin delete, and takes a deleted thread’s replies out of the total', async () => {
    const postId = await newCallout();
    const thread = (await comment(pr, postId, 'First')).json();
    await comment(journalist, postId, 'Reply', thread.id);
    expect((await journalist.call('PATCH', `/api/v1/comments/${thread.id}`, { content: 'Hijacked' })).statusCode).toBe(403);
    const edited = await pr.call('PATCH', `/api/v1/comments/${thread.id}`, { content: 'First, edited' });
    expect(edited.json()).toMatchObject({ content: '<p>First, edited</p>' });
    expect(edited.json().editedAt).not.toBeNull();

    expect((await journalist.call('DELETE', `/api/v1/comments/${thread.id}`)).statusCode).toBe(403);
    expect((await admin.call('DELETE', `/api/v1/comments/${thread.id}`)).statusCode).toBe(204);
    expect((await post(postId)).commentable).toEqual({ commentsCount: 0, totalCommentsCount: 0 });
    expect((await journalist.call('GET', `/api/v1/callouts/${postId}/comments`)).json().data).toEqual([]);
    expect((await pr.call('DELETE', `/api/v1/comments/${thread.id}`)).statusCode).toBe(404);
  });

  it('refuses an empty comment and a comment on a deleted post', async () => {
    const postId = await newCallout();
    const empty = await comment(pr, postId, '   ');
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ errors: ['Write something or attach a file'] });
    await journalist.call('DELETE', `/api/v1/callouts/${postId}`);
    expect((await comment(pr, postId, 'Too late')).statusCode).toBe(404);
  });

  it('works on stories at the same paths', async () => {
    const story = await admin.call('POST', '/api/v1/stories', { articleKind: 'epitome', title: 'Epitome', content: 'Text' });
    const id = story.headers['object-id'];
    expect((await pr.call('POST', `/api/v1/stories/${id}/comments`, { content: 'Nice read' })).statusCode).toBe(201);
    expect((await pr.call('GET', `/api/v1/stories/${id}/comments`)).json().data).toHaveLength(1);
    expect((await pr.call('GET', `/api/v1/callouts/${id}/comments`)).statusCode).toBe(404);
  });
});
