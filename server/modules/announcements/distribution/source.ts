import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { EmailSource } from './email.ts';

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const time = (value: Date | string) => new Date(value).getTime();

/**
 * The announcement as its email shows it, and whether it is published (null: gone). The sender
 * reads it for a published one; the email view reads it for a draft or a scheduled one too, which
 * carries the embargo banner when its embargo will still hold at publication (now, or its
 * scheduled time), as the decider judges it when it publishes.
 */
export async function emailSourceOf(db: Kysely<Database>, announcementId: number, now: Date): Promise<{ source: EmailSource; published: boolean } | null> {
  const row = await db
    .selectFrom('announcements as a')
    .innerJoin('newsrooms as n', 'n.id', 'a.newsroom_id')
    .select(['a.id', 'a.headline', 'a.subtitle', 'a.body', 'a.summary', 'a.header_image', 'a.embargo_until', 'a.is_public', 'a.publish_at', 'a.tracking', 'a.status', 'n.name', 'n.brand_colour', 'n.logo_path'])
    .where('a.id', '=', announcementId)
    .executeTakeFirst();
  if (!row) return null;
  const published = row.status === 'published';
  const header = row.header_image ? json<{ path: string } | null>(row.header_image as unknown as string) : null;
  const embargoed = row.embargo_until !== null && (published ? !row.is_public : time(row.embargo_until) > (row.publish_at ? time(row.publish_at) : now.getTime()));
  const source: EmailSource = {
    announcementId,
    headline: row.headline,
    subtitle: row.subtitle,
    body: row.body,
    summary: row.summary,
    headerImage: header?.path ?? null,
    embargoUntil: embargoed ? new Date(row.embargo_until!) : null,
    tracking: row.tracking,
    newsroom: { name: row.name, colour: row.brand_colour, logo: row.logo_path },
  };
  return { source, published };
}
