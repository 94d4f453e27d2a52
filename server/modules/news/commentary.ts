import { sql, type Kysely } from 'kysely';
import type { CommentaryGroup, CommentaryPage, WireEntry } from '../../../contracts/news/api.ts';
import { articlePath, linkKey } from '../../../contracts/news/links.ts';
import { ARTICLE_KIND_LABELS } from '../../../contracts/posts/kinds.ts';
import type { Database } from '../../db/schema.ts';
import { wireAnnouncements } from '../announcements/index.ts';
import { findPostViews, readableBy, type Viewer } from '../posts/index.ts';
import { announcementWireEntry, articleViewOf, articleWireEntry, encodeCursor, itemWireEntry } from './queries.ts';
import './tables.ts';

type Db = Kysely<Database>;

/** Where a page of commentary ends: its last post's publication time and id (the wire's cursor; one source, so no rank). */
type Cursor = { at: Date; id: number };

const ON_THE_RECORD = 'record';

/**
 * The wire entries these keys name. An outside item by its link; an article or a public
 * announcement by its address in the app, which is only theirs on the app's own host.
 */
async function subjectsOf(db: Db, keys: readonly string[], appHost: string): Promise<Map<string, WireEntry>> {
  const found = new Map<string, WireEntry>();
  if (keys.length === 0) return found;
  const own = (path: string) => linkKey(`http://${appHost}${path}`)!;
  const origin = own('');
  const inApp = (pattern: RegExp) =>
    keys.flatMap((key) => {
      const match = key.startsWith(origin) ? pattern.exec(key.slice(origin.length)) : null;
      return match ? [Number(match[1])] : [];
    });
  const announcementIds = inApp(/^\/app\/announcements\/(\d+)$/);
  const articleIds = inApp(/^\/app\/newswire\?article=(\d+)$/);
  const [items, articles, announcements] = await Promise.all([
    db.selectFrom('news_items').selectAll().where('link_key', 'in', [...keys]).execute(),
    articleIds.length === 0 ? [] : db.selectFrom('articles').selectAll().where('id', 'in', articleIds).execute(),
    announcementIds.length === 0 ? [] : wireAnnouncements(db, { before: null, limit: announcementIds.length, beat: null, outlet: null, ids: announcementIds }),
  ]);
  // The same link syndicated twice is one item on the wire (its first): commentary goes under that one.
  for (const row of items.sort((a, b) => Number(a.id) - Number(b.id))) {
    if (!found.has(row.link_key!)) found.set(row.link_key!, itemWireEntry({ ...row, id: Number(row.id), publishedAt: new Date(row.published_at).toISOString() }));
  }
  // Named by its kind (the wire's entry is a Media news one) and linked to its address, where it opens.
  for (const row of articles) {
    const link = articlePath(Number(row.id));
    found.set(own(link), { ...articleWireEntry(articleViewOf(row)), outlet: ARTICLE_KIND_LABELS[row.kind], link });
  }
  for (const row of announcements) found.set(own(row.link), announcementWireEntry(row));
  return found;
}

/**
 * Reactions and statements the viewer may read, newest first, a page of posts at a time, each
 * page gathered under what its posts answer in order of their newest post; those answering
 * nothing on the wire are one group on the record. `appHost` is the app's own host as the
 * reader reached it, which makes an address in the app an announcement's or an article's.
 */
export async function readCommentary(db: Db, viewer: Viewer, appHost: string, before: Cursor | null, limit: number): Promise<CommentaryPage> {
  const { rows } = await sql<{ id: string; published_at: Date; url_key: string | null }>`
    select p.id, p.published_at, c.url_key
    from posts p left join news_commentary c on c.post_id = p.id
    where p.kind in ('reaction', 'statement') and not p.is_deleted and ${readableBy(viewer)}
      ${before ? sql`and (p.published_at, p.id) < (${before.at}::timestamptz, ${before.id})` : sql``}
    order by p.published_at desc, p.id desc
    limit ${limit}`.execute(db);
  const keys = [...new Set(rows.flatMap((row) => (row.url_key === null ? [] : [row.url_key])))];
  const [subjects, views] = await Promise.all([
    subjectsOf(db, keys, appHost),
    findPostViews(db, viewer, rows.map((row) => Number(row.id)), ['reaction', 'statement']),
  ]);
  const keyOf = new Map(rows.map((row) => [Number(row.id), row.url_key]));

  const groups = new Map<string, CommentaryGroup>();
  for (const view of views) {
    const urlKey = keyOf.get(view.id) ?? null;
    const subject = urlKey === null ? null : (subjects.get(urlKey) ?? null);
    const key = subject?.key ?? ON_THE_RECORD;
    const group = groups.get(key) ?? { key, subject, posts: [] };
    group.posts.push(view);
    groups.set(key, group);
  }
  const last = rows.at(-1);
  return { data: [...groups.values()], next: rows.length === limit && last ? encodeCursor({ at: new Date(last.published_at), rank: 0, id: Number(last.id) }) : null };
}
