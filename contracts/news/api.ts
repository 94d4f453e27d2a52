import { z } from 'zod';
import { postView } from '../posts/views.ts';
import { articleKind } from './events.ts';

// Each field is optional in the schemas: a missing one is a rule broken (422, in words), not a malformed request.
export const INVALID_TYPE = 'Invalid type';
export const INVALID_URL = 'Url is not a valid';
export const FEED_NAME_REQUIRED = 'A feed needs a name.';
export const FEED_OUTLET_REQUIRED = 'A feed needs the outlet it is from.';
export const FEED_URL_SCHEME = 'Feeds are fetched over http or https only.';
export const FEED_URL_PRIVATE = 'Feeds are fetched from the public internet only.';
export const FEED_URL_TAKEN = 'This feed is registered already.';
export const UNKNOWN_BEAT = 'Unknown beat.';
export const BAD_COUNTRY = 'Country must be a two-letter country code';
export const ARTICLE_TITLE_REQUIRED = 'An article needs a title or headline.';
export const ARTICLE_TEXT_REQUIRED = 'An article needs its content or a summary.';
export const ARTICLE_IMAGE_URL = 'The image must be an uploaded image or an http(s) address.';
export const NO_VIDEO = 'No such video.';
export const NO_FEED = 'No such feed.';
export const ADMINS_ONLY = 'Only the platform admins manage outside feeds and editorial articles.';
export const NAME_MAX = 200;
export const URL_MAX = 2048;
export const WIRE_PAGE = 30;

const text = (max: number) => z.string().max(max);

export const registerFeedBody = z.object({
  name: text(NAME_MAX).optional(),
  url: text(URL_MAX).optional(),
  outlet: text(NAME_MAX).optional(),
  beats: z.array(z.string().max(40)).max(10).optional(),
  country: z.string().max(10).nullable().optional(),
});
export type RegisterFeedBody = z.infer<typeof registerFeedBody>;

/** A feed with how its fetching goes: `failing` when its last fetch failed (it is being retried). */
export const feedView = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  outlet: z.string(),
  beats: z.array(z.string()),
  country: z.string().nullable(),
  failing: z.boolean(),
  failures: z.number().int(),
  lastError: z.string().nullable(),
  lastFailedAt: z.string().nullable(),
  lastFetchedAt: z.string().nullable(),
  nextFetchAt: z.string(),
  itemsCount: z.number().int(),
});
export type FeedView = z.infer<typeof feedView>;
export const feedsView = z.object({ data: z.array(feedView) });

/** `kind` is any string here: one the spec does not name is 'Invalid type' (422), not a malformed request. */
export const createArticleBody = z.object({
  kind: z.string().max(40).optional(),
  title: text(500).optional(),
  summary: text(2000).optional(),
  content: text(100_000).optional(),
  imageUrl: text(URL_MAX).nullable().optional(),
  videoId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
});
export type CreateArticleBody = z.infer<typeof createArticleBody>;

export const articleView = z.object({
  id: z.number().int(),
  kind: articleKind,
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  imageUrl: z.string().nullable(),
  videoId: z.number().int().nullable(),
  publishedAt: z.string(),
});
export type ArticleView = z.infer<typeof articleView>;

/** One line of the newswire: a public announcement, an outside item or a media article. */
export const wireSource = z.enum(['announcement', 'news', 'article']);
export type WireSource = z.infer<typeof wireSource>;
export const wireEntry = z.object({
  /** `${source}:${id}`, unique on the wire. */
  key: z.string(),
  source: wireSource,
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  /** Where it is read: the outlet's page, or the app's own. Null for an article, read in place. */
  link: z.string().nullable(),
  outlet: z.string(),
  beats: z.array(z.string()),
  country: z.string().nullable(),
  imageUrl: z.string().nullable(),
  publishedAt: z.string(),
  /** Only for articles: their whole text. */
  content: z.string().nullable(),
});
export type WireEntry = z.infer<typeof wireEntry>;

/** The page after `before` (a cursor a page gave), filtered; empty filters are none. */
export const wireQuery = z.object({
  beat: z.string().max(40).optional(),
  country: z.string().max(10).optional(),
  outlet: z.string().max(NAME_MAX).optional(),
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(WIRE_PAGE),
});
export type WireQuery = z.infer<typeof wireQuery>;
export const wirePage = z.object({ data: z.array(wireEntry), next: z.string().nullable() });
export type WirePage = z.infer<typeof wirePage>;

/** What the filters may choose from: the outlets and countries on the wire. */
export const wireFacets = z.object({ outlets: z.array(z.string()), countries: z.array(z.string()) });

export const insiderQuery = z.object({ kind: z.enum(['epitome', 'marcoms']).optional(), before: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(100).default(WIRE_PAGE) });
export const articlesPage = z.object({ data: z.array(articleView), next: z.string().nullable() });

/**
 * Reactions and statements under what they answer: a wire entry (an outside item, an article or a
 * public announcement), or none (`subject` null: on the record, answering nothing on the wire).
 * `key` is the entry's, or `record`; a page's groups come newest activity first, and a group may
 * go on in the next page with older posts.
 */
export const commentaryGroup = z.object({ key: z.string(), subject: wireEntry.nullable(), posts: z.array(postView) });
export type CommentaryGroup = z.infer<typeof commentaryGroup>;
export const commentaryQuery = z.object({ before: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(100).default(WIRE_PAGE) });
export const commentaryPage = z.object({ data: z.array(commentaryGroup), next: z.string().nullable() });
export type CommentaryPage = z.infer<typeof commentaryPage>;
