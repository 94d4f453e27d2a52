import { sql, type Kysely, type Selectable } from 'kysely';
import type { ArticleView, FeedView, WireEntry, WirePage, WireSource } from '../../../contracts/news/api.ts';
import type { ArticleKind } from '../../../contracts/news/events.ts';
import type { Database } from '../../db/schema.ts';
import { wireAnnouncements, type WireAnnouncement } from '../announcements/index.ts';
import type { ArticlesTable } from './tables.ts';
import './tables.ts';

type Db = Kysely<Database>;

/** What a media article is published as on the wire: the platform's own desk. */
export const MEDIA_OUTLET = 'Media news';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export async function listFeeds(db: Db, feedId?: number): Promise<FeedView[]> {
  let query = db
    .selectFrom('news_feeds')
    .innerJoin('news_feed_fetches', 'news_feed_fetches.feed_id', 'news_feeds.id')
    .select(['news_feeds.id', 'name', 'url', 'outlet', 'beats', 'country', 'failures', 'last_error', 'last_failed_at', 'last_fetched_at', 'due_at'])
    .select((eb) => eb.selectFrom('news_items').select(eb.fn.countAll<string>().as('count')).whereRef('news_items.feed_id', '=', 'news_feeds.id').as('items_count'))
    .where('removed', '=', false)
    // Failing ones first: what an admin opens this screen for.
    .orderBy(sql`failures > 0`, 'desc')
    .orderBy('name');
  if (feedId !== undefined) query = query.where('news_feeds.id', '=', feedId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    url: row.url,
    outlet: row.outlet,
    beats: row.beats,
    country: row.country,
    failing: row.failures > 0,
    failures: row.failures,
    lastError: row.last_error,
    lastFailedAt: iso(row.last_failed_at),
    lastFetchedAt: iso(row.last_fetched_at),
    nextFetchAt: iso(row.due_at)!,
    itemsCount: Number(row.items_count ?? 0),
  }));
}

export const articleViewOf = (row: Selectable<ArticlesTable>): ArticleView => ({
  id: Number(row.id),
  kind: row.kind,
  title: row.title,
  summary: row.summary,
  content: row.content,
  imageUrl: row.image_url,
  videoId: row.video_id === null ? null : Number(row.video_id),
  publishedAt: iso(row.published_at)!,
});

export async function findArticle(db: Db, id: number): Promise<ArticleView | null> {
  const row = await db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? articleViewOf(row) : null;
}

/**
 * Where a page ends, for the next: the last entry's time, source and id. The wire is ordered by
 * that triple, newest first; a source's rank breaks ties between entries of the same instant.
 */
type Cursor = { at: Date; rank: number; id: number };
const RANK: Record<WireSource, number> = { news: 1, article: 2, announcement: 3 };

export const encodeCursor = (cursor: Cursor) => Buffer.from(`${cursor.at.toISOString()}|${cursor.rank}|${cursor.id}`).toString('base64url');
export function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  const [at, rank, id] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  const cursor = { at: new Date(at ?? ''), rank: Number(rank), id: Number(id) };
  return Number.isNaN(cursor.at.getTime()) || !Number.isInteger(cursor.rank) || !Number.isSafeInteger(cursor.id) ? null : cursor;
}

/** Entries of `rank` that come after the cursor in the wire's order. */
const afterCursor = (cursor: Cursor | null, rank: number, atColumn: string, idColumn: string) =>
  cursor === null
    ? sql<boolean>`true`
    : sql<boolean>`(${sql.ref(atColumn)} < ${cursor.at}::timestamptz or (${sql.ref(atColumn)} = ${cursor.at}::timestamptz and (${rank} < ${cursor.rank} or (${rank} = ${cursor.rank} and ${sql.ref(idColumn)} < ${cursor.id}))))`;

export type WireFilter = { beat: string | null; country: string | null; outlet: string | null };

const wireEntryOf = (source: WireSource, fields: Omit<WireEntry, 'key' | 'source'>): WireEntry => ({ key: `${source}:${fields.id}`, source, ...fields });

type ItemFields = { id: number; title: string; summary: string; link: string; outlet: string; beats: string[]; country: string | null; publishedAt: string };
export const itemWireEntry = (item: ItemFields): WireEntry =>
  wireEntryOf('news', { id: item.id, title: item.title, summary: item.summary, link: item.link || null, outlet: item.outlet, beats: item.beats, country: item.country, imageUrl: null, publishedAt: item.publishedAt, content: null });

