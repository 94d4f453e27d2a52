import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { PostEvent } from '../../contracts/posts/index.ts';
import type { CommunityEvent } from '../../contracts/communities/index.ts';
import type { commentAdded, commentDeleted, commentEdited, likeChanged, membershipChanged, postChanged } from '../../contracts/realtime.ts';
import type { Database } from '../db/schema.ts';
import type { AnyEvent, StoredEvent } from '../events/types.ts';
import { announcementMessagesFor, feedAnnouncementMessagesFor, type AnnouncementMessage, type FeedAnnouncementMessage } from '../modules/announcements/index.ts';
import { newsMessagesFor, type NewsMessage } from '../modules/news/index.ts';
import { findComment } from '../modules/comments/queries.ts';
import { interviewMessagesFor, type InterviewMessage } from '../modules/interviews/index.ts';
import { messagingMessagesFor, type MessagingMessage } from '../modules/messages/index.ts';
import type { Viewer } from '../modules/posts/permissions.ts';
import { newsroomMessagesFor, type NewsroomMessage } from '../modules/newsrooms/index.ts';
import { taskMessagesFor, type TaskMessage } from '../modules/tasks/index.ts';
import { contactMessagesFor, type ContactsMessage } from '../modules/contacts/index.ts';
import { videoMessagesFor, type VideoMessage } from '../modules/video/index.ts';

/** One message for some rooms, as the realtime processor emits it after its batch commits. */
export type RealtimeMessage =
  | { event: 'post:changed'; rooms: string[]; payload: z.infer<typeof postChanged> }
  | { event: 'comment:added'; rooms: string[]; payload: z.infer<typeof commentAdded> }
  | { event: 'comment:edited'; rooms: string[]; payload: z.infer<typeof commentEdited> }
  | { event: 'comment:deleted'; rooms: string[]; payload: z.infer<typeof commentDeleted> }
  | { event: 'like:changed'; rooms: string[]; payload: z.infer<typeof likeChanged> }
  | { event: 'membership:changed'; rooms: string[]; payload: z.infer<typeof membershipChanged> }
  | InterviewMessage
  | MessagingMessage
  | TaskMessage
  | ContactsMessage
  | NewsroomMessage
  | AnnouncementMessage
  | FeedAnnouncementMessage
  | NewsMessage
  | VideoMessage;

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

type PostRow = { id: number; author_id: number; user_types: string[]; community_ids: (number | string)[]; likes_count: number; comments_count: number; total_comments_count: number };

/** The rows a batch's events show, read once per table for the whole batch rather than once per event. */
type Views = { posts: Map<number, PostRow>; comments: Map<number, { post_id: number; likes_count: number }> };

async function readViews(db: Kysely<Database>, events: readonly StoredEvent<PostEvent | CommunityEvent>[]): Promise<Views> {
  const postIds = new Set<number>();
  const commentIds = new Set<number>();
  for (const event of events) {
    if (event.type === 'Liked' || event.type === 'Unliked') (event.data.targetKind === 'post' ? postIds : commentIds).add(event.data.targetId);
    else if ('postId' in event.data && typeof event.data.postId === 'number') postIds.add(event.data.postId);
  }
  const [posts, comments] = await Promise.all([
    postIds.size === 0
      ? []
      : db.selectFrom('posts').select(['id', 'author_id', 'user_types', 'community_ids', 'likes_count', 'comments_count', 'total_comments_count']).where('id', 'in', [...postIds]).execute(),
    commentIds.size === 0 ? [] : db.selectFrom('comments').select(['id', 'post_id', 'likes_count']).where('id', 'in', [...commentIds]).execute(),
  ]);
  return { posts: new Map(posts.map((row) => [row.id, row as PostRow])), comments: new Map(comments.map((row) => [row.id, row])) };
}

function counts(views: Views, postId: number) {
  const row = views.posts.get(postId);
  return { commentsCount: row?.comments_count ?? 0, totalCommentsCount: row?.total_comments_count ?? 0 };
}

/**
 * What events mean to open screens, one list of messages per event: which rooms hear of it,
 * and the changed view so a client patches its cache without asking again. Read models are
 * read as they are when the processor gets to the batch (counts then include what happened
 * since; never less).
 */
