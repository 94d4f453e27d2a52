import type { ColumnType } from 'kysely';

// The news read models and the fetcher's own tables (migrations/0030_news.ts, 0052_news_commentary.ts).
declare module '../../db/schema.ts' {
  interface Database {
    news_feeds: NewsFeedsTable;
    news_items: NewsItemsTable;
    articles: ArticlesTable;
    news_feed_fetches: NewsFeedFetchesTable;
    news_item_keys: { key: string; item_id: number };
    news_commentary: { post_id: number; url_key: string };
  }
}

type Instant = ColumnType<Date, Date | string, Date | string>;
type MaybeInstant = ColumnType<Date | null, Date | string | null, Date | string | null>;

export interface NewsFeedsTable {
  id: number;
  name: string;
  url: string;
  outlet: string;
  beats: string[];
  country: string | null;
  removed: boolean;
  created_at: Instant;
}

export interface NewsItemsTable {
  id: number;
  feed_id: number;
  title: string;
  summary: string;
  link: string;
  /** The link as commentary names it (contracts/news/links.ts); null when it is not an http(s) address. */
  link_key: string | null;
  outlet: string;
  beats: string[];
  country: string | null;
  published_at: Instant;
  added_at: Instant;
}

export interface ArticlesTable {
  id: number;
  kind: 'media' | 'epitome' | 'marcoms';
  title: string;
  summary: string;
  content: string;
  image_url: string | null;
  video_id: number | null;
  published_at: Instant;
}

export interface NewsFeedFetchesTable {
  feed_id: number;
  due_at: Instant;
  locked_by: string | null;
  locked_until: MaybeInstant;
  failures: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  last_failed_at: MaybeInstant;
  last_fetched_at: MaybeInstant;
}
