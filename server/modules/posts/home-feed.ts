import type { Kysely } from 'kysely';
import type { FeedAnnouncement } from '../../../contracts/announcements/feed.ts';
import type { PostView } from '../../../contracts/posts/views.ts';
import type { Database } from '../../db/schema.ts';
import { feedAnnouncements } from '../announcements/index.ts';
import { followsFeedType } from '../profiles/queries.ts';
import type { Viewer } from './permissions.ts';
import { listPostViewsAsking } from './queries.ts';

type Page = { offset: number; limit: number; announcementsOffset: number };

/**
 * The home feed: posts, and for whoever follows the announcement feed (the spec's `announcement`
 * audience) the public announcements among them by date. Each source pages by its own offset and
 * the page takes the newest `limit` of both, so none is shown twice or skipped. Announcements are
 * read from their module as they are now: an unpublished one is simply gone, and nothing here
 * needs rebuilding on a replay.
 */
export async function homeFeedPage(db: Kysely<Database>, viewer: Viewer, page: Page) {
  const { posts, answer: followsAnnouncements } = await listPostViewsAsking(db, viewer, page, followsFeedType(viewer.contactId, 'announcement'));
  if (!followsAnnouncements) return posts;
  const announcements = await feedAnnouncements(db, { offset: page.announcementsOffset, limit: page.limit + 1 });
  const { postsTaken, announcementsTaken } = newestOfBoth(posts.data, announcements, page.limit);
  return {
    ...posts,
    data: posts.data.slice(0, postsTaken),
    announcements: announcements.slice(0, announcementsTaken),
    hasMore: posts.hasMore || postsTaken < posts.data.length || announcementsTaken < announcements.length,
  };
}

/**
 * How many of each, newest first, fill a page of `limit`. Both lists are newest first and each
 * holds what may come next (posts up to the page's end, announcements one more), so a list that
 * runs out before the page is full has nothing newer left. On the same instant the post comes first.
 */
export function newestOfBoth(posts: readonly Pick<PostView, 'publishedAt'>[], announcements: readonly Pick<FeedAnnouncement, 'publicAt'>[], limit: number) {
  let postsTaken = 0;
  let announcementsTaken = 0;
  while (postsTaken + announcementsTaken < limit) {
    const post = posts[postsTaken];
    const announcement = announcements[announcementsTaken];
    if (!post && !announcement) break;
    if (announcement && (!post || Date.parse(announcement.publicAt) > Date.parse(post.publishedAt))) announcementsTaken += 1;
    else postsTaken += 1;
  }
  return { postsTaken, announcementsTaken };
}
