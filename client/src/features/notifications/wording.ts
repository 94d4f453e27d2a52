import { KIND_LABELS } from '../../../../contracts/posts/kinds.ts';
import type { NotificationActors, NotificationView } from '../../../../contracts/notifications.ts';

export const UNSUPPORTED_NOTIFICATION = 'Unsupported notification type';

/** "Ana", "Ana and Ben", "Ana, Ben and 3 others": the newest actors first, then how many more. */
export function actorsPhrase(who: NotificationActors): string {
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
function actionOf(notification: Exclude<NotificationView, { type: 'monitorMention' }>): string | null {
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
 * What a notification says, e.g. "Ana, Ben and 3 others liked your callout" or "12 new mentions
 * for “Harbour PR”"; null for a type this client does not know (logged as the spec's
 * 'Unsupported notification type').
 */
export function notificationText(notification: NotificationView): string | null {
  const parts = notificationParts(notification);
  return parts && `${parts.lead} ${parts.action}`;
}

/** The same words in two parts, so a list can set apart who acted (or how many mentions came). */
export function notificationParts(notification: NotificationView): { lead: string; action: string } | null {
  if (notification.type === 'monitorMention') {
    const { mentions } = notification;
    return { lead: `${mentions} new ${mentions === 1 ? 'mention' : 'mentions'}`, action: `for “${notification.entitySummary}”` };
  }
  const action = actionOf(notification);
  if (action === null) {
    console.error(UNSUPPORTED_NOTIFICATION, notification.type);
    return null;
  }
  return { lead: actorsPhrase(notification.who), action };
}
