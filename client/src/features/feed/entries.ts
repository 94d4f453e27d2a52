import type { FeedAnnouncement } from '../../../../contracts/announcements/feed.ts';
import type { PostView } from '../../../../contracts/posts/views.ts';
import type { PostPages } from '../posts/cache.ts';

/** What a list shows, in order: a post, or on the home feed a public announcement among them. */
export type FeedEntry = { key: string; post: PostView; announcement?: undefined } | { key: string; announcement: FeedAnnouncement; post?: undefined };

/** Where the next page starts: posts and announcements page apart (the server takes the newest of both). */
export type FeedPageParam = { offset: number; announcements: number };

export const postKey = (id: number) => `post:${id}`;
export const announcementKey = (id: number) => `announcement:${id}`;

/**
 * Each page's posts and announcements merged by date as the server cut them (the post first on the
 * same instant), page after page. Something that came twice, because others published while pages
 * were loading, stays where it came first.
 */
export function entriesOf(pages: PostPages | undefined): FeedEntry[] {
  const seen = new Set<string>();
  const entries: FeedEntry[] = [];
  for (const page of pages?.pages ?? []) {
    const posts: FeedEntry[] = page.data.map((post) => ({ key: postKey(post.id), post }));
    const announcements: FeedEntry[] = (page.announcements ?? []).map((announcement) => ({ key: announcementKey(announcement.id), announcement }));
    const merged: FeedEntry[] = [];
    let p = 0;
    let a = 0;
    while (p < posts.length || a < announcements.length) {
      const post = posts[p];
      const announcement = announcements[a];
      if (announcement && (!post || Date.parse(announcement.announcement!.publicAt) > Date.parse(post.post!.publishedAt))) {
        merged.push(announcement);
        a += 1;
      } else {
        merged.push(post!);
        p += 1;
      }
    }
    for (const entry of merged) if (!seen.has(entry.key) && seen.add(entry.key)) entries.push(entry);
  }
  return entries;
}

/** Whether this list shows announcements: the server sends them only on the home feed of their followers. */
export const showsAnnouncements = (pages: PostPages | undefined) => pages?.pages[0]?.announcements !== undefined;

export const nextPageParam = (pages: PostPages['pages']): FeedPageParam => ({
  offset: pages.reduce((sum, page) => sum + page.data.length, 0),
  announcements: pages.reduce((sum, page) => sum + (page.announcements?.length ?? 0), 0),
});

/** One announcement changed (edited) or gone (unpublished, `null`) wherever the list holds it. */
export function patchAnnouncement(pages: PostPages, id: number, next: FeedAnnouncement | null): PostPages {
  if (!pages.pages.some((page) => page.announcements?.some((item) => item.id === id))) return pages;
  return {
    ...pages,
    pages: pages.pages.map((page) =>
      page.announcements?.some((item) => item.id === id)
        ? { ...page, announcements: page.announcements.flatMap((item) => (item.id !== id ? [item] : next ? [next] : [])) }
        : page,
    ),
  };
}
