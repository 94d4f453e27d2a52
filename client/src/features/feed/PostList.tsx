import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { PostKind } from '../../../../contracts/posts/kinds.ts';
import { DEFAULT_TIMEZONE } from '../../lib/format/index.ts';
import { useRoom, useSocketEvent } from '../../lib/realtime/index.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useCurrentUser } from '../session/currentUser.ts';
import { fetchPost, fetchPostPage, type PostPage } from '../posts/api.ts';
import { prependPost, type PostPages } from '../posts/cache.ts';
import { postKeys, type PostListFilter } from '../posts/queryKeys.ts';
import { AnnouncementCard } from './AnnouncementCard.tsx';
import { announcementKey, entriesOf, nextPageParam, patchAnnouncement, postKey, showsAnnouncements, type FeedPageParam } from './entries.ts';
import { PostCard } from './PostCard.tsx';
import { NewPostsBar } from './NewPostsBar.tsx';
import { bufferedRange } from './visibleRange.ts';
import './feed.css';

export type PostListProps = {
  /** A community's posts; the home feed without it. */
  communitySlug?: string | undefined;
  /** Only posts of these kinds. */
  type?: PostKind | readonly PostKind[] | undefined;
};

const ESTIMATED_CARD_PX = 320;
/** Load the next batch when this few cards are left below what is rendered. */
const LOAD_AHEAD = 5;

function JoinRoom({ room }: { room: string }) {
  useRoom(room);
  return null;
}

/**
 * The home feed or a community's posts: batches of 20 by offset, a virtual list over the
 * page's scroll, cards patched in place by live messages, and new posts by others announced
 * in a bar rather than pushed in under the reader. The home feed of those who follow
 * announcements holds the public ones too, among the posts by date.
 */
