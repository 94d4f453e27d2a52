import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PostView } from '../../../../contracts/posts/views.ts';
import {
  addOwnComment,
  applyCommentAdded,
  applyCommentDeleted,
  applyCommentEdited,
  applyLikeChanged,
  markPostDeleted,
  postsOf,
  prependPost,
  replacePost,
  type PostPages,
  type ThreadPages,
} from './cache.ts';
import { postKeys } from './queryKeys.ts';
import { callout, comment, thread } from './testing.ts';

const me = { contactId: 50, isAdmin: false };
const stamp = (position: number) => ({ cursor: `1:${position}`, position });
const feedKey = postKeys.list({});
const page = (data: PostView[], hasMore = false) => ({ data, offset: 0, limit: 20, hasMore });

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient();
  queryClient.setQueryData<PostPages>(feedKey, { pages: [page([callout(1), callout(2)], true), page([callout(3)])], pageParams: [0, 2] });
  queryClient.setQueryData(postKeys.detail(1), callout(1));
});

const feed = () => postsOf(queryClient.getQueryData<PostPages>(feedKey));
const detail = (id: number) => queryClient.getQueryData<PostView>(postKeys.detail(id));
const threads = (postId = 1) => queryClient.getQueryData<ThreadPages>(postKeys.comments(postId))!.pages.flatMap((p) => p.data);

describe('likes patch cards and the open post in place', () => {
  it("someone else's like changes the count everywhere and leaves the viewer's own flag", () => {
    queryClient.setQueryData(postKeys.detail(1), callout(1, { likable: { liked: true, likesCount: 1 } }));
    applyLikeChanged(queryClient, { ...stamp(5), postId: 1, targetKind: 'post', targetId: 1, userId: 99, liked: true, likesCount: 2 }, me);
    expect(detail(1)!.likable).toEqual({ liked: true, likesCount: 2 });
    expect(feed().find((post) => post.id === 1)!.likable).toEqual({ liked: false, likesCount: 2 });
    expect(feed().find((post) => post.id === 2)!.likable.likesCount).toBe(0);
  });

  it("the viewer's like from another tab sets the flag too", () => {
    applyLikeChanged(queryClient, { ...stamp(5), postId: 2, targetKind: 'post', targetId: 2, userId: me.contactId, liked: true, likesCount: 7 }, me);
    expect(feed().find((post) => post.id === 2)!.likable).toEqual({ liked: true, likesCount: 7 });
  });

  it('a like on a comment changes that comment only', () => {
    queryClient.setQueryData<ThreadPages>(postKeys.comments(1), { pages: [{ data: [thread(10, [comment(11, { parentId: 10 })])], offset: 0, total: 1, hasMore: false }], pageParams: [0] });
    applyLikeChanged(queryClient, { ...stamp(6), postId: 1, targetKind: 'comment', targetId: 11, userId: 99, liked: true, likesCount: 3 }, me);
    expect(threads()[0]!.likable.likesCount).toBe(0);
    expect(threads()[0]!.children[0]!.likable.likesCount).toBe(3);
    expect(detail(1)!.likable.likesCount).toBe(0);
  });
});

