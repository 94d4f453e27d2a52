import { z } from 'zod';
import type { SourceKind } from '../../../contracts/monitors/api.ts';
import { BEATS } from '../../../contracts/users/enums.ts';
import type { AnyEvent, StoredEvent } from '../../events/types.ts';
import { findAnnouncement } from '../announcements/index.ts';
import { plainText, summary as summaryOf } from '../content/rich-text.ts';
import { findNewsroom } from '../newsrooms/index.ts';
import type { Db } from './queries.ts';

/**
 * The news area's events as this module reads them from the log: outside feed items
 * (`news-item-{id}`) and editorial articles (`article-{id}`). Only the fields a monitor
 * looks at; anything else they carry is theirs.
 */
export const newsItemAdded = z.object({
  id: z.union([z.string(), z.number()]),
  feedId: z.union([z.string(), z.number()]),
  title: z.string(),
  summary: z.string().nullable(),
  link: z.string().nullable(),
  outlet: z.string().nullable(),
  beats: z.array(z.string()),
  country: z.string().nullable(),
  publishedAt: z.string(),
});
export const articlePublished = z.object({
  id: z.union([z.string(), z.number()]),
  kind: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  content: z.string().nullable(),
  imageUrl: z.string().nullable(),
  videoId: z.union([z.string(), z.number()]).nullable(),
  publishedAt: z.string(),
});
export const NEWS_EVENT_SCHEMAS = { NewsItemAdded: newsItemAdded, ArticlePublished: articlePublished } as const;

/** Editorial articles are the platform's own outlet, under the name of their kind. */
const ARTICLE_OUTLETS: Record<string, string> = { media: 'Media news', epitome: 'Epitome', marcoms: 'Marcoms News' };

/** Something that arrived and may be a mention: what a monitor matches, and what a mention keeps. */
export type Item = {
  source: SourceKind;
  sourceId: string;
  title: string;
  summary: string;
  /** Everything a query reads: title, summary and body. */
  text: string;
  link: string | null;
  outlet: string | null;
  beats: string[];
  country: string | null;
  publishedAt: string;
  /** When it reached the log: the start of its way to a mention. */
  arrivedAt: string;
};

const SUMMARY_LENGTH = 280;
const beatNames = new Map<number, string>(BEATS.map((beat) => [beat.id, beat.name]));

/** An instant as ISO 8601, or the fallback when the source wrote none a date reads. */
const instant = (text: string, fallback: string) => (Number.isNaN(Date.parse(text)) ? fallback : new Date(text).toISOString());

const lower = (values: readonly string[]) => values.map((value) => value.toLowerCase());

/** The events that may bring an item (itemOf), as a processor names the types it reads. */
export const ITEM_EVENTS = ['NewsItemAdded', 'ArticlePublished', 'AnnouncementPublished', 'AnnouncementEmbargoLifted', 'PostCreated'] as const;

/** The item an event brings, or null when it brings none a monitor may see. */
export async function itemOf(db: Db, event: StoredEvent<AnyEvent>): Promise<Item | null> {
  const arrivedAt = event.recordedAt.toISOString();
  switch (event.type) {
    case 'NewsItemAdded': {
      const parsed = newsItemAdded.safeParse(event.data);
      if (!parsed.success) return null;
      const item = parsed.data;
      const summary = summaryOf(item.summary ?? '', SUMMARY_LENGTH);
      return {
        source: 'news',
        sourceId: String(item.id),
        title: item.title,
        summary,
        text: `${item.title}\n${plainText(item.summary ?? '')}`,
        link: item.link,
        outlet: item.outlet,
        beats: lower(item.beats),
        country: item.country,
        publishedAt: instant(item.publishedAt, arrivedAt),
        arrivedAt,
      };
    }
    case 'ArticlePublished': {
      const parsed = articlePublished.safeParse(event.data);
      if (!parsed.success) return null;
      const article = parsed.data;
      const body = plainText(article.content ?? '');
      return {
        source: 'article',
        sourceId: String(article.id),
        title: article.title,
        summary: article.summary ? summaryOf(article.summary, SUMMARY_LENGTH) : summaryOf(article.content ?? '', SUMMARY_LENGTH),
        text: `${article.title}\n${plainText(article.summary ?? '')}\n${body}`,
        link: null,
        outlet: ARTICLE_OUTLETS[article.kind] ?? null,
        beats: [],
        country: null,
        publishedAt: instant(article.publishedAt, arrivedAt),
        arrivedAt,
      };
    }
    // On the wire once the public may read it: at publication, or when its embargo lifts.
    case 'AnnouncementPublished':
    case 'AnnouncementEmbargoLifted': {
      const { announcementId } = event.data as { announcementId: number };
      if (event.type === 'AnnouncementPublished' && (event.data as { embargoedUntil: string | null }).embargoedUntil !== null) return null;
      const row = await findAnnouncement(db, announcementId);
      if (!row) return null;
      const newsroom = await findNewsroom(db, { id: Number(row.newsroom_id) });
      return {
        source: 'announcement',
        sourceId: String(announcementId),
        title: row.headline,
        summary: row.summary,
        text: `${row.headline}\n${row.subtitle}\n${plainText(row.body)}`,
        link: `/app/announcements/${announcementId}`,
        outlet: newsroom?.name ?? null,
        beats: row.beats.map((id) => beatNames.get(Number(id))).filter((name): name is string => name !== undefined),
        country: null,
        publishedAt: (row.published_at ? new Date(row.published_at) : event.recordedAt).toISOString(),
        arrivedAt,
      };
    }
    // Posts everyone may read: none kept for a community or for some kinds of reader.
    case 'PostCreated': {
      const post = event.data as { postId: number; kind: string; communityIds: number[]; userTypes: string[]; fields: Record<string, unknown> };
      if (post.communityIds.length > 0 || post.userTypes.length > 0) return null;
      const field = (name: string) => (typeof post.fields[name] === 'string' ? (post.fields[name] as string) : '');
      const title = field('title') || field('name');
      const body = field('content') || field('description');
      return {
        source: 'post',
        sourceId: String(post.postId),
        title: title || summaryOf(body, 80),
        summary: summaryOf(body, SUMMARY_LENGTH),
        text: `${title}\n${plainText(body)}`,
        link: post.kind === 'story' ? `/app/stories/${post.postId}` : `/app/?${post.kind}=${post.postId}`,
        outlet: null,
        beats: [],
        country: null,
        publishedAt: arrivedAt,
        arrivedAt,
      };
    }
    default:
      return null;
  }
}
