import { z } from 'zod';
import { questionKind } from './interviews/api.ts';
import { postKind, type PostKind } from './posts/kinds.ts';
import { author } from './posts/views.ts';
import { idParam } from './validation.ts';

/** Spec section 3, Notification (feed): the types about a post. */
export const postNotificationType = z.enum(['mention', 'mentionOnComment', 'comment', 'commentAsReply', 'like', 'likeOnComment']);
/**
 * The types about an interview (docs/decisions.md): the spec's interviewAnswer, which opens the
 * interviewer's page whether or not a callout carries the interview, and being invited to answer
 * one, which the spec does not list.
 */
export const interviewNotificationType = z.enum(['interviewAnswer', 'interviewInvitation']);
/** New mentions found by a monitor one made (docs/decisions.md), which the spec does not list. */
export const monitorNotificationType = z.enum(['monitorMention']);
export const notificationType = z.enum([...postNotificationType.options, ...interviewNotificationType.options, ...monitorNotificationType.options]);
export type NotificationType = z.infer<typeof notificationType>;
export type PostNotificationType = z.infer<typeof postNotificationType>;

/** Spec section 3: the entity types, one per kind of post; and an interview's and a monitor's, which the spec does not list. */
export const entityType = z.enum(['JOB', 'COMMUNITY', 'CALL_OUT', 'EVENT', 'STORY', 'RECORD', 'REACTION', 'STATEMENT', 'INTERVIEW', 'MONITOR']);
export type EntityType = z.infer<typeof entityType>;

export const ENTITY_TYPES: Record<PostKind, EntityType> = {
  job: 'JOB',
  communityPost: 'COMMUNITY',
  callout: 'CALL_OUT',
  event: 'EVENT',
  story: 'STORY',
  record: 'RECORD',
  reaction: 'REACTION',
  statement: 'STATEMENT',
};

export const ENTITY_TYPE_LABELS: Record<EntityType, string> = {
  JOB: 'Job',
  COMMUNITY: 'Community post',
  CALL_OUT: 'Call-out',
  EVENT: 'Event',
  STORY: 'Story',
  RECORD: 'Video update',
  REACTION: 'Reaction',
  STATEMENT: 'Statement',
  INTERVIEW: 'Interview',
  MONITOR: 'Monitor',
};

/** Who acted: the newest actors first (at most three) and how many distinct people in all. */
export const notificationActors = z.object({ actors: z.array(author), total: z.number().int().min(1) });
export type NotificationActors = z.infer<typeof notificationActors>;

const notificationBase = {
  id: z.number().int(),
  entityType,
  entitySummary: z.string(),
  when: z.string(),
  isRead: z.boolean(),
};
const notificationItem = { ...notificationBase, who: notificationActors };

/**
 * One item of the feed: a group of notifications on one target ("Ana, Ben and 3 others liked
 * your callout"), shown by its newest. `post` is not among the spec's fields, which name no
 * entity id; the client needs it to open the right post.
 */
export const postNotificationView = z.object({
  ...notificationItem,
  type: postNotificationType,
  post: z.object({ id: z.number().int(), kind: postKind }),
  commentId: z.number().int().optional(),
  commentSummary: z.string().optional(),
  parentCommentId: z.number().int().nullable().optional(),
});

/** An invitation to answer an interview: `answerKind` names the answering page it opens (that of its first question). */
export const interviewInvitationView = z.object({
  ...notificationItem,
  type: z.literal('interviewInvitation'),
  interview: z.object({ id: z.number().int(), answerKind: questionKind }),
});

/** Answers sent to one's interview, one notification per answerer; it opens the interview's page, where the answers are. */
export const interviewAnswerView = z.object({
  ...notificationItem,
  type: z.literal('interviewAnswer'),
  interview: z.object({ id: z.number().int() }),
});

/**
 * New mentions of one's monitor, as one item until it is read ("12 new mentions for “Harbour
 * PR”"): `mentions` counts them, `entitySummary` is the monitor's name. No `who`: nobody acted,
 * items matched. It opens the monitor's page.
 */
export const monitorMentionView = z.object({
  ...notificationBase,
  type: z.literal('monitorMention'),
  monitor: z.object({ id: z.number().int() }),
  mentions: z.number().int().min(1),
});

export const notificationView = z.discriminatedUnion('type', [postNotificationView, interviewInvitationView, interviewAnswerView, monitorMentionView]);
export type NotificationView = z.infer<typeof notificationView>;
export type PostNotificationView = z.infer<typeof postNotificationView>;

export const notificationList = z.object({
  data: z.array(notificationView),
  offset: z.number().int(),
  hasMore: z.boolean(),
  unreadCount: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof notificationList>;

export const notificationsQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const notificationIdParams = z.object({ id: idParam });

/** What marking read answers: the unread count after it, for the badge. */
export const unreadCountView = z.object({ unreadCount: z.number().int().min(0) });
