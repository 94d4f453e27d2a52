import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { videoChanged } from '../../../contracts/realtime.ts';
import type { VideoEvent } from '../../../contracts/video/index.ts';
import type { Database } from '../../db/schema.ts';
import type { AnyEvent, StoredEvent } from '../../events/types.ts';
import { communityRoom, cursorOf, feedRooms, postRoom } from '../../realtime/messages.ts';
import { findVideo } from './queries.ts';

const CHANGES = new Set<string>(['VideoProcessed', 'VideoRenditionsAdded', 'VideoFailed']);

export type VideoMessage = { event: 'video:changed'; rooms: string[]; payload: z.infer<typeof videoChanged> };

/**
 * One list per event: a video that changed (processed, completed or failed) goes to every open
 * screen that shows it: the posts and comments that carry it, the lists those posts are in, and
 * its owner's tabs (a composer waiting on it).
 */
export async function videoMessagesFor(db: Kysely<Database>, events: readonly StoredEvent<AnyEvent>[]): Promise<VideoMessage[][]> {
  const messages: VideoMessage[][] = [];
  for (const event of events as readonly StoredEvent<VideoEvent>[]) {
    // Every event of the log passes here; only a video's change of state is news to screens.
    if (!CHANGES.has(event.type)) {
      messages.push([]);
      continue;
    }
    const found = await findVideo(db, event.data.videoId);
    if (!found) {
      messages.push([]);
      continue;
    }
    const { ownerId, ...video } = found;
    const rooms = new Set([`user:${ownerId}`]);
    for (const post of await postsShowing(db, video.id)) {
      rooms.add(postRoom(post.id));
      for (const list of post.community_slugs.length > 0 ? post.community_slugs.map(communityRoom) : feedRooms(post.user_types)) rooms.add(list);
    }
    messages.push([{ event: 'video:changed', rooms: [...rooms], payload: { cursor: cursorOf(event), position: event.position, video } }]);
  }
  return messages;
}

/** Posts that show a video, as their own, attached to a community post or in one of their comments, with the slugs of their communities. */
async function postsShowing(db: Kysely<Database>, videoId: number) {
  const { rows } = await sql<{ id: number; user_types: string[]; community_slugs: string[] }>`
    select p.id, p.user_types, coalesce((select array_agg(c.slug) from communities c where c.id = any(p.community_ids)), '{}') as community_slugs
    from posts p
    where p.id in (
      select id from posts where (fields->>'videoId')::int8 = ${videoId}
      union
      select id from posts where kind = 'communityPost' and fields->'attachments' @> ${JSON.stringify([{ type: 'video', id: videoId }])}::jsonb
      union
      select post_id from comments where attachments @> ${JSON.stringify([{ type: 'video', id: videoId }])}::jsonb)`.execute(db);
  return rows;
}
