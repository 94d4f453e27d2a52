import { sql, type Kysely } from 'kysely';
import { BEATS } from '../../../contracts/users/enums.ts';
import type { Database } from '../../db/schema.ts';
import { announcementPath } from './queries.ts';
import './tables.ts';

/** A public announcement as the newswire lists it: its newsroom is its outlet. */
export type WireAnnouncement = { id: number; title: string; summary: string; link: string; outlet: string; beats: string[]; headerImage: string | null; publishedAt: Date };

export type WireAnnouncementsQuery = {
  /** Only those public before this instant, or at it with a smaller id (the page before). */
  before: { at: Date; id: number } | null;
  limit: number;
  beat: string | null;
  outlet: string | null;
  /** Only these (the ones that just became public). */
  ids?: readonly number[];
};

const beatIdOf = (name: string) => BEATS.find((beat) => beat.name === name)?.id ?? null;
const beatNameOf = (id: number): string | null => BEATS.find((beat) => beat.id === id)?.name ?? null;

/** Public announcements, newest first by when the public could read them: the newswire's share of them. */
export async function wireAnnouncements(db: Kysely<Database>, query: WireAnnouncementsQuery): Promise<WireAnnouncement[]> {
  const beatId = query.beat === null ? null : beatIdOf(query.beat);
  if (query.beat !== null && beatId === null) return [];
  let select = db
    .selectFrom('announcements')
    .innerJoin('newsrooms', 'newsrooms.id', 'announcements.newsroom_id')
    .select(['announcements.id', 'announcements.headline', 'announcements.subtitle', 'announcements.summary', 'announcements.beats', 'announcements.header_image', 'announcements.public_at', 'newsrooms.name as outlet'])
    .where('announcements.is_public', '=', true)
    .orderBy('announcements.public_at', 'desc')
    .orderBy('announcements.id', 'desc')
    .limit(query.limit);
  if (query.before) select = select.where(sql<boolean>`(announcements.public_at, announcements.id) < (${query.before.at}::timestamptz, ${query.before.id})`);
  if (beatId !== null) select = select.where(sql<boolean>`${beatId} = any(announcements.beats)`);
  if (query.outlet !== null) select = select.where('newsrooms.name', '=', query.outlet);
  if (query.ids) select = select.where('announcements.id', 'in', [...query.ids, -1]);
  const rows = await select.execute();
  return rows.map((row) => ({
    id: Number(row.id),
    title: row.headline,
    summary: row.subtitle || row.summary,
    link: announcementPath(Number(row.id)),
    outlet: row.outlet,
    beats: row.beats.map(Number).map(beatNameOf).filter((name): name is string => name !== null),
    headerImage: (row.header_image as { path: string } | null)?.path ?? null,
    publishedAt: new Date(row.public_at!),
  }));
}
