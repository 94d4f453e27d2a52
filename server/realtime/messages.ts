import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { PostEvent } from '../../contracts/posts/index.ts';
import type { CommunityEvent } from '../../contracts/communities/index.ts';
import type { commentAdded, commentDeleted, commentEdited, likeChanged, membershipChanged, postChanged } from '../../contracts/realtime.ts';
import type { Database } from '../db/schema.ts';
import type { AnyEvent, StoredEvent } from '../events/types.ts';
import { findComment } from '../modules/comments/queries.ts';
import type { Viewer } from '../modules/posts/permissions.ts';

/** One message for some rooms, as the realtime processor emits it after its batch commits. */
export type RealtimeMessage =
  | { event: 'post:changed'; rooms: string[]; payload: z.infer<typeof postChanged> }
  | { event: 'comment:added'; rooms: string[]; payload: z.infer<typeof commentAdded> }
  | { event: 'comment:edited'; rooms: string[]; payload: z.infer<typeof commentEdited> }
  | { event: 'comment:deleted'; rooms: string[]; payload: z.infer<typeof commentDeleted> }
  | { event: 'like:changed'; rooms: string[]; payload: z.infer<typeof likeChanged> }
  | { event: 'membership:changed'; rooms: string[]; payload: z.infer<typeof membershipChanged> };

// Pushed views are a neutral reader's: nobody's liked flag, nobody's permissions.
const NEUTRAL: Viewer = { contactId: 0, isAdmin: false, userType: null };

export const postRoom = (postId: number) => `post:${postId}`;
/** Lists: untargeted posts go to everyone's feed, targeted ones to the feeds of their user types. */
export const feedRooms = (userTypes: readonly string[]) => (userTypes.length === 0 ? ['feed'] : userTypes.map((type) => `feed:${type}`));

export const communityRoom = (slug: string) => `community:${slug}`;

async function communityRooms(db: Kysely<Database>, communityIds: readonly number[]): Promise<string[]> {
  if (communityIds.length === 0) return [];
  const rows = await db.selectFrom('communities').select('slug').where('id', 'in', [...communityIds]).execute();
  return rows.map((row) => communityRoom(row.slug));
}

export const cursorOf = (event: Pick<StoredEvent, 'transactionId' | 'position'>) => `${event.transactionId}:${event.position}`;

async function counts(db: Kysely<Database>, postId: number) {
  const row = await db.selectFrom('posts').select(['comments_count', 'total_comments_count']).where('id', '=', postId).executeTakeFirst();
  return { commentsCount: row?.comments_count ?? 0, totalCommentsCount: row?.total_comments_count ?? 0 };
}

/**
 * What an event means to open screens: which rooms hear of it, and the changed view so a
 * client patches its cache without asking again. Read models are read as they are when the
 * processor gets to the event (counts then include what happened since; never less).
 */
export async function messagesFor(db: Kysely<Database>, stored: StoredEvent<AnyEvent>): Promise<RealtimeMessage[]> {
  const event = stored as StoredEvent<PostEvent | CommunityEvent>;
  const stamp = { cursor: cursorOf(stored), position: stored.position };
  switch (event.type) {
    case 'PostCreated':
    case 'PostUpdated':
    case 'PostDeleted':
    case 'PostRestored': {
      const { postId, kind } = event.data;
      const post = await db.selectFrom('posts').select(['author_id', 'user_types', 'community_ids']).where('id', '=', postId).executeTakeFirst();
      if (!post) return [];
      const change = ({ PostCreated: 'created', PostUpdated: 'updated', PostDeleted: 'deleted', PostRestored: 'restored' } as const)[event.type];
      // Posts in communities reach their communities' lists, never the open feed.
      const lists = post.community_ids.length === 0 ? feedRooms(post.user_types) : await communityRooms(db, post.community_ids.map(Number));
      return [{ event: 'post:changed', rooms: [postRoom(postId), ...lists], payload: { ...stamp, postId, kind, change, authorId: post.author_id } }];
    }
    case 'Commented':
    case 'CommentEdited': {
      const comment = await findComment(db, NEUTRAL, event.data.commentId);
      if (!comment) return [];
      const rooms = [postRoom(event.data.postId)];
      if (event.type === 'CommentEdited') return [{ event: 'comment:edited', rooms, payload: { ...stamp, postId: event.data.postId, comment } }];
      const { commentsCount, totalCommentsCount } = await counts(db, event.data.postId);
      return [{ event: 'comment:added', rooms, payload: { ...stamp, postId: event.data.postId, comment, commentsCount, totalCommentsCount } }];
    }
    case 'CommentDeleted': {
      const { commentId, postId, parentId } = event.data;
      const { commentsCount, totalCommentsCount } = await counts(db, postId);
      return [{ event: 'comment:deleted', rooms: [postRoom(postId)], payload: { ...stamp, postId, commentId, parentId, commentsCount, totalCommentsCount } }];
    }
    case 'Liked':
    case 'Unliked': {
      const { targetKind, targetId, userId } = event.data;
      const target =
        targetKind === 'post'
          ? await db.selectFrom('posts').select(['id as postId', 'likes_count']).where('id', '=', targetId).executeTakeFirst()
          : await db.selectFrom('comments').select(['post_id as postId', 'likes_count']).where('id', '=', targetId).executeTakeFirst();
      if (!target) return [];
      return [
        {
          event: 'like:changed',
          rooms: [postRoom(target.postId)],
          payload: { ...stamp, postId: target.postId, targetKind, targetId, userId, liked: event.type === 'Liked', likesCount: target.likes_count },
        },
      ];
    }
    case 'Joined':
    case 'Left': {
      const { communityId, userId } = event.data;
      const community = await db.selectFrom('communities').select(['slug', 'members_count']).where('id', '=', communityId).executeTakeFirst();
      if (!community) return [];
      // The community's page, and the person's own left navigation in every tab they have open.
      return [
        {
          event: 'membership:changed',
          rooms: [communityRoom(community.slug), `user:${userId}`],
          payload: { ...stamp, communityId, communitySlug: community.slug, userId, isJoined: event.type === 'Joined', membersCount: community.members_count },
        },
      ];
    }
    default:
      return [];
  }
}
