import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { setLiveQueryData, type MessageOf } from '../../lib/realtime/index.ts';
import type { CommentView, PostView, ThreadView } from '../../../../contracts/posts/views.ts';
import type { PostPage } from './api.ts';
import { postKeys } from './queryKeys.ts';

// A list's page parameter is its own: an offset, or the home feed's offsets of posts and announcements.
export type PostPages = InfiniteData<PostPage, unknown>;
export type ThreadPage = { data: ThreadView[]; offset: number; total: number; hasMore: boolean };
export type ThreadPages = InfiniteData<ThreadPage, number>;

/** Who is looking: pushed views are a neutral reader's, so the client works out its own flags. */
export type CacheViewer = { contactId: number; isAdmin: boolean };

/** Spec section 6: a comment is edited only by its author, deleted by its author or a platform admin. */
export function commentPermissions(viewer: CacheViewer, comment: Pick<CommentView, 'author' | 'isDeleted'>): CommentView['permissions'] {
  const own = comment.author.id === viewer.contactId;
  return { canEdit: !comment.isDeleted && own, canDelete: !comment.isDeleted && (own || viewer.isAdmin) };
}

/** Offset paging counts what is loaded (spec section 9), so the next page starts after it. */
export const loadedCount = (pages: { data: unknown[] }[]) => pages.reduce((sum, page) => sum + page.data.length, 0);

export const postsOf = (pages: PostPages | undefined): PostView[] => {
  // A post can come twice when others published while pages were loading: the first one stays.
  const seen = new Set<number>();
  return (pages?.pages ?? []).flatMap((page) => page.data).filter((post) => !seen.has(post.id) && seen.add(post.id));
};

function mapListPosts(pages: PostPages, change: (post: PostView) => PostView | null): PostPages {
  let changed = false;
  const next = pages.pages.map((page) => {
    const data = page.data.flatMap((post) => {
      const result = change(post);
      if (result !== post) changed = true;
      return result ? [result] : [];
    });
    return changed ? { ...page, data } : page;
  });
  return changed ? { ...pages, pages: next } : pages;
}

/** Changes one post wherever it is cached: its own query and every list showing it. */
export function patchPost(queryClient: QueryClient, postId: number, change: (post: PostView) => PostView | null): void {
  setLiveQueryData<PostView>(queryClient, postKeys.detail(postId), (post) => (post ? (change(post) ?? post) : post));
  queryClient.setQueriesData<PostPages>({ queryKey: postKeys.lists() }, (pages) =>
    pages ? mapListPosts(pages, (post) => (post.id === postId ? change(post) : post)) : pages,
  );
}

/** A fresh view of a post (read again after an edit or restore) replaces the cached one. */
export const replacePost = (queryClient: QueryClient, view: PostView) => patchPost(queryClient, view.id, () => view);

/** A deleted post leaves every list; an open modal keeps it, marked deleted. */
export function markPostDeleted(queryClient: QueryClient, postId: number): void {
  setLiveQueryData<PostView>(queryClient, postKeys.detail(postId), (post) => (post ? { ...post, isDeleted: true } : post));
  queryClient.setQueriesData<PostPages>({ queryKey: postKeys.lists() }, (pages) => (pages ? mapListPosts(pages, (post) => (post.id === postId ? null : post)) : pages));
}

/** Puts a post at the top of a list (one's own new post), unless the list already has it. */
export function prependPost(pages: PostPages, view: PostView): PostPages {
  if (pages.pages.some((page) => page.data.some((post) => post.id === view.id))) return pages;
  const [first, ...rest] = pages.pages;
  if (!first) return pages;
  return { ...pages, pages: [{ ...first, data: [view, ...first.data] }, ...rest] };
}

/** Sets the viewer's own like on a post or comment, as the toggle's answer says. */
export function setOwnPostLike(queryClient: QueryClient, postId: number, likable: PostView['likable']): void {
  patchPost(queryClient, postId, (post) => ({ ...post, likable }));
}

export function setOwnCommentLike(queryClient: QueryClient, postId: number, commentId: number, likable: CommentView['likable']): void {
  patchComment(queryClient, postId, commentId, (comment) => ({ ...comment, likable }));
}

function mapComments(pages: ThreadPages, change: (comment: CommentView) => CommentView): ThreadPages {
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      data: page.data.map((thread) => ({ ...(change(thread) as ThreadView), children: thread.children.map(change) })),
    })),
  };
}

