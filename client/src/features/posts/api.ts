import type { FeedAnnouncement } from '../../../../contracts/announcements/feed.ts';
import { KIND_PATHS, type PostKind } from '../../../../contracts/posts/kinds.ts';
import type { PostView } from '../../../../contracts/posts/views.ts';
import { api } from '../../lib/api/index.ts';
import type { PostListFilter } from './queryKeys.ts';

export const postPath = (kind: PostKind, id: number) => `/api/v1/${KIND_PATHS[kind]}/${id}`;

/** Spec section 9: the post list batch limit. */
export const POST_BATCH = 20;

/** `announcements`: on the home feed of someone who follows announcements, those among this page's posts by date. */
export type PostPage = { data: PostView[]; offset: number; limit: number; hasMore: boolean; announcements?: FeedAnnouncement[] };

/** `announcementsOffset`: the home feed's announcements already shown, paged apart from the posts. */
export function fetchPostPage(filter: PostListFilter, offset: number, signal?: AbortSignal, limit = POST_BATCH, announcementsOffset?: number): Promise<PostPage> {
  return api.get<PostPage>('/api/v1/posts', {
    signal,
    query: { communitySlug: filter.communitySlug, type: filter.types?.length ? filter.types.join(',') : undefined, offset, limit, announcementsOffset: announcementsOffset || undefined },
  });
}

/** `quiet`: the screen shows a missing post itself (the modal, the story page) instead of a toast. */
export const fetchPost = (kind: PostKind, id: number, signal?: AbortSignal, quiet = false) => api.get<PostView>(postPath(kind, id), { signal, quiet });
