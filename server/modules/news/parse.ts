import { parseFeed } from '@rowanmanning/feed-parser';
import { summary as summaryOf } from '../content/rich-text.ts';

/** One item of an outside feed, as the wire keeps it. */
export type FeedEntry = { guid: string | null; link: string; title: string; summary: string; publishedAt: Date };

const SUMMARY_LENGTH = 400;
const TITLE_LENGTH = 300;
/** A feed that lists thousands of items gives its newest this many at a time. */
export const ITEMS_PER_FETCH = 200;

const httpLink = (raw: string | null): string => {
  if (!raw) return '';
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
};

/**
 * The items of an RSS (0.9x, 1.0, 2.0) or Atom feed, newest first. An item with neither a title
 * nor a link says nothing and is left out; one without a date is dated when it was read, and
 * one dated in the future (a feed's clock, or a mistake) is dated then too, so the wire stays in order.
 */
export function parseFeedEntries(xml: string, readAt: Date): FeedEntry[] {
  const entries: FeedEntry[] = [];
  for (const item of parseFeed(xml).items) {
    const link = httpLink(item.url);
    const title = summaryOf(item.title ?? '', TITLE_LENGTH);
    if (!title && !link) continue;
    const dated = item.published ?? item.updated;
    const publishedAt = dated && !Number.isNaN(dated.getTime()) && dated.getTime() <= readAt.getTime() ? dated : readAt;
    entries.push({ guid: item.id?.trim() || null, link, title: title || link, summary: summaryOf(item.description ?? item.content ?? '', SUMMARY_LENGTH), publishedAt });
  }
  return entries.sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime()).slice(0, ITEMS_PER_FETCH);
}
