import { z } from 'zod';
import { defineEvent } from '../events/define.ts';

const feedId = z.number().int().positive();
const userId = z.number().int().positive();
/** Beats by their names (contracts/users/enums.ts BEATS), as a reader filters by them. */
const beats = z.array(z.string());
/** A two-letter country code, or none. */
const country = z.string().nullable();
/** An instant, ISO 8601 in UTC. */
const instant = z.string();

/** The editorial kinds of spec section 1. */
export const articleKind = z.enum(['media', 'epitome', 'marcoms']);
export type ArticleKind = z.infer<typeof articleKind>;

// An outside feed's stream (`news-feed-{id}`): an outlet's RSS or Atom feed an admin registered.
export const NewsFeedRegistered = defineEvent('NewsFeedRegistered', z.object({ feedId, name: z.string(), url: z.string(), outlet: z.string(), beats, country, registeredBy: userId }));
/** No longer fetched; what it brought stays on the wire. */
export const NewsFeedRemoved = defineEvent('NewsFeedRemoved', z.object({ feedId, removedBy: userId }));

// One outside item's stream (`news-item-{id}`): each item of a feed, once.
export const NewsItemAdded = defineEvent(
  'NewsItemAdded',
  z.object({ id: z.number().int().positive(), feedId, title: z.string(), summary: z.string(), link: z.string(), outlet: z.string(), beats, country, publishedAt: instant }),
);

// An editorial article's stream (`article-{id}`), written by the platform's admins.
export const ArticlePublished = defineEvent(
  'ArticlePublished',
  z.object({
    id: z.number().int().positive(),
    kind: articleKind,
    title: z.string(),
    summary: z.string(),
    content: z.string(),
    imageUrl: z.string().nullable(),
    videoId: z.number().int().positive().nullable(),
    publishedAt: instant,
  }),
);

export const newsEvents = [NewsFeedRegistered, NewsFeedRemoved, NewsItemAdded, ArticlePublished] as const;
