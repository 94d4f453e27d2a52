import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { NotificationList, PostNotificationView } from '../../../contracts/notifications.ts';
import { productModel } from '../../model.ts';
import { rebuildProcessor } from '../../projections/processor-rebuild.ts';
import { metadata, useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';
import { notificationsProcessor, type UnreadChange } from './processor.ts';

const pushed: UnreadChange[] = [];
const t = useTestCore({ ...productModel, processors: [notificationsProcessor({ onChange: (changes) => pushed.push(...changes) })] });
const demo = useDemo(t);
const { journalist: jo, pr: pat, expert: eve, admin: ada } = demo;

async function feed(who: Caller, query = ''): Promise<NotificationList> {
  await t.core.processors.caughtUp();
  const response = await who.call('GET', `/api/v1/notifications${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}
/** Everything on someone's feed about one post, newest first. */
const about = async (who: Caller, postId: number): Promise<PostNotificationView[]> =>
  (await feed(who, '?limit=100')).data.filter((item): item is PostNotificationView => 'post' in item && item.post.id === postId);
const unread = async (who: Caller) => (await feed(who)).unreadCount;
const names = (item: PostNotificationView) => item.who.actors.map((actor) => actor.name);

async function newCallout(who: Caller, content = 'Who can talk?'): Promise<number> {
  const response = await who.call('POST', '/api/v1/callouts', { title: 'Sources on housing', content });
  expect(response.statusCode).toBe(201);
  return Number(response.headers['object-id']);
}
async function newJob(who: Caller): Promise<number> {
  const response = await who.call('POST', '/api/v1/jobs', { title: 'Night editor', description: 'Edit', company: 'Bugle', workplace: 'remote', jobType: 'full-time' });
  return Number(response.headers['object-id']);
}
async function comment(who: Caller, postId: number, content: string, parentId?: number): Promise<{ id: number }> {
  const response = await who.call('POST', `/api/v1/callouts/${postId}/comments`, { content, ...(parentId ? { parentId } : {}) });
  expect(response.statusCode).toBe(201);
  return response.json();
}
const toggleLike = (who: Caller, path: string, status: boolean) => who.call('POST', `${path}/toggleLike`, { status });

describe('notifications', () => {
  it('tell a post’s author of a comment on it, with the comment, and never the commenter', async () => {
    const postId = await newCallout(jo);
    const said = await comment(pat, postId, 'I can help');
    const [item, ...rest] = await about(jo, postId);
    expect(rest).toEqual([]);
    expect(item).toMatchObject({
      type: 'comment',
      entityType: 'CALL_OUT',
      entitySummary: 'Sources on housing',
      isRead: false,
      who: { actors: [{ id: pat.id, name: 'Pat Publicist', type: 'person' }], total: 1 },
      post: { id: postId, kind: 'callout' },
      commentId: said.id,
      commentSummary: 'I can help',
      parentCommentId: null,
    });
    expect(Date.parse(item!.when)).not.toBeNaN();
    expect(await about(pat, postId)).toEqual([]);
  });

  it('tell a comment’s author of a reply (commentAsReply), and the post’s author of it as a comment', async () => {
    const postId = await newCallout(jo);
    const thread = await comment(pat, postId, 'I can help');
    const reply = await comment(eve, postId, 'Me too', thread.id);
    expect(await about(pat, postId)).toMatchObject([{ type: 'commentAsReply', commentId: reply.id, commentSummary: 'Me too', parentCommentId: thread.id, who: { total: 1 } }]);
    const [joSees] = await about(jo, postId);
    expect(joSees).toMatchObject({ type: 'comment', commentId: reply.id, parentCommentId: thread.id, who: { total: 2 } });
    expect(names(joSees!)).toEqual(['Eve Expert', 'Pat Publicist']);
  });

  it('tell the post’s author only of the reply when the reply answers their own comment', async () => {
    const postId = await newCallout(jo);
    const thread = await comment(jo, postId, 'Ask me anything');
    await comment(pat, postId, 'Deadline?', thread.id);
    expect((await about(jo, postId)).map((item) => item.type)).toEqual(['commentAsReply']);
  });

  it('tell people mentioned in a post (mention), once, and those an edit newly mentions', async () => {
    const postId = await newCallout(pat, 'Hi @jo-reporter');
    expect(await about(jo, postId)).toMatchObject([{ type: 'mention', entityType: 'CALL_OUT', entitySummary: 'Sources on housing', who: { actors: [{ id: pat.id }], total: 1 } }]);
    expect((await about(jo, postId))[0]).not.toHaveProperty('commentId');
    const edited = await pat.call('PATCH', `/api/v1/callouts/${postId}`, { title: 'Sources, please', content: 'Hi @jo-reporter and @eve-expert' });
    expect(edited.statusCode).toBe(200);
    expect(await about(jo, postId)).toMatchObject([{ type: 'mention', entitySummary: 'Sources, please' }]);
    expect(await about(eve, postId)).toMatchObject([{ type: 'mention', entitySummary: 'Sources, please' }]);
  });

  it('tell people mentioned in a comment (mentionOnComment), unless the comment already tells them', async () => {
    const postId = await newCallout(jo);
    const said = await comment(pat, postId, '@eve-expert knows, ask @jo-reporter');
    expect(await about(eve, postId)).toMatchObject([{ type: 'mentionOnComment', commentId: said.id, commentSummary: '@eve-expert knows, ask @jo-reporter' }]);
    expect((await about(jo, postId)).map((item) => item.type)).toEqual(['comment']);
    await pat.call('PATCH', `/api/v1/comments/${said.id}`, { content: '@eve-expert knows, and @ada-admin' });
    expect(await about(ada, postId)).toMatchObject([{ type: 'mentionOnComment', commentSummary: '@eve-expert knows, and @ada-admin' }]);
    expect(await about(eve, postId)).toHaveLength(1);
    expect(await about(jo, postId)).toMatchObject([{ type: 'comment', commentSummary: '@eve-expert knows, and @ada-admin' }]);
  });

  it('tell a post’s author of likes (like), grouped with the newest liker first', async () => {
    const jobId = await newJob(jo);
    await toggleLike(pat, `/api/v1/jobs/${jobId}`, true);
    expect(await about(jo, jobId)).toMatchObject([{ type: 'like', entityType: 'JOB', entitySummary: 'Night editor', who: { total: 1 } }]);
    await toggleLike(eve, `/api/v1/jobs/${jobId}`, true);
    const items = await about(jo, jobId);
    expect(items).toHaveLength(1);
    expect(items[0]!.who.total).toBe(2);
    expect(names(items[0]!)).toEqual(['Eve Expert', 'Pat Publicist']);
  });

  it('tell a comment’s author of likes on it (likeOnComment)', async () => {
    const postId = await newCallout(jo);
    const said = await comment(pat, postId, 'I can help');
    await toggleLike(jo, `/api/v1/comments/${said.id}`, true);
    expect(await about(pat, postId)).toMatchObject([
      { type: 'likeOnComment', entitySummary: 'Sources on housing', commentId: said.id, commentSummary: 'I can help', parentCommentId: null, who: { actors: [{ id: jo.id }], total: 1 } },
    ]);
  });

  it('never tell anyone of their own like or comment', async () => {
    const jobId = await newJob(jo);
    await toggleLike(jo, `/api/v1/jobs/${jobId}`, true);
    await jo.call('POST', `/api/v1/jobs/${jobId}/comments`, { content: 'Bump' });
    expect(await about(jo, jobId)).toEqual([]);
  });

  it('withdraw a like’s notification when it is taken back, and the unread count with it', async () => {
    const jobId = await newJob(jo);
    const before = await unread(jo);
    await toggleLike(pat, `/api/v1/jobs/${jobId}`, true);
    expect(await unread(jo)).toBe(before + 1);
    await toggleLike(pat, `/api/v1/jobs/${jobId}`, false);
    expect(await about(jo, jobId)).toEqual([]);
    expect(await unread(jo)).toBe(before);
  });

  it('end a burst of likes and unlikes handled as one batch as they would one by one', async () => {
    const jobId = await newJob(jo);
    const before = await unread(jo);
    await toggleLike(eve, `/api/v1/jobs/${jobId}`, true);
    expect(await unread(jo)).toBe(before + 1);
    // One transaction: the processor meets the whole burst in one batch.
    const toggle = (who: Caller, liked: boolean) => ({ streamId: `like-post-${jobId}-${who.id}`, type: liked ? ('Liked' as const) : ('Unliked' as const), who });
    const burst = [toggle(pat, true), toggle(eve, false), toggle(pat, false), toggle(eve, true), toggle(pat, true), toggle(eve, false), toggle(ada, true)];
    await t.core.commands.transaction(async (unit) => {
      for (const { streamId, type, who } of burst) {
        await t.core.store.appendInTransaction(unit.trx, streamId, 'any', [{ type, data: { targetKind: 'post', targetId: jobId, userId: who.id } }], metadata({ actorId: String(who.id) }));
      }
    });
    const items = await about(jo, jobId);
    expect(items).toMatchObject([{ type: 'like', who: { total: 2 } }]);
    expect(names(items[0]!)).toEqual(['Ada Admin', 'Pat Publicist']);
    expect(await unread(jo)).toBe(before + 2);
  });

  it('withdraw what a deleted comment caused, its replies’ notifications and likes included', async () => {
    const postId = await newCallout(jo);
    const thread = await comment(pat, postId, 'I can help');
    await comment(eve, postId, 'Me too', thread.id);
    await toggleLike(eve, `/api/v1/comments/${thread.id}`, true);
    const kept = await comment(ada, postId, 'Count me in');
    expect(await about(pat, postId)).toHaveLength(2);
    expect((await pat.call('DELETE', `/api/v1/comments/${thread.id}`)).statusCode).toBe(204);
    expect(await about(pat, postId)).toEqual([]);
    expect(await about(jo, postId)).toMatchObject([{ type: 'comment', commentId: kept.id, who: { total: 1 } }]);
  });

  it('hide a deleted post’s notifications, and show them again when it is restored', async () => {
    const postId = await newCallout(jo);
    await comment(pat, postId, 'I can help');
    const before = await unread(jo);
    expect(await about(jo, postId)).toHaveLength(1);
    expect((await jo.call('DELETE', `/api/v1/callouts/${postId}`)).statusCode).toBe(204);
    expect(await about(jo, postId)).toEqual([]);
    expect(await unread(jo)).toBe(before - 1);
    expect((await jo.call('POST', `/api/v1/callouts/${postId}/restore`)).statusCode).toBe(200);
    expect(await about(jo, postId)).toHaveLength(1);
    expect(await unread(jo)).toBe(before);
  });

  it('mark one item read, then all, and clear the current user’s hasNotifications', async () => {
    const first = await newCallout(jo);
    const second = await newCallout(jo);
    await comment(pat, first, 'One');
    await comment(eve, first, 'Two');
    await comment(pat, second, 'Three');
    const before = await unread(jo);
    expect((await jo.call('GET', '/api/v1/current_user/info')).json().hasNotifications).toBe(true);

    const [item] = await about(jo, first);
    const readOne = await jo.call('PATCH', `/api/v1/notifications/${item!.id}/read`);
    expect(readOne.json()).toEqual({ unreadCount: before - 2 });
    expect(await about(jo, first)).toMatchObject([{ isRead: true }]);
    expect(await about(jo, second)).toMatchObject([{ isRead: false }]);
    expect((await pat.call('PATCH', `/api/v1/notifications/${item!.id}/read`)).statusCode).toBe(404);

    expect((await jo.call('PATCH', '/api/v1/notifications/read')).json()).toEqual({ unreadCount: 0 });
    const after = await feed(jo, '?limit=100');
    expect(after.unreadCount).toBe(0);
    expect(after.data.every((entry) => entry.isRead)).toBe(true);
    expect((await jo.call('GET', '/api/v1/current_user/info')).json().hasNotifications).toBe(false);

    await comment(eve, second, 'Four');
    expect(await about(jo, second)).toMatchObject([{ isRead: false, commentSummary: 'Four' }]);
    expect(await unread(jo)).toBe(1);
  });

  it('page the feed newest first and answer 401 to guests', async () => {
    const posts = [await newCallout(ada), await newCallout(ada), await newCallout(ada)];
    for (const postId of posts) await comment(pat, postId, 'Noted');
    const page = await feed(ada, '?offset=0&limit=2');
    expect(page.data).toMatchObject([{ post: { id: posts[2] } }, { post: { id: posts[1] } }]);
    expect(page).toMatchObject({ offset: 0, hasMore: true });
    const next = await feed(ada, '?offset=2&limit=2');
    expect(next.data[0]).toMatchObject({ post: { id: posts[0] } });
    const guest = await demo.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(guest.statusCode).toBe(401);
  });

  it('push each changed unread count after the batch that changed it commits', async () => {
    const jobId = await newJob(eve);
    await toggleLike(ada, `/api/v1/jobs/${jobId}`, true);
    await t.core.processors.caughtUp();
    const [item] = await about(eve, jobId);
    expect(pushed.filter((change) => change.recipientId === eve.id).at(-1)).toEqual({ recipientId: eve.id, unreadCount: await unread(eve), notificationId: item!.id });
  });

  it('keep every unread count equal to the unread notifications people can see', async () => {
    await t.core.processors.caughtUp();
    const { rows } = await sql<{ recipient_id: number; kept: number; counted: number }>`
      select c.recipient_id, c.unread as kept,
             (select count(*)::int from notifications n where n.recipient_id = c.recipient_id and n.read_at is null and not n.hidden) as counted
      from notification_counters c`.execute(t.database.db);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.kept).toBe(row.counted);
  });

  it('honour the in-app choices of the notification settings, from the moment they are made', async () => {
    const postId = await newCallout(jo);
    const setLikes = (inApp: boolean) => jo.call('PATCH', '/api/v1/u/jo-reporter/settings/notifications/like', { inApp });
    expect((await setLikes(false)).statusCode).toBeLessThan(300);
    await toggleLike(pat, `/api/v1/callouts/${postId}`, true);
    await comment(eve, postId, 'Count me in');
    expect((await about(jo, postId)).map((item) => item.type)).toEqual(['comment']);

    expect((await setLikes(true)).statusCode).toBeLessThan(300);
    await toggleLike(eve, `/api/v1/callouts/${postId}`, true);
    const items = await about(jo, postId);
    expect(items.map((item) => item.type).sort()).toEqual(['comment', 'like']);
    // The like made while likes were off stays untold.
    expect(names(items.find((item) => item.type === 'like')!)).toEqual(['Eve Expert']);
  });
});

describe('notifications rebuilt beside the live ones', () => {
  it('keep the read marks made while the rebuild ran, and count the unread again', async () => {
    const processor = t.core.model.processors[0]!;
    const postId = await newCallout(jo);
    for (const [i, who] of [pat, eve, pat, eve].entries()) await comment(who, postId, `Me, ${i}`);
    const before = await feed(jo, '?limit=100');
    expect(before.unreadCount).toBeGreaterThan(0);
    const rows = async () => (await sql`select * from notifications order by id`.execute(t.database.db)).rows;
    const indexes = async () => (await sql`select indexname from pg_indexes where tablename like 'notification%' order by 1`.execute(t.database.db)).rows;
    const indexesBefore = await indexes();

    let marked = false;
    await rebuildProcessor(t.database.db, t.core.store, processor, {
      // One event a batch: some of Jo's rows are rebuilt before Jo reads everything, the rest after.
      chunk: 1,
      onHandled: async () => {
        if (marked) return;
        const rebuilt = await sql<{ n: number }>`select count(*)::int as n from notifications_v6_rebuild where recipient_id = ${jo.id}`.execute(t.database.db);
        if (rebuilt.rows[0]!.n === 0) return;
        marked = true;
        expect((await jo.call('PATCH', '/api/v1/notifications/read')).json()).toEqual({ unreadCount: 0 });
      },
    });
    expect(marked).toBe(true);

    const after = await feed(jo, '?limit=100');
    expect(after.unreadCount).toBe(0);
    expect(after.data).toHaveLength(before.data.length);
    expect(after.data.every((item) => item.isRead)).toBe(true);
    const rebuilt = await rows();
    // Once more, with nothing read meanwhile: the same rows, under the same names.
    await rebuildProcessor(t.database.db, t.core.store, processor);
    expect(await rows()).toEqual(rebuilt);
    expect(await indexes()).toEqual(indexesBefore);
  });
});
