import { z } from 'zod';
import { feedAnnouncementChanged } from './announcements/feed.ts';
import { announcementChanged, announcementNumbersMoved } from './announcements/realtime.ts';
import { interviewAnswered, interviewChanged, interviewCounted } from './interviews/realtime.ts';
import { conversationChanged, conversationRoom, conversationSeen, messageChanged, messageSent, typing, unreadChanged } from './messages/realtime.ts';
import { postKind } from './posts/kinds.ts';
import { videoView } from './posts/media.ts';
import { commentView } from './posts/views.ts';
import { newsroomChanged } from './newsrooms/realtime.ts';
import { taskChanged } from './tasks/realtime.ts';
import { contactsChanged } from './contacts/realtime.ts';
import { NEWSWIRE_ROOM, wireAdded } from './news/realtime.ts';
import { monitorMentioned } from './monitors/realtime.ts';

/**
 * Where a message stands in the log: `${transactionId}:${position}`, in the commit-safe order
 * the realtime processor emits in. A client keeps the last one it applied and resumes from it.
 */
export const cursor = z.string().regex(/^\d+:\d+$/);
export type Cursor = z.infer<typeof cursor>;

export function compareCursors(a: Cursor, b: Cursor): number {
  const [ta, pa] = a.split(':').map(BigInt) as [bigint, bigint];
  const [tb, pb] = b.split(':').map(BigInt) as [bigint, bigint];
  return ta === tb ? Number(pa - pb) : ta < tb ? -1 : 1;
}

const stamped = { cursor, position: z.number().int() };
const postRef = { postId: z.number().int(), kind: postKind };

export const postChanged = z.object({ ...stamped, ...postRef, change: z.enum(['created', 'updated', 'deleted', 'restored']), authorId: z.number().int() });
export const commentAdded = z.object({ ...stamped, postId: z.number().int(), comment: commentView, commentsCount: z.number().int(), totalCommentsCount: z.number().int() });
export const commentEdited = z.object({ ...stamped, postId: z.number().int(), comment: commentView });
export const commentDeleted = z.object({
  ...stamped,
  postId: z.number().int(),
  commentId: z.number().int(),
  parentId: z.number().int().nullable(),
  commentsCount: z.number().int(),
  totalCommentsCount: z.number().int(),
});
export const likeChanged = z.object({
  ...stamped,
  postId: z.number().int(),
  targetKind: z.enum(['post', 'comment']),
  targetId: z.number().int(),
  userId: z.number().int(),
  liked: z.boolean(),
  likesCount: z.number().int(),
});
export const membershipChanged = z.object({
  ...stamped,
  communityId: z.number().int(),
  communitySlug: z.string(),
  userId: z.number().int(),
  isJoined: z.boolean(),
  membersCount: z.number().int(),
});
/** A video moved on (processed or failed): sent to the rooms of the posts showing it and to its owner. */
export const videoChanged = z.object({ ...stamped, video: videoView });
/** How far a transcode has got, for the owner only; not in the log, so never replayed. */
export const videoProgress = z.object({ videoId: z.number().int(), percent: z.number().min(0).max(100) });
export const notificationsChanged = z.object({ unreadCount: z.number().int(), notificationId: z.number().int().nullable() });

/**
 * The one map of server-to-client messages, used by the socket.io server and the client hooks.
 * Views inside them (a comment) are a neutral reader's: `liked` false and no permissions;
 * a client keeps its own liked flag and works out its own permissions.
 */
export interface ServerToClientEvents {
  'post:changed': (message: z.infer<typeof postChanged>) => void;
  'comment:added': (message: z.infer<typeof commentAdded>) => void;
  'comment:edited': (message: z.infer<typeof commentEdited>) => void;
  'comment:deleted': (message: z.infer<typeof commentDeleted>) => void;
  'like:changed': (message: z.infer<typeof likeChanged>) => void;
  'membership:changed': (message: z.infer<typeof membershipChanged>) => void;
  'notifications:changed': (message: z.infer<typeof notificationsChanged>) => void;
  'video:changed': (message: z.infer<typeof videoChanged>) => void;
  'video:progress': (message: z.infer<typeof videoProgress>) => void;
  'interview:answered': (message: z.infer<typeof interviewAnswered>) => void;
  'interview:changed': (message: z.infer<typeof interviewChanged>) => void;
  'interview:counted': (message: z.infer<typeof interviewCounted>) => void;
  'message:sent': (message: z.infer<typeof messageSent>) => void;
  'message:changed': (message: z.infer<typeof messageChanged>) => void;
  'conversation:changed': (message: z.infer<typeof conversationChanged>) => void;
  'conversation:seen': (message: z.infer<typeof conversationSeen>) => void;
  'messages:unread': (message: z.infer<typeof unreadChanged>) => void;
  'message:typing': (message: z.infer<typeof typing>) => void;
  'task:changed': (message: z.infer<typeof taskChanged>) => void;
  'contacts:changed': (message: z.infer<typeof contactsChanged>) => void;
  'newsroom:changed': (message: z.infer<typeof newsroomChanged>) => void;
  'announcement:changed': (message: z.infer<typeof announcementChanged>) => void;
  'announcement:numbers': (message: z.infer<typeof announcementNumbersMoved>) => void;
  'newswire:added': (message: z.infer<typeof wireAdded>) => void;
  'feed:announcement': (message: z.infer<typeof feedAnnouncementChanged>) => void;
  'monitor:mentioned': (message: z.infer<typeof monitorMentioned>) => void;
  /** Too far behind to replay what was missed: reload what is on screen. */
  resync: (message: { reason: string }) => void;
  /** Messages may not have reached this socket (the server's link to Redis was down): resume from the last cursor. */
  missed: (message: { reason: string }) => void;
}

export type RoomAnswer = { ok: true } | { ok: false; error: string };
export type ResumeAnswer = { ok: true; replayed: number; cursor: Cursor | null } | { ok: false; error: string };

export interface ClientToServerEvents {
  join: (room: string, answer: (result: RoomAnswer) => void) => void;
  leave: (room: string, answer: (result: RoomAnswer) => void) => void;
  /** Replays, in order, every message of the socket's rooms after `after`; live ones keep coming meanwhile. */
  resume: (after: Cursor, answer: (result: ResumeAnswer) => void) => void;
  /** The person is typing in a conversation whose room this socket joined; told to the others there, never logged. */
  typing: (conversationId: number) => void;
}

/** Rooms: a person's own, an open post, an interview's answers, an announcement's hub, a conversation (typing), a community's lists, the feed (everyone, and per user type). */
export const room = z.union([
  z.string().regex(/^post:\d+$/),
  z.string().regex(/^interview:\d+$/),
  z.string().regex(/^announcement:\d+$/),
  conversationRoom,
  z.string().regex(/^community:[a-z0-9-]{2,60}$/),
  z.literal('feed'),
  z.literal(NEWSWIRE_ROOM),
]);
