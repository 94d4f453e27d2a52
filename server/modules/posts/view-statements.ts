import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { PostKind, UserType } from '../../../contracts/posts/kinds.ts';
import { batchArray, preparedStatement } from '../../db/connect.ts';
import type { Database, PostsTable } from '../../db/schema.ts';
import type { Viewer } from './permissions.ts';

/**
 * A posts row as the views read it, in one round trip: its kind and audience typed, its
 * author's name and face, the viewer's liked flag, and the video it shows, if any.
 */
export type PostViewRow = Omit<PostsTable, 'kind' | 'user_types' | 'fields' | 'published_at' | 'updated_at'> & {
  kind: PostKind;
  user_types: UserType[];
  fields: Record<string, unknown>;
  published_at: Date;
  updated_at: Date;
  author_firstname: string | null;
  author_lastname: string | null;
  author_slug: string | null;
  author_logo: string | null;
  liked: boolean;
  video_id: number | null;
  video_path: string | null;
  video_thumbnail: string | null;
  video_status: 'processing' | 'processed' | 'failed' | null;
  video_master: string | null;
  video_qualities: Record<string, string> | null;
  video_fallback: string | null;
  video_duration: number | null;
};

/**
 * The columns of PostViewRow for the rows of `page` (a posts row each). Joined after the
 * page is cut, so that rows skipped by an offset cost nothing; LIMIT 1 keeps each lookup a
 * probe of one primary key rather than a scan of all the viewer's likes.
 */
const viewOf = (viewerId: number) => sql`
  select page.id, page.kind, page.author_id, page.author_type, page.creator_id, page.community_ids, page.user_types, page.fields,
         page.is_deleted, page.published_at, page.updated_at, page.likes_count, page.comments_count, page.total_comments_count,
         coalesce(u.firstname, c.name) as author_firstname, u.lastname as author_lastname,
         coalesce(u.slug, c.slug) as author_slug, coalesce(u.logo, c.logo) as author_logo,
         l.liked is not null as liked, v.id as video_id, v.path as video_path, v.thumbnail_path as video_thumbnail, v.status as video_status,
         v.master_path as video_master, v.quality_paths as video_qualities, v.fallback_path as video_fallback, v.duration as video_duration
  from page
  left join users u on page.author_type = 'person' and u.id = page.author_id
  left join companies c on page.author_type = 'company' and c.id = page.author_id
  left join lateral (select true as liked from likes l where l.target_kind = 'post' and l.target_id = page.id and l.user_id = ${viewerId} limit 1) l on true
  left join lateral (
    select up.id, up.path, coalesce(vi.cover_path, up.thumbnail_path) as thumbnail_path, coalesce(vi.status, up.status) as status,
           vi.master_path, vi.quality_paths, vi.fallback_path, vi.duration
    from uploads up left join videos vi on vi.id = up.id
    where up.id = (page.fields->>'videoId')::int8 limit 1) v on true`;

/** One post as `viewerId` sees it, deleted or not; null when there is no such post. */
export async function postViewRow(db: Kysely<Database>, viewerId: number, postId: number): Promise<PostViewRow | null> {
  const { rows } = await sql<PostViewRow>`${preparedStatement('post_view')}
    with page as (select * from posts where id = ${postId})
    ${viewOf(viewerId)}`.execute(db);
  return rows[0] ?? null;
}

/** The posts of these ids as `viewerId` sees them, deleted or not, in the order asked; an id with no post is left out. */
export async function postViewRows(db: Kysely<Database>, viewerId: number, postIds: readonly number[]): Promise<PostViewRow[]> {
  if (postIds.length === 0) return [];
  const { rows } = await sql<PostViewRow>`${preparedStatement('post_views')}
    with page as (
      select p.*, asked.n from unnest(${batchArray(postIds, 'int8')}) with ordinality as asked(id, n) join posts p on p.id = asked.id
    )
    ${viewOf(viewerId)}
    order by page.n`.execute(db);
  return rows;
}

export type FeedFilter = { kinds: PostKind[] | null; communityId?: number; authorId?: number; offset: number; limit: number };

/** The most rows a numbered page may hold: the largest page the API serves, plus the row that tells if there is more. */
const NUMBERED_PAGE_MAX = 101;

/**
 * A page of the feed, newest first: posts not deleted, meant for the viewer's user type
 * (empty: everyone) and outside communities or in one they may read; authors, creators and
 * admins see all of theirs. The rule of mayRead, in SQL so that the index reads the page.
 *
 * One prepared statement per shape of filter. The unfiltered feed, the busiest of them,
 * numbers rows with row_number() instead of taking OFFSET and LIMIT parameters: PostgreSQL
 * costs a parameterised LIMIT at a tenth of the table, so its plan cache never kept a plan
 * for that statement and planned it anew on every page (half its cost). The window's run
 * condition (PostgreSQL 15) stops the index scan at the page's end, and the constant limit
 * lets one generic plan serve every page. A filter by kind, community or author keeps OFFSET:
 * its best plan depends on the one asked for.
 */