describe('comments arrive once, in place, with the viewer’s own permissions', () => {
  beforeEach(() => {
    queryClient.setQueryData<ThreadPages>(postKeys.comments(1), { pages: [{ data: [thread(10)], offset: 0, total: 1, hasMore: false }], pageParams: [0] });
  });

  it('a new thread is appended with counts set on the post and its cards', () => {
    applyCommentAdded(queryClient, { ...stamp(7), postId: 1, comment: comment(12, { author: { ...comment(12).author, id: me.contactId } }), commentsCount: 2, totalCommentsCount: 2 }, me);
    expect(threads().map((t) => t.id)).toEqual([10, 12]);
    expect(threads()[1]!.permissions).toEqual({ canEdit: true, canDelete: true });
    expect(detail(1)!.commentable).toEqual({ commentsCount: 2, totalCommentsCount: 2 });
    expect(feed()[0]!.commentable.totalCommentsCount).toBe(2);
  });

  it("someone else's comment: the viewer may not edit it, and may delete it only as an admin", () => {
    applyCommentAdded(queryClient, { ...stamp(7), postId: 1, comment: comment(12), commentsCount: 2, totalCommentsCount: 2 }, me);
    expect(threads()[1]!.permissions).toEqual({ canEdit: false, canDelete: false });
    applyCommentAdded(queryClient, { ...stamp(8), postId: 1, comment: comment(13), commentsCount: 3, totalCommentsCount: 3 }, { contactId: 1, isAdmin: true });
    expect(threads()[2]!.permissions).toEqual({ canEdit: false, canDelete: true });
  });

  it('a reply goes under its thread and raises its count', () => {
    applyCommentAdded(queryClient, { ...stamp(7), postId: 1, comment: comment(12, { parentId: 10 }), commentsCount: 1, totalCommentsCount: 2 }, me);
    expect(threads()).toHaveLength(1);
    expect(threads()[0]!.children.map((c) => c.id)).toEqual([12]);
    expect(threads()[0]!.childrenCount).toBe(1);
  });

  it("the viewer's own comment shown from the POST answer is not added again by its echo, and keeps its flags", () => {
    addOwnComment(queryClient, comment(12, { likable: { liked: true, likesCount: 1 }, permissions: { canEdit: true, canDelete: true } }));
    applyCommentAdded(queryClient, { ...stamp(7), postId: 1, comment: comment(12, { likable: { liked: false, likesCount: 1 } }), commentsCount: 2, totalCommentsCount: 2 }, { contactId: 1, isAdmin: false });
    expect(threads().map((t) => t.id)).toEqual([10, 12]);
    expect(threads()[1]!.likable.liked).toBe(true);
    expect(threads()[1]!.permissions.canEdit).toBe(true);
  });

  it('a new thread waits for its page when older pages are still to load', () => {
    queryClient.setQueryData<ThreadPages>(postKeys.comments(1), { pages: [{ data: [thread(10)], offset: 0, total: 30, hasMore: true }], pageParams: [0] });
    applyCommentAdded(queryClient, { ...stamp(7), postId: 1, comment: comment(12), commentsCount: 31, totalCommentsCount: 31 }, me);
    expect(threads().map((t) => t.id)).toEqual([10]);
    expect(detail(1)!.commentable.commentsCount).toBe(31);
  });

  it('an edit replaces the content and keeps the liked flag', () => {
    queryClient.setQueryData<ThreadPages>(postKeys.comments(1), { pages: [{ data: [thread(10, [], { likable: { liked: true, likesCount: 4 } })], offset: 0, total: 1, hasMore: false }], pageParams: [0] });
    applyCommentEdited(queryClient, { ...stamp(9), postId: 1, comment: comment(10, { content: '<p>Changed</p>', editedAt: '2026-01-02T00:00:00.000Z' }) });
    expect(threads()[0]!.content).toBe('<p>Changed</p>');
    expect(threads()[0]!.likable.liked).toBe(true);
  });

  it('a deleted reply leaves its thread, a deleted thread leaves the list, and counts follow', () => {
    applyCommentAdded(queryClient, { ...stamp(7), postId: 1, comment: comment(12, { parentId: 10 }), commentsCount: 1, totalCommentsCount: 2 }, me);
    applyCommentDeleted(queryClient, { ...stamp(8), postId: 1, commentId: 12, parentId: 10, commentsCount: 1, totalCommentsCount: 1 });
    expect(threads()[0]!.children).toEqual([]);
    expect(threads()[0]!.childrenCount).toBe(0);
    applyCommentDeleted(queryClient, { ...stamp(9), postId: 1, commentId: 10, parentId: null, commentsCount: 0, totalCommentsCount: 0 });
    expect(threads()).toEqual([]);
    expect(detail(1)!.commentable.totalCommentsCount).toBe(0);
  });
});

describe('a comment that arrives while the comments are still being read', () => {
  it('is not lost when the read lands: it is read once more, however many arrive meanwhile', async () => {
    let reads = 0;
    let answerFirst: (page: ThreadPages['pages'][number]) => void = () => {};
    const observer = new InfiniteQueryObserver<ThreadPages['pages'][number], Error, ThreadPages, ReturnType<typeof postKeys.comments>, number>(queryClient, {
      queryKey: postKeys.comments(2),
      queryFn: () => {
        reads += 1;
        if (reads === 1) return new Promise((resolve) => (answerFirst = resolve));
        return Promise.resolve({ data: [thread(12), thread(13)], offset: 0, total: 2, hasMore: false });
      },
      initialPageParam: 0,
      getNextPageParam: () => undefined,
    });
    const stop = observer.subscribe(() => {});
    applyCommentAdded(queryClient, { ...stamp(7), postId: 2, comment: comment(12, { postId: 2 }), commentsCount: 1, totalCommentsCount: 1 }, me);
    applyCommentAdded(queryClient, { ...stamp(8), postId: 2, comment: comment(13, { postId: 2 }), commentsCount: 2, totalCommentsCount: 2 }, me);
    answerFirst({ data: [], offset: 0, total: 0, hasMore: false });
    await vi.waitFor(() => expect(threads(2).map((t) => t.id)).toEqual([12, 13]));
    expect(reads).toBe(2);
    stop();
  });
});

describe('posts in lists', () => {
  it('a deleted post leaves every list and the open one is marked deleted', () => {
    markPostDeleted(queryClient, 1);
    expect(feed().map((post) => post.id)).toEqual([2, 3]);
    expect(detail(1)!.isDeleted).toBe(true);
  });

  it('a fresh view replaces the card in place, the list order kept', () => {
    replacePost(queryClient, callout(2, { title: 'Edited' }));
    expect(feed().map((post) => (post.type === 'callout' ? post.title : ''))).toEqual(['Callout 1', 'Edited', 'Callout 3']);
  });

  it('a post seen twice across pages (others published meanwhile) is listed once', () => {
    queryClient.setQueryData<PostPages>(feedKey, { pages: [page([callout(1), callout(2)], true), page([callout(2), callout(3)])], pageParams: [0, 2] });
    expect(feed().map((post) => post.id)).toEqual([1, 2, 3]);
  });

  it('one’s own new post goes on top once', () => {
    const pages = prependPost(queryClient.getQueryData<PostPages>(feedKey)!, callout(9));
    expect(postsOf(prependPost(pages, callout(9))).map((post) => post.id)).toEqual([9, 1, 2, 3]);
  });
});