function patchComment(queryClient: QueryClient, postId: number, commentId: number, change: (comment: CommentView) => CommentView): void {
  setLiveQueryData<ThreadPages>(queryClient, postKeys.comments(postId), (pages) =>
    pages ? mapComments(pages, (comment) => (comment.id === commentId ? change(comment) : comment)) : pages,
  );
}

/** Someone's like: the count for everyone, the liked flag only when it was the viewer (in another tab). */
export function applyLikeChanged(queryClient: QueryClient, message: MessageOf<'like:changed'>, viewer: CacheViewer): void {
  const likable = (current: PostView['likable']) => ({ liked: message.userId === viewer.contactId ? message.liked : current.liked, likesCount: message.likesCount });
  if (message.targetKind === 'post') patchPost(queryClient, message.postId, (post) => ({ ...post, likable: likable(post.likable) }));
  else patchComment(queryClient, message.postId, message.targetId, (comment) => ({ ...comment, likable: likable(comment.likable) }));
}

function setCommentCounts(queryClient: QueryClient, postId: number, counts: PostView['commentable']): void {
  patchPost(queryClient, postId, (post) => ({ ...post, commentable: counts }));
  setLiveQueryData<ThreadPages>(queryClient, postKeys.comments(postId), (pages) =>
    pages ? { ...pages, pages: pages.pages.map((page) => ({ ...page, total: counts.commentsCount })) } : pages,
  );
}

/**
 * Adds a comment (from the socket, or the viewer's own from the POST answer) once: a comment
 * already shown is replaced, keeping the viewer's own flags when the new view is a neutral one.
 * Threads come oldest first, so a new thread is shown only once the last page is loaded.
 */
export function insertComment(pages: ThreadPages, comment: CommentView, neutral: boolean): ThreadPages {
  const merge = (existing: CommentView): CommentView => (neutral ? { ...comment, likable: existing.likable, permissions: existing.permissions } : comment);
  const has = pages.pages.some((page) => page.data.some((thread) => thread.id === comment.id || thread.children.some((child) => child.id === comment.id)));
  if (has) return mapComments(pages, (existing) => (existing.id === comment.id ? merge(existing) : existing));
  if (comment.parentId === null) {
    const last = pages.pages.at(-1);
    if (!last || last.hasMore) return pages;
    const thread: ThreadView = { ...comment, children: [], childrenCount: 0 };
    return { ...pages, pages: [...pages.pages.slice(0, -1), { ...last, data: [...last.data, thread] }] };
  }
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      data: page.data.map((thread) =>
        thread.id === comment.parentId ? { ...thread, children: [...thread.children, comment], childrenCount: thread.childrenCount + 1 } : thread,
      ),
    })),
  };
}

export function removeComment(pages: ThreadPages, commentId: number, parentId: number | null): ThreadPages {
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      data:
        parentId === null
          ? page.data.filter((thread) => thread.id !== commentId)
          : page.data.map((thread) =>
              thread.id === parentId && thread.children.some((child) => child.id === commentId)
                ? { ...thread, children: thread.children.filter((child) => child.id !== commentId), childrenCount: Math.max(0, thread.childrenCount - 1) }
                : thread,
            ),
    })),
  };
}

export function applyCommentAdded(queryClient: QueryClient, message: MessageOf<'comment:added'>, viewer: CacheViewer): void {
  const comment = { ...message.comment, permissions: commentPermissions(viewer, message.comment) };
  setLiveQueryData<ThreadPages>(queryClient, postKeys.comments(message.postId), (pages) => (pages ? insertComment(pages, comment, true) : pages));
  setCommentCounts(queryClient, message.postId, { commentsCount: message.commentsCount, totalCommentsCount: message.totalCommentsCount });
}

/** The viewer's own new comment, as the POST answered it (before or after its echo from the socket). */
export function addOwnComment(queryClient: QueryClient, comment: CommentView): void {
  setLiveQueryData<ThreadPages>(queryClient, postKeys.comments(comment.postId), (pages) => (pages ? insertComment(pages, comment, false) : pages));
}

export function applyCommentEdited(queryClient: QueryClient, message: MessageOf<'comment:edited'>): void {
  patchComment(queryClient, message.postId, message.comment.id, (existing) => ({ ...message.comment, likable: existing.likable, permissions: existing.permissions }));
}

export function applyCommentDeleted(queryClient: QueryClient, message: MessageOf<'comment:deleted'>): void {
  setLiveQueryData<ThreadPages>(queryClient, postKeys.comments(message.postId), (pages) => (pages ? removeComment(pages, message.commentId, message.parentId) : pages));
  setCommentCounts(queryClient, message.postId, { commentsCount: message.commentsCount, totalCommentsCount: message.totalCommentsCount });
}
