import { sql, type Kysely, type Selectable } from 'kysely';
import type { AnnouncementStatus, AnnouncementSummary, AnnouncementView } from '../../../contracts/announcements/api.ts';
import type { AnnouncementFields } from '../../../contracts/announcements/events.ts';
import { BEATS } from '../../../contracts/users/enums.ts';
import type { Database } from '../../db/schema.ts';
import { findVideos, withVideoState } from '../video/index.ts';
import type { AnnouncementsTable } from './tables.ts';

type Db = Kysely<Database>;
export type AnnouncementRow = Selectable<AnnouncementsTable>;
type NewsroomRef = { id: number; slug: string; name: string };

// Reads of announcements; other modules (newsrooms' page and feeds) call these through index.ts.

export const announcementPath = (id: number) => `/app/announcements/${id}`;
export const announcementUrl = (publicUrl: string, id: number) => `${publicUrl}${announcementPath(id)}`;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export async function findAnnouncement(db: Db, id: number): Promise<AnnouncementRow | null> {
  return (await db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** The fields of an announcement as its events hold them. */
export function fieldsOf(row: AnnouncementRow): AnnouncementFields {
  return {
    headline: row.headline,
    subtitle: row.subtitle,
    body: row.body,
    headerImage: json(row.header_image),
    gallery: json(row.gallery),
    video: row.video_id === null ? null : Number(row.video_id),
    attachments: json(row.attachments),
    beats: row.beats.map(Number),
    language: row.language,
    embargoUntil: iso(row.embargo_until),
    tracking: row.tracking,
  };
}

async function newsroomsOf(db: Db, rows: readonly AnnouncementRow[]): Promise<Map<number, NewsroomRef>> {
  const ids = [...new Set(rows.map((row) => Number(row.newsroom_id)))];
  if (ids.length === 0) return new Map();
  const found = await db.selectFrom('newsrooms').select(['id', 'slug', 'name']).where('id', 'in', ids).execute();
  return new Map(found.map((n) => [Number(n.id), { id: Number(n.id), slug: n.slug, name: n.name }]));
}

function summaryOf(row: AnnouncementRow, newsroom: NewsroomRef | undefined): AnnouncementSummary {
  const header = json(row.header_image);
  return {
    id: Number(row.id),
    newsroom: newsroom ?? { id: Number(row.newsroom_id), slug: '', name: '' },
    status: row.status,
    headline: row.headline,
    subtitle: row.subtitle,
    summary: row.summary,
    headerImage: header?.path ?? null,
    language: row.language,
    embargoUntil: iso(row.embargo_until),
    isEmbargoed: row.status === 'published' && !row.is_public,
    publishAt: iso(row.publish_at),
    publishedAt: iso(row.published_at),
    publicAt: iso(row.public_at),
    url: announcementPath(Number(row.id)),
    updatedAt: iso(row.updated_at)!,
  };
}

export async function summariesOf(db: Db, rows: readonly AnnouncementRow[]): Promise<AnnouncementSummary[]> {
  const newsrooms = await newsroomsOf(db, rows);
  return rows.map((row) => summaryOf(row, newsrooms.get(Number(row.newsroom_id))));
}

export async function announcementViewOf(db: Db, row: AnnouncementRow, as: { canEdit: boolean; preview: boolean }): Promise<AnnouncementView> {
  const [summary] = await summariesOf(db, [row]);
  const fields = fieldsOf(row);
  const videos = await findVideos(db, [...(fields.video === null ? [] : [fields.video]), ...fields.attachments.filter((item) => item.type === 'video').map((item) => item.id)]);
  return {
    ...summary!,
    body: fields.body,
    headerImageId: fields.headerImage?.uploadId ?? null,
    gallery: fields.gallery.map((image) => ({ id: image.uploadId, path: image.path, thumbnail: image.thumbnail, caption: image.caption, credit: image.credit, usageRights: image.usageRights })),
    video: fields.video === null ? null : (videos.get(fields.video) ?? null),
    attachments: withVideoState(fields.attachments, videos),
    beats: BEATS.filter((beat) => fields.beats.includes(beat.id)).map((beat) => ({ ...beat })),
    tracking: fields.tracking,
    createdAt: iso(row.created_at)!,
    canEdit: as.canEdit,
    preview: as.preview,
  };
}

/** What the public reads: published, its embargo passed, in a public newsroom. */
const publicOnly = (db: Db) => db.selectFrom('announcements as a').innerJoin('newsrooms as n', 'n.id', 'a.newsroom_id').where('a.is_public', '=', true).where('n.is_public', '=', true);

export async function isPubliclyVisible(db: Db, id: number): Promise<boolean> {
  return Boolean(await publicOnly(db).select('a.id').where('a.id', '=', id).executeTakeFirst());
}

/** `announcements/all`: every public announcement, newest first. */
export async function publicAnnouncements(db: Db, page: { offset: number; limit: number }) {
  const rows = await publicOnly(db).selectAll('a').orderBy('a.public_at', 'desc').orderBy('a.id', 'desc').offset(page.offset).limit(page.limit).execute();
  const { total } = await publicOnly(db).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  return { data: await summariesOf(db, rows), total };
}

/** `announcements/our`: those of the newsrooms the person works on (their account's, and those they were confirmed for), drafts included, latest change first. */
export async function ourAnnouncements(
  db: Db,
  member: { id: number; accountId: number | null },
  filter: { offset: number; limit: number; status?: AnnouncementStatus; newsroomId?: number },
) {
  let query = db
    .selectFrom('announcements as a')
    .innerJoin('newsrooms as n', 'n.id', 'a.newsroom_id')
    .where((eb) => eb.or([eb('n.account_id', '=', member.accountId ?? -1), eb('n.id', 'in', eb.selectFrom('newsroom_managers').select('newsroom_id').where('user_id', '=', member.id))]));
  if (filter.status) query = query.where('a.status', '=', filter.status);
  if (filter.newsroomId) query = query.where('a.newsroom_id', '=', filter.newsroomId);
  const rows = await query.selectAll('a').orderBy('a.updated_at', 'desc').orderBy('a.id', 'desc').offset(filter.offset).limit(filter.limit).execute();
  const { total } = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  return { data: await summariesOf(db, rows), total };
}

/** A newsroom's public announcements as its page and feeds list them, newest first. */
export async function newsroomHeadlines(db: Db, newsroomId: number, publicUrl: string, limit = 50) {
  const rows = await db
    .selectFrom('announcements')
    .select(['id', 'headline', 'subtitle', 'summary', 'public_at'])
    .where('newsroom_id', '=', newsroomId)
    .where('is_public', '=', true)
    .orderBy('public_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), title: row.headline, summary: row.subtitle || row.summary, url: announcementUrl(publicUrl, Number(row.id)), publishedAt: new Date(row.public_at!) }));
}

/** The beats an account's announcements are about, most used first: what its PR people pitch (contacts' recommendations). */
export async function announcementBeatsOf(db: Db, accountId: number): Promise<number[]> {
  const { rows } = await sql<{ beat: number }>`
    select b.beat from announcements a cross join unnest(a.beats) b(beat)
    where a.account_id = ${accountId}
    group by b.beat order by count(*) desc, b.beat`.execute(db);
  return rows.map((row) => Number(row.beat));
}

/** Published and other announcements of some newsrooms, in one pass: the admins' newsroom list shows them. */
export async function newsroomAnnouncementCounts(db: Db, newsroomIds: readonly number[]): Promise<Map<number, { published: number; drafts: number }>> {
  if (newsroomIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('announcements')
    .select(['newsroom_id', sql<number>`count(*) filter (where status = 'published')::int`.as('published'), sql<number>`count(*) filter (where status <> 'published')::int`.as('drafts')])
    .where('newsroom_id', 'in', [...newsroomIds])
    .groupBy('newsroom_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.newsroom_id), { published: row.published, drafts: row.drafts }]));
}
