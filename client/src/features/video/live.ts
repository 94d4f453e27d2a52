import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { MediaItem, VideoView } from '../../../../contracts/posts/media.ts';
import type { CommentView, PostView } from '../../../../contracts/posts/views.ts';
import { useSocketEvent, type MessageOf } from '../../lib/realtime/index.ts';
import type { PostPages, ThreadPages } from '../posts/cache.ts';
import { postKeys } from '../posts/queryKeys.ts';

/**
 * What the socket said of each video since the tab opened: the newest view, and how far a
 * transcode has got (the author's own videos only). Players read it as well as the caches,
 * because a comment's attachment carries no status of its own.
 */
type LiveVideos = { views: ReadonlyMap<number, VideoView>; progress: ReadonlyMap<number, number> };

let live: LiveVideos = { views: new Map(), progress: new Map() };
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
function setLive(next: LiveVideos) {
  live = next;
  for (const listener of listeners) listener();
}

export function rememberVideo(video: VideoView): void {
  const views = new Map(live.views).set(video.id, video);
  const progress = new Map(live.progress);
  progress.delete(video.id);
  setLive({ views, progress });
}

export function rememberProgress(videoId: number, percent: number): void {
  // A late progress message must not bring back a bar for a video that has moved on.
  const status = live.views.get(videoId)?.status;
  if (status && status !== 'processing') return;
  setLive({ ...live, progress: new Map(live.progress).set(videoId, percent) });
}

/** Forgets everything heard (tests). */
export function forgetLiveVideos(): void {
  setLive({ views: new Map(), progress: new Map() });
}

/** The video as shown, or what the socket has said of it since, when that is further along. */
export function useLatestVideo(video: VideoView): VideoView {
  const heard = useSyncExternalStore(subscribe, () => live.views.get(video.id));
  return heard && video.status === 'processing' ? heard : video;
}

/** How far the transcode of this video has got, in percent, when its author is watching. */
export function useVideoProgress(videoId: number): number | null {
  return useSyncExternalStore(subscribe, () => live.progress.get(videoId) ?? null);
}

/** An attachment as a reader gets it: a video may carry its whole state beside the media item's fields. */
export type VideoAttachment = MediaItem & { video?: VideoView };

/** An attachment of this video takes its new state; once processed, its playlist, cover and length too. */
export function attachmentOfVideo<T extends VideoAttachment>(item: T, video: VideoView): T {
  if (item.type !== 'video' || item.id !== video.id) return item;
  if (video.status !== 'processed') return { ...item, video };
  return { ...item, path: video.url, thumbnail: video.coverUrl, length: video.duration, video };
}

function withVideo(post: PostView, video: VideoView): PostView {
  if ('video' in post && post.video?.id === video.id) return { ...post, video } as PostView;
  if (post.type === 'communityPost' && post.attachments.some((item) => item.type === 'video' && item.id === video.id)) {
    return { ...post, attachments: post.attachments.map((item) => attachmentOfVideo(item, video)) };
  }
  return post;
}

function commentWithVideo(comment: CommentView, video: VideoView): CommentView {
  return comment.attachments.some((item) => item.type === 'video' && item.id === video.id) ? { ...comment, attachments: comment.attachments.map((item) => attachmentOfVideo(item, video)) } : comment;
}

/**
 * A video moved on (processed or failed): every cached post and comment showing it takes the
 * new view, so cards, the open modal and its comments play it without a reload.
 */
export function applyVideoChanged(queryClient: QueryClient, message: MessageOf<'video:changed'>): void {
  const { video } = message;
  rememberVideo(video);
  queryClient.setQueriesData<PostView>({ queryKey: postKeys.details() }, (post) => (post ? withVideo(post, video) : post));
  queryClient.setQueriesData<PostPages>({ queryKey: postKeys.lists() }, (pages) => {
    if (!pages) return pages;
    let changed = false;
    const next = pages.pages.map((page) => {
      const data = page.data.map((post) => withVideo(post, video));
      if (data.every((post, index) => post === page.data[index])) return page;
      changed = true;
      return { ...page, data };
    });
    return changed ? { ...pages, pages: next } : pages;
  });
  queryClient.setQueriesData<ThreadPages>({ queryKey: [...postKeys.all, 'comments'] }, (pages) =>
    pages
      ? {
          ...pages,
          pages: pages.pages.map((page) => ({
            ...page,
            data: page.data.map((thread) => ({ ...commentWithVideo(thread, video), children: thread.children.map((child) => commentWithVideo(child, video)), childrenCount: thread.childrenCount })),
          })),
        }
      : pages,
  );
}

/** Keeps every shown video current: mounted once for the tab, beside the other post messages. */
export function useVideoCacheSync(): void {
  const queryClient = useQueryClient();
  useSocketEvent('video:changed', (message) => applyVideoChanged(queryClient, message));
  useSocketEvent('video:progress', (message) => rememberProgress(message.videoId, message.percent));
}

/**
 * Sends the person's recordings that a closed tab or a lost connection left unsent: when the
 * app opens and whenever the connection comes back. The uploader loads only when one waits.
 */
export function useRecordingResume(ownerId: number | null): void {
  useEffect(() => {
    if (ownerId === null || typeof indexedDB === 'undefined') return;
    let cancelled = false;
    const resume = async () => {
      const { indexedDbShelf } = await import('./shelf.ts');
      const unsent = (await indexedDbShelf().all()).some((recording) => recording.ownerId === ownerId && recording.blob && !recording.uploaded);
      if (!unsent || cancelled || !navigator.onLine) return;
      const { recordingUploads } = await import('./tusUpload.ts');
      await recordingUploads().resume(ownerId);
    };
    const onOnline = () => void resume().catch(() => undefined);
    onOnline();
    window.addEventListener('online', onOnline);
    return () => {
      cancelled = true;
      window.removeEventListener('online', onOnline);
    };
  }, [ownerId]);
}
