import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PostView } from '../../../../contracts/posts/views.ts';
import { useSocketEvent, type MessageOf } from '../../lib/realtime/index.ts';
import { useCurrentUser, isAdmin } from '../session/currentUser.ts';
import { useRecordingResume, useVideoCacheSync } from '../video/live.ts';
import { fetchPost } from './api.ts';
import { applyCommentAdded, applyCommentDeleted, applyCommentEdited, applyLikeChanged, markPostDeleted, replacePost, type CacheViewer, type PostPages } from './cache.ts';
import { postKeys } from './queryKeys.ts';

function isCached(queryClient: QueryClient, postId: number): boolean {
  if (queryClient.getQueryData(postKeys.detail(postId))) return true;
  return queryClient.getQueriesData<PostPages>({ queryKey: postKeys.lists() }).some(([, pages]) => pages?.pages.some((page) => page.data.some((post) => post.id === postId)));
}

/** An edit or a restore carries no view: the post is read again, as this viewer sees it, wherever it is shown. */
async function refreshPost(queryClient: QueryClient, message: MessageOf<'post:changed'>): Promise<void> {
  const view = await fetchPost(message.kind, message.postId).catch(() => null);
  if (view) replacePost(queryClient, view);
}

export function applyPostChanged(queryClient: QueryClient, message: MessageOf<'post:changed'>): void {
  if (message.change === 'created' || !isCached(queryClient, message.postId)) return;
  if (message.change === 'deleted') {
    markPostDeleted(queryClient, message.postId);
    // Whoever may restore it reads it again, with the restore permission it now has.
    const open = queryClient.getQueryData<PostView>(postKeys.detail(message.postId));
    if (open?.permissions.canDelete) void queryClient.invalidateQueries({ queryKey: postKeys.detail(message.postId) });
    return;
  }
  void refreshPost(queryClient, message);
}

/**
 * Patches the post caches from the server's messages: mounted once for the tab (by the post
 * modal host), whichever screens joined the rooms the messages come through.
 */
export function usePostCacheSync(): void {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const viewer: CacheViewer = { contactId: user?.contactId ?? 0, isAdmin: user ? isAdmin(user) : false };
  useSocketEvent('post:changed', (message) => applyPostChanged(queryClient, message));
  useSocketEvent('like:changed', (message) => applyLikeChanged(queryClient, message, viewer));
  useSocketEvent('comment:added', (message) => applyCommentAdded(queryClient, message, viewer));
  useSocketEvent('comment:edited', (message) => applyCommentEdited(queryClient, message));
  useSocketEvent('comment:deleted', (message) => applyCommentDeleted(queryClient, message));
  useVideoCacheSync();
  useRecordingResume(user?.id ?? null);
}