export const articleWireEntry = (article: Pick<ArticleView, 'id' | 'title' | 'summary' | 'content' | 'imageUrl' | 'publishedAt'>): WireEntry =>
  wireEntryOf('article', { id: article.id, title: article.title, summary: article.summary, link: null, outlet: MEDIA_OUTLET, beats: [], country: null, imageUrl: article.imageUrl, publishedAt: article.publishedAt, content: article.content });

export const announcementWireEntry = (row: WireAnnouncement): WireEntry =>
  wireEntryOf('announcement', { id: row.id, title: row.title, summary: row.summary, link: row.link, outlet: row.outlet, beats: row.beats, country: null, imageUrl: row.headerImage, publishedAt: row.publishedAt.toISOString(), content: null });

/**
 * The newswire: public announcements, outside items and media articles, newest first. Each
 * source gives its newest `limit` after the cursor and the page is the newest `limit` of those.
 */
export async function readWire(db: Db, filter: WireFilter, before: Cursor | null, limit: number): Promise<WirePage> {
  let items = db
    .selectFrom('news_items')
    .selectAll()
    .where(afterCursor(before, RANK.news, 'news_items.published_at', 'news_items.id'))
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  if (filter.beat !== null) items = items.where(sql<boolean>`${filter.beat} = any(beats)`);
  if (filter.country !== null) items = items.where('country', '=', filter.country);
  if (filter.outlet !== null) items = items.where('outlet', '=', filter.outlet);

  // Articles have no beat or country: a filter by either leaves them out.
  const articlesShown = filter.beat === null && filter.country === null && (filter.outlet === null || filter.outlet === MEDIA_OUTLET);
  const articles = articlesShown
    ? db
        .selectFrom('articles')
        .selectAll()
        .where('kind', '=', 'media')
        .where(afterCursor(before, RANK.article, 'articles.published_at', 'articles.id'))
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute()
    : Promise.resolve([]);

  // Announcements rank highest: at the cursor's own instant only a smaller announcement id follows it.
  const announcementsBefore = before === null ? null : { at: before.at, id: before.rank === RANK.announcement ? before.id : before.rank > RANK.announcement ? Number.MAX_SAFE_INTEGER : 0 };
  const announcements = filter.country === null ? wireAnnouncements(db, { before: announcementsBefore, limit, beat: filter.beat, outlet: filter.outlet }) : Promise.resolve([]);

  const [itemRows, articleRows, announcementRows] = await Promise.all([items.execute(), articles, announcements]);
  const merged = [
    ...itemRows.map((row) => itemWireEntry({ ...row, id: Number(row.id), publishedAt: iso(row.published_at)! })),
    ...articleRows.map((row) => articleWireEntry(articleViewOf(row))),
    ...announcementRows.map(announcementWireEntry),
  ]
    .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || RANK[b.source] - RANK[a.source] || b.id - a.id)
    .slice(0, limit);
  const last = merged.at(-1);
  return { data: merged, next: merged.length === limit && last ? encodeCursor({ at: new Date(last.publishedAt), rank: RANK[last.source], id: last.id }) : null };
}

/** What the wire's filters offer: the outlets and countries of the registered feeds, and the platform's own desk. */
export async function wireFacets(db: Db): Promise<{ outlets: string[]; countries: string[] }> {
  const feeds = await db.selectFrom('news_feeds').select(['outlet', 'country']).where('removed', '=', false).execute();
  const outlets = [...new Set([...feeds.map((feed) => feed.outlet), MEDIA_OUTLET])].sort((a, b) => a.localeCompare(b));
  const countries = [...new Set(feeds.map((feed) => feed.country).filter((country): country is string => country !== null))].sort();
  return { outlets, countries };
}

/** Epitome and Marcoms News articles, newest first. */
export async function readInsider(db: Db, kind: ArticleKind | undefined, before: Cursor | null, limit: number) {
  const rows = await db
    .selectFrom('articles')
    .selectAll()
    .where('kind', 'in', kind ? [kind] : ['epitome', 'marcoms'])
    .where(afterCursor(before, RANK.article, 'articles.published_at', 'articles.id'))
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const last = rows.at(-1);
  return { data: rows.map(articleViewOf), next: rows.length === limit && last ? encodeCursor({ at: new Date(last.published_at), rank: RANK.article, id: Number(last.id) }) : null };
}
