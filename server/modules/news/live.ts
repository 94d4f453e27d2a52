import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { WireEntry } from '../../../contracts/news/api.ts';
import { NEWSWIRE_ROOM, type wireAdded } from '../../../contracts/news/realtime.ts';
import type { Database } from '../../db/schema.ts';
import type { AnyEvent, StoredEvent } from '../../events/types.ts';
import { wireAnnouncements } from '../announcements/index.ts';
import type { NewsEvent } from '../../../contracts/news/index.ts';
import { announcementWireEntry, articleWireEntry, itemWireEntry } from './queries.ts';

export type NewsMessage = { event: 'newswire:added'; rooms: string[]; payload: z.infer<typeof wireAdded> };

type Published = { type: 'AnnouncementPublished'; data: { announcementId: number; embargoedUntil: string | null } };
type Lifted = { type: 'AnnouncementEmbargoLifted'; data: { announcementId: number } };

/** The announcement an event makes public, if it does. */
function madePublic(event: StoredEvent<AnyEvent>): number | null {
  if (event.type === 'AnnouncementPublished') {
    const { data } = event as unknown as Published;
    return data.embargoedUntil === null ? data.announcementId : null;
  }
  if (event.type === 'AnnouncementEmbargoLifted') return (event as unknown as Lifted).data.announcementId;
  return null;
}

/**
 * What reaches the newswire, to every reader of it: an outside item, a media article, an
 * announcement the public may now read. The wire is the same for everyone, so one room.
 */
export async function newsMessagesFor(db: Kysely<Database>, events: readonly StoredEvent<AnyEvent>[]): Promise<NewsMessage[][]> {
  const announcementIds = events.map(madePublic).filter((id): id is number => id !== null);
  const announcements = announcementIds.length === 0 ? [] : await wireAnnouncements(db, { before: null, limit: announcementIds.length, beat: null, outlet: null, ids: announcementIds });
  const byId = new Map(announcements.map((row) => [row.id, announcementWireEntry(row)]));
  return events.map((event) => {
    const news = event as StoredEvent<NewsEvent>;
    let entry: WireEntry | undefined;
    if (news.type === 'NewsItemAdded') entry = itemWireEntry(news.data);
    else if (news.type === 'ArticlePublished' && news.data.kind === 'media') entry = articleWireEntry(news.data);
    else {
      const id = madePublic(event);
      entry = id === null ? undefined : byId.get(id);
    }
    return entry ? [{ event: 'newswire:added', rooms: [NEWSWIRE_ROOM], payload: { cursor: `${event.transactionId}:${event.position}`, position: event.position, entry } }] : [];
  });
}