/** mayRead's rule, less the deleted posts, over posts `p`, in SQL. */
export function readableBy(viewer: Viewer) {
  return sql`(${viewer.isAdmin}::bool or p.author_id = ${viewer.contactId} or p.creator_id = ${viewer.contactId} or (
      (cardinality(p.user_types) = 0 or p.user_types @> array[${viewer.userType}]::text[])
      and (cardinality(p.community_ids) = 0 or p.community_ids && (
        select coalesce(array_agg(c.id), '{}') from communities c
        where c.type = 'public' or exists (select 1 from memberships m where m.community_id = c.id and m.user_id = ${viewer.contactId})))))`;
}

/** The unfiltered feed's page as the CTE `page`, its rows numbered `n` (see above). */
const numberedPage = (viewer: Viewer, offset: number, limit: number) => sql`
  numbered as (
    select p.*, row_number() over (order by p.published_at desc, p.id desc) as n from posts p where not p.is_deleted and ${readableBy(viewer)}
  ),
  page as (select * from numbered where n > ${offset} and n <= ${offset + limit} limit ${sql.lit(NUMBERED_PAGE_MAX)})`;

/**
 * The unfiltered feed's page, as feedRows reads it, and in the same statement what `asked` says
 * (the home feed asks whether the viewer follows announcements). One statement, not two side by
 * side: under a busy database each statement waits for its turn of the CPU and a request waits
 * for the slower one. With a rebuild running beside the app the feed's p99 was 13.3-15.8 ms with
 * one against 16.0-21.3 with two (bench:replay at 300,000 events, four runs each, alternating).
 */
export async function feedRowsAsking(db: Kysely<Database>, viewer: Viewer, page: { offset: number; limit: number }, asked: RawBuilder<boolean>): Promise<{ rows: PostViewRow[]; answer: boolean }> {
  if (page.limit > NUMBERED_PAGE_MAX) throw new Error(`A page of the home feed holds at most ${NUMBERED_PAGE_MAX} rows`);
  const { rows } = await sql<Partial<PostViewRow> & { asked: boolean }>`${preparedStatement('posts_feed_asking')}
    with ${numberedPage(viewer, page.offset, page.limit)},
    viewed as (${viewOf(viewer.contactId)})
    -- One row even for an empty page: the answer comes back whatever the feed holds.
    select question.asked, viewed.* from (select ${asked} as asked) question left join viewed on true
    order by viewed.published_at desc, viewed.id desc`.execute(db);
  return { rows: rows.filter((row): row is PostViewRow & { asked: boolean } => row.id != null), answer: rows[0]!.asked };
}

export async function feedRows(db: Kysely<Database>, viewer: Viewer, filter: FeedFilter): Promise<PostViewRow[]> {
  const byKind = filter.kinds ? sql`and p.kind = any(${filter.kinds}::text[])` : sql``;
  const inCommunity = filter.communityId !== undefined ? sql`and p.community_ids @> array[${filter.communityId}]::bigint[]` : sql``;
  const byAuthor = filter.authorId !== undefined ? sql`and p.author_id = ${filter.authorId}` : sql``;
  const visible = sql`not p.is_deleted ${byKind} ${inCommunity} ${byAuthor} and ${readableBy(viewer)}`;
  const numbered = !filter.kinds && filter.communityId === undefined && filter.authorId === undefined && filter.limit <= NUMBERED_PAGE_MAX;
  const { rows } = numbered
    ? await sql<PostViewRow>`${preparedStatement('posts_feed')}
        with ${numberedPage(viewer, filter.offset, filter.limit)}
        ${viewOf(viewer.contactId)}
        order by page.n`.execute(db)
    : await sql<PostViewRow>`${preparedStatement(`posts_feed${filter.kinds ? '_by_kind' : ''}${filter.communityId !== undefined ? '_in_community' : ''}${filter.authorId !== undefined ? '_by_author' : ''}_offset`)}
        with page as (
          select p.* from posts p where ${visible}
          order by p.published_at desc, p.id desc
          offset ${filter.offset} limit ${filter.limit}
        )
        ${viewOf(viewer.contactId)}
        order by page.published_at desc, page.id desc`.execute(db);
  return rows;
}

/** A post as a line of someone's activity: its kind, a title (or its text's start) and when it was published. */
export type PostLine = { id: number; kind: PostKind; title: string; publishedAt: Date };

/**
 * A person's own posts the viewer may read, newest first, published before `before` (a
 * contact's timeline in contacts). Their title, else their name (events), else their text's start.
 */
export async function postLinesByAuthor(db: Kysely<Database>, viewer: Viewer, authorId: number, before: Date | null, limit: number): Promise<PostLine[]> {
  const { rows } = await sql<{ id: number; kind: PostKind; title: string | null; published_at: Date }>`
    select p.id, p.kind, coalesce(p.fields->>'title', p.fields->>'name', left(regexp_replace(coalesce(p.fields->>'content', ''), '<[^>]*>', ' ', 'g'), 140)) as title, p.published_at
    from posts p
    where p.author_id = ${authorId} and p.author_type = 'person' and not p.is_deleted
      ${before ? sql`and p.published_at < ${before}` : sql``}
      and ${readableBy(viewer)}
    order by p.published_at desc, p.id desc
    limit ${limit}`.execute(db);
  return rows.map((row) => ({ id: Number(row.id), kind: row.kind, title: (row.title ?? '').replace(/\s+/g, ' ').trim(), publishedAt: row.published_at }));
}
