import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AnnouncementEvent } from '../../../contracts/announcements/index.ts';
import type { FeedAnnouncement, feedAnnouncementChanged } from '../../../contracts/announcements/feed.ts';
import type { Database } from '../../db/schema.ts';
import type { AnyEvent, StoredEvent } from '../../events/types.ts';
import { announcementPath } from './queries.ts';
import './tables.ts';

export type FeedAnnouncementMessage = { event: 'feed:announcement'; rooms: string[]; payload: z.infer<typeof feedAnnouncementChanged> };

/** The home feed's room: announcements are public, so every feed reader may hear of them. */
const FEED_ROOM = 'feed';

/** What the public reads (published, its embargo passed, in a public newsroom), with the newsroom's face. */
function publicFeedRows(db: Kysely<Database>) {
  return db
    .selectFrom('announcements as a')
    .innerJoin('newsrooms as n', 'n.id', 'a.newsroom_id')
    .select(['a.id', 'a.headline', 'a.subtitle', 'a.header_image', 'a.public_at', 'n.id as newsroom_id', 'n.slug as newsroom_slug', 'n.name as newsroom_name', 'n.logo_path as newsroom_logo'])
    .where('a.is_public', '=', true)
    .where('n.is_public', '=', true);
}

type FeedRow = Awaited<ReturnType<ReturnType<typeof publicFeedRows>['execute']>>[number];

function feedAnnouncementOf(row: FeedRow): FeedAnnouncement {
  const header = (typeof row.header_image === 'string' ? JSON.parse(row.header_image) : row.header_image) as { path: string } | null;
  return {
    id: Number(row.id),
    headline: row.headline,
    subtitle: row.subtitle,
    headerImage: header?.path ?? null,
    url: announcementPath(Number(row.id)),
    newsroom: { id: Number(row.newsroom_id), slug: row.newsroom_slug, name: row.newsroom_name, logo: row.newsroom_logo },
    publicAt: new Date(row.public_at!).toISOString(),
  };
}

/** Public announcements for the home feed, newest first by when the public could first read them. */
export async function feedAnnouncements(db: Kysely<Database>, page: { offset: number; limit: number }): Promise<FeedAnnouncement[]> {
  const rows = await publicFeedRows(db).orderBy('a.public_at', 'desc').orderBy('a.id', 'desc').offset(page.offset).limit(page.limit).execute();
  return rows.map(feedAnnouncementOf);
}

const CHANGES = { AnnouncementPublished: 'added', AnnouncementEmbargoLifted: 'added', AnnouncementEdited: 'updated', AnnouncementUnpublished: 'removed' } as const;
type Heard = Extract<AnnouncementEvent, { type: keyof typeof CHANGES }>;
const isHeard = (event: StoredEvent<AnyEvent>): event is StoredEvent<Heard> => event.type in CHANGES;

/**
 * What announcement events mean to the home feed: one the public may now read comes in (published
 * without an embargo, by a person or its schedule, or its embargo lifted), an edit of a public one
 * changes its card, an unpublished one leaves. Read as it is when the batch is handled: one made
 * public and taken back within the batch never comes in, and one under embargo is never told of.
 */
export async function feedAnnouncementMessagesFor(db: Kysely<Database>, events: readonly StoredEvent<AnyEvent>[]): Promise<FeedAnnouncementMessage[][]> {
  const heard = events.filter(isHeard);
  if (heard.length === 0) return events.map(() => []);
  const ids = [...new Set(heard.map((event) => event.data.announcementId))];
  const [visible, everPublic] = await Promise.all([
    publicFeedRows(db).where('a.id', 'in', ids).execute(),
    db.selectFrom('announcements').select('id').where('id', 'in', ids).where('public_at', 'is not', null).execute(),
  ]);
  const byId = new Map(visible.map((row) => [Number(row.id), feedAnnouncementOf(row)]));
  const wasPublic = new Set(everPublic.map((row) => Number(row.id)));
  return events.map((event): FeedAnnouncementMessage[] => {
    if (!isHeard(event)) return [];
    const { announcementId } = event.data;
    const change = CHANGES[event.type];
    const announcement = change === 'removed' ? null : (byId.get(announcementId) ?? null);
    // Only what the public could read was ever in a feed: a draft or an embargoed release is not told of.
    if (change === 'removed' ? !wasPublic.has(announcementId) : announcement === null) return [];
    const payload = { cursor: `${event.transactionId}:${event.position}`, position: event.position, announcementId, change, announcement };
    return [{ event: 'feed:announcement', rooms: [FEED_ROOM], payload }];
  });
}
