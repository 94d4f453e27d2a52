import { z } from 'zod';

/**
 * A public announcement as the home feed shows it, beside the posts: its newsroom's name and
 * logo, headline, subtitle and header image, and its web page. The announcement itself is the
 * one source; the feed reads it, never a copy.
 */
export const feedAnnouncement = z.object({
  id: z.number().int(),
  headline: z.string(),
  subtitle: z.string(),
  headerImage: z.string().nullable(),
  url: z.string(),
  newsroom: z.object({ id: z.number().int(), slug: z.string(), name: z.string(), logo: z.string().nullable() }),
  publicAt: z.string(),
});
export type FeedAnnouncement = z.infer<typeof feedAnnouncement>;

/**
 * An announcement came into the feed (the public may now read it), changed there, or left it
 * (unpublished), to the `feed` room: it is public, so every feed reader may hear of it, and
 * those whose feed shows announcements act on it.
 */
export const feedAnnouncementChanged = z.object({
  cursor: z.string().regex(/^\d+:\d+$/),
  position: z.number().int(),
  announcementId: z.number().int(),
  change: z.enum(['added', 'updated', 'removed']),
  announcement: feedAnnouncement.nullable(),
});
