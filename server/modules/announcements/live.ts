import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AnnouncementEvent } from '../../../contracts/announcements/index.ts';
import type { announcementChanged } from '../../../contracts/announcements/realtime.ts';
import type { Database } from '../../db/schema.ts';
import type { AnyEvent, StoredEvent } from '../../events/types.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { accountModules, findNewsroom, isOwnNewsroom, newsroomAccessOf } from '../newsrooms/index.ts';
import { findAnnouncement, summariesOf } from './queries.ts';

export type AnnouncementMessage = { event: 'announcement:changed'; rooms: string[]; payload: z.infer<typeof announcementChanged> };

/** The room of an announcement's hub (its numbers, live): for those who may read the hub, as its HTTP query checks. */
export async function mayJoinAnnouncementRoom(db: Kysely<Database>, user: SessionUser, announcementId: number): Promise<boolean> {
  const row = await findAnnouncement(db, announcementId);
  const newsroom = row ? await findNewsroom(db, { id: Number(row.newsroom_id) }) : null;
  if (!newsroom) return false;
  return isOwnNewsroom({ ...user, modules: await accountModules(db, user.accountId) }, await newsroomAccessOf(db, newsroom));
}

const CHANGES = {
  AnnouncementDrafted: 'drafted',
  AnnouncementEdited: 'edited',
  AnnouncementScheduled: 'scheduled',
  AnnouncementUnscheduled: 'unscheduled',
  AnnouncementPublished: 'published',
  AnnouncementEmbargoLifted: 'embargoLifted',
  AnnouncementUnpublished: 'unpublished',
  AnnouncementAudienceSet: 'audienceSet',
} as const;
type Heard = Extract<AnnouncementEvent, { type: keyof typeof CHANGES }>;
const isHeard = (event: StoredEvent<AnyEvent>): event is StoredEvent<Heard> => event.type in CHANGES;

/**
 * What announcement events mean to open tabs: the people who work on its newsroom (its account's
 * and those confirmed for it) hear of it in their own rooms (`user:{id}`), as newsrooms do, with
 * the announcement as it is now. The public learns nothing here: a public page is read, not pushed.
 */
export async function announcementMessagesFor(db: Kysely<Database>, events: readonly StoredEvent<AnyEvent>[]): Promise<AnnouncementMessage[][]> {
  const ours = events.filter(isHeard);
  if (ours.length === 0) return events.map(() => []);
  const ids = [...new Set(ours.map((event) => event.data.announcementId))];
  const rows = await db.selectFrom('announcements').selectAll().where('id', 'in', ids).execute();
  const newsroomIds = [...new Set(rows.map((row) => Number(row.newsroom_id)))].concat(-1);
  const [summaries, newsrooms, managers] = await Promise.all([
    summariesOf(db, rows),
    db.selectFrom('newsrooms').select(['id', 'account_id']).where('id', 'in', newsroomIds).execute(),
    db.selectFrom('newsroom_managers').select(['newsroom_id', 'user_id']).where('newsroom_id', 'in', newsroomIds).execute(),
  ]);
  const accounts = [...new Set(newsrooms.map((n) => Number(n.account_id)))].concat(-1);
  const people = await db.selectFrom('users').select(['id', 'account_id']).where('account_id', 'in', accounts).execute();
  const byId = new Map(summaries.map((summary) => [summary.id, summary]));
  return events.map((event): AnnouncementMessage[] => {
    if (!isHeard(event)) return [];
    const summary = byId.get(event.data.announcementId);
    if (!summary) return [];
    const accountId = Number(newsrooms.find((n) => Number(n.id) === summary.newsroom.id)?.account_id ?? -1);
    const listeners = new Set([
      ...people.filter((person) => Number(person.account_id) === accountId).map((person) => Number(person.id)),
      ...managers.filter((manager) => Number(manager.newsroom_id) === summary.newsroom.id).map((manager) => Number(manager.user_id)),
    ]);
    const payload = { cursor: `${event.transactionId}:${event.position}`, position: event.position, announcementId: summary.id, newsroomId: summary.newsroom.id, change: CHANGES[event.type], announcement: summary };
    return [{ event: 'announcement:changed', rooms: [...listeners].sort((a, b) => a - b).map((id) => `user:${id}`), payload }];
  });
}