export async function messagesFor(db: Kysely<Database>, events: readonly StoredEvent<AnyEvent>[]): Promise<RealtimeMessage[][]> {
  const known = events as readonly StoredEvent<PostEvent | CommunityEvent>[];
  const views = await readViews(db, known);
  const messages: RealtimeMessage[][] = [];
  // In order, one at a time: the few per-event reads left share the batch's transaction.
  for (const event of known) messages.push(await messagesOf(db, event, views));
  const interviews = await interviewMessagesFor(db, events);
  const videos = await videoMessagesFor(db, events);
  const messaging = await messagingMessagesFor(db, events);
  const tasks = await taskMessagesFor(db, events);
  const contacts = await contactMessagesFor(db, events);
  const newsrooms = await newsroomMessagesFor(db, events);
  const announcements = await announcementMessagesFor(db, events);
  const feedAnnouncements = await feedAnnouncementMessagesFor(db, events);
  const news = await newsMessagesFor(db, events);
  return messages.map((ofEvent, i) => [...ofEvent, ...interviews[i]!, ...videos[i]!, ...messaging[i]!, ...tasks[i]!, ...contacts[i]!, ...newsrooms[i]!, ...announcements[i]!, ...feedAnnouncements[i]!, ...news[i]!]);
}

async function messagesOf(db: Kysely<Database>, event: StoredEvent<PostEvent | CommunityEvent>, views: Views): Promise<RealtimeMessage[]> {
  const stamp = { cursor: cursorOf(event), position: event.position };
  switch (event.type) {
    case 'PostCreated':
    case 'PostUpdated':
    case 'PostDeleted':
    case 'PostRestored': {
      const { postId, kind } = event.data;
      const post = views.posts.get(postId);
      if (!post) return [];
      const change = ({ PostCreated: 'created', PostUpdated: 'updated', PostDeleted: 'deleted', PostRestored: 'restored' } as const)[event.type];
      // Posts in communities reach their communities' lists, never the open feed.
      const lists = post.community_ids.length === 0 ? feedRooms(post.user_types) : await communityRooms(db, post.community_ids.map(Number));
      return [{ event: 'post:changed', rooms: [postRoom(postId), ...lists], payload: { postId, kind, change, authorId: post.author_id, ...stamp } }];
    }
    case 'Commented':
    case 'CommentEdited': {
      const comment = await findComment(db, NEUTRAL, event.data.commentId);
      if (!comment) return [];
      const rooms = [postRoom(event.data.postId)];
      if (event.type === 'CommentEdited') return [{ event: 'comment:edited', rooms, payload: { postId: event.data.postId, comment, ...stamp } }];
      const { commentsCount, totalCommentsCount } = counts(views, event.data.postId);
      return [{ event: 'comment:added', rooms, payload: { postId: event.data.postId, comment, commentsCount, totalCommentsCount, ...stamp } }];
    }
    case 'CommentDeleted': {
      const { commentId, postId, parentId } = event.data;
      const { commentsCount, totalCommentsCount } = counts(views, postId);
      return [{ event: 'comment:deleted', rooms: [postRoom(postId)], payload: { postId, commentId, parentId, commentsCount, totalCommentsCount, ...stamp } }];
    }
    case 'Liked':
    case 'Unliked': {
      const { targetKind, targetId, userId } = event.data;
      const post = targetKind === 'post' ? views.posts.get(targetId) : undefined;
      const comment = targetKind === 'comment' ? views.comments.get(targetId) : undefined;
      const target = post ? { postId: post.id, likes_count: post.likes_count } : comment ? { postId: comment.post_id, likes_count: comment.likes_count } : null;
      if (!target) return [];
      return [
        {
          event: 'like:changed',
          rooms: [postRoom(target.postId)],
          payload: { postId: target.postId, targetKind, targetId, userId, liked: event.type === 'Liked', likesCount: target.likes_count, ...stamp },
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
          payload: { communityId, communitySlug: community.slug, userId, isJoined: event.type === 'Joined', membersCount: community.members_count, ...stamp },
        },
      ];
    }
    default:
      return [];
  }
}