export function PostList({ communitySlug, type }: PostListProps) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const types = useMemo(() => (type === undefined ? undefined : ([] as PostKind[]).concat(type)), [type]);
  const filter: PostListFilter = useMemo(() => ({ communitySlug, types }), [communitySlug, types]);
  const queryKey = postKeys.list(filter);

  const list = useInfiniteQuery<PostPage, Error, PostPages, ReturnType<typeof postKeys.list>, FeedPageParam>({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPostPage(filter, pageParam.offset, signal, undefined, pageParam.announcements),
    initialPageParam: { offset: 0, announcements: 0 },
    getNextPageParam: (last, pages) => (last.hasMore ? nextPageParam(pages) : undefined),
  });
  const entries = useMemo(() => entriesOf(list.data), [list.data]);

  // Lists hear of new posts in their rooms: a community's, or the feed plus the communities one has joined.
  const rooms = communitySlug ? [`community:${communitySlug}`] : ['feed', ...(user?.communities ?? []).filter((c) => c.isJoined).map((c) => `community:${c.slug}`)];
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setPending(new Set()), [communitySlug, types]);

  useSocketEvent('post:changed', (message) => {
    if (message.change !== 'created' || (types && !types.includes(message.kind))) return;
    if (entries.some((entry) => entry.key === postKey(message.postId))) return;
    if (user && message.authorId === user.contactId) {
      // One's own new post goes on top at once: the person just published it and looks for it.
      void fetchPost(message.kind, message.postId)
        .then((view) => queryClient.setQueryData<PostPages>(queryKey, (pages) => (pages ? prependPost(pages, view) : pages)))
        .catch(() => undefined);
      return;
    }
    setPending((keys) => new Set(keys).add(postKey(message.postId)));
  });

  useSocketEvent('feed:announcement', (message) => {
    if (!showsAnnouncements(list.data)) return;
    const key = announcementKey(message.announcementId);
    if (message.change === 'added') {
      if (!entries.some((entry) => entry.key === key)) setPending((keys) => new Set(keys).add(key));
      return;
    }
    // An edit shows at once; an unpublished one leaves at once, and from the bar if it was waiting there.
    queryClient.setQueryData<PostPages>(queryKey, (pages) => (pages ? patchAnnouncement(pages, message.announcementId, message.announcement) : pages));
    if (message.change === 'removed')
      setPending((keys) => {
        if (!keys.has(key)) return keys;
        const rest = new Set(keys);
        rest.delete(key);
        return rest;
      });
  });

  const listRef = useRef<HTMLDivElement>(null);
  const loadMoreIfNearEnd = useRef(() => {});
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const measure = () => setScrollMargin((listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer: Virtualizer<Window, Element> = useWindowVirtualizer({
    count: entries.length,
    estimateSize: () => ESTIMATED_CARD_PX,
    overscan: 0,
    scrollMargin,
    getItemKey: (index) => entries[index]!.key,
    onChange: () => loadMoreIfNearEnd.current(),
    rangeExtractor: (range) => {
      const top = window.scrollY;
      return bufferedRange(virtualizer.measurementsCache, range, { top, bottom: top + window.innerHeight });
    },
  });
  const items = virtualizer.getVirtualItems();

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  // After a batch arrives, and whenever the rendered range moves. The virtualiser's own
  // onChange hears every scroll: an effect keyed on the rendered range missed some of them
  // (a render flushed from a scroll event does not always run passive effects before the
  // next), and a reader at the bottom then waited for a batch that was never asked for.
  useLayoutEffect(() => {
    loadMoreIfNearEnd.current = () => {
      const lastRendered = virtualizer.getVirtualItems().at(-1)?.index ?? -1;
      if (hasNextPage && !isFetchingNextPage && lastRendered >= entries.length - LOAD_AHEAD) void fetchNextPage();
    };
  });
  useEffect(() => loadMoreIfNearEnd.current(), [loadMoreIfNearEnd, hasNextPage, isFetchingNextPage, entries.length]);

  const showNewPosts = useCallback(async () => {
    setPending(new Set());
    // Only the first batch is read again (with the new posts on top); the rest loads as one scrolls.
    queryClient.setQueryData<PostPages>(queryKey, (pages) => (pages ? { pages: pages.pages.slice(0, 1), pageParams: pages.pageParams.slice(0, 1) } : pages));
    await queryClient.refetchQueries({ queryKey, exact: true });
    window.scrollTo({ top: Math.max(0, scrollMargin - 96), behavior: 'smooth' });
  }, [queryClient, queryKey, scrollMargin]);

  const timezone = user?.timezone || DEFAULT_TIMEZONE;
  const readOnly = user?.isReadOnly ?? true;

  return (
    <section className="post-list" aria-label={communitySlug ? 'Community posts' : 'Feed'} aria-busy={list.isPending}>
      {rooms.map((room) => (
        <JoinRoom key={room} room={room} />
      ))}
      <NewPostsBar count={pending.size} onShow={() => void showNewPosts()} />
      <div ref={listRef}>
      {list.isPending ? (
        <PostListSkeleton />
      ) : list.isError && entries.length === 0 ? (
        <EmptyState title="The posts could not be loaded" description="Check your connection and try again." action={<Button onClick={() => void list.refetch()}>Try again</Button>} />
      ) : entries.length === 0 ? (
        <EmptyState
          title="No posts yet"
          description={communitySlug ? 'Be the first to start a conversation in this community.' : 'Posts from people and communities you follow will appear here.'}
        />
      ) : (
        <div className="post-list__items" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const entry = entries[item.index]!;
            return (
              <div key={item.key} ref={virtualizer.measureElement} data-index={item.index} className="post-list__item" style={{ transform: `translateY(${item.start - scrollMargin}px)` }}>
                {entry.post ? <PostCard post={entry.post} timezone={timezone} readOnly={readOnly} /> : <AnnouncementCard announcement={entry.announcement} timezone={timezone} />}
              </div>
            );
          })}
        </div>
      )}
      </div>
      {isFetchingNextPage && (
        <div className="post-list__more">
          <Spinner label="Loading more posts" />
        </div>
      )}
      {!hasNextPage && entries.length > 0 && !list.isPending && <p className="post-list__end">You are all caught up.</p>}
    </section>
  );
}

function PostListSkeleton() {
  return (
    <div className="post-list__skeleton" role="status" aria-label="Loading posts">
      {[0, 1, 2].map((index) => (
        <div key={index} className="post-card post-card--skeleton" aria-hidden="true">
          <div className="skeleton skeleton--avatar" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
          <div className="skeleton skeleton--block" />
        </div>
      ))}
    </div>
  );
}
