import type { PostKind } from '../../../../contracts/posts/kinds.ts';

/** What a post list shows: the home feed, or one community's posts, of some kinds or all. */
export type PostListFilter = { communitySlug?: string | undefined; types?: readonly PostKind[] | undefined };

/**
 * The react-query keys of posts, shared by every screen that reads or changes them, so a
 * message from the server or a save patches one cache wherever the post is shown.
 * Everything starts with 'posts': invalidating that reloads every post on screen.
 */
export const postKeys = {
  all: ['posts'] as const,
  lists: () => ['posts', 'list'] as const,
  list: (filter: PostListFilter) => ['posts', 'list', { communitySlug: filter.communitySlug ?? null, types: filter.types ?? null }] as const,
  details: () => ['posts', 'detail'] as const,
  detail: (id: number) => ['posts', 'detail', id] as const,
  /** The full form a composer edits (GET .../{id}/all). */
  editable: (id: number) => ['posts', 'editable', id] as const,
  comments: (postId: number) => ['posts', 'comments', postId] as const,
  likers: (target: 'post' | 'comment', id: number) => ['posts', 'likers', target, id] as const,
};
