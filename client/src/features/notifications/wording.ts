import { KIND_LABELS } from '../../../../contracts/posts/kinds.ts';
import type { NotificationView } from '../../../../contracts/notifications.ts';

export const UNSUPPORTED_NOTIFICATION = 'Unsupported notification type';

/** "Ana", "Ana and Ben", "Ana, Ben and 3 others": the newest actors first, then how many more. */
export function actorsPhrase(who: NotificationView['who']): string {
  const names = who.actors.map((actor) => actor.name);
  if (who.total <= 1 || names.length === 1) {
    const others = who.total - 1;
    return others > 0 ? `${names[0]} and ${others} ${others === 1 ? 'other' : 'others'}` : (names[0] ?? '');
  }
  if (who.total === 2) return `${names[0]} and ${names[1]}`;
  const others = who.total - 2;
  return `${names[0]}, ${names[1]} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

/** 'a callout', 'an event'. */
export const withArticle = (word: string) => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;

/** The words of one notification after the actors, by its type (spec sections 3 and 7). */
function actionOf(notification: NotificationView): string | null {
  if (notification.type === 'interviewInvitation') return `invited you to answer “${notification.entitySummary}”`;
  if (notification.type === 'interviewAnswer') return `answered your interview “${notification.entitySummary}”`;
  const entity = KIND_LABELS[notification.post.kind].toLowerCase();
  switch (notification.type) {
    case 'like':
      return `liked your ${entity}`;
    case 'likeOnComment':
      return `liked your comment on ${withArticle(entity)}`;
    case 'comment':
      return `commented on your ${entity}`;
    case 'commentAsReply':
      return `replied to your comment on ${withArticle(entity)}`;
    case 'mention':
      return `mentioned you in ${withArticle(entity)}`;
    case 'mentionOnComment':
      return `mentioned you in a comment on ${withArticle(entity)}`;
    default:
      return null;
  }
}

/**
 * What a notification says, e.g. "Ana, Ben and 3 others liked your callout"; null for a type
 * this client does not know (logged as the spec's 'Unsupported notification type').
 */
export function notificationText(notification: NotificationView): string | null {
  const parts = notificationParts(notification);
  return parts && `${parts.actors} ${parts.action}`;
}

/** The same words in two parts, so a list can set the actors apart. */
export function notificationParts(notification: NotificationView): { actors: string; action: string } | null {
  const action = actionOf(notification);
  if (action === null) {
    console.error(UNSUPPORTED_NOTIFICATION, notification.type);
    return null;
  }
  return { actors: actorsPhrase(notification.who), action };
}
