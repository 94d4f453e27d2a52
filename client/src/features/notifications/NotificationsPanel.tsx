import { useNavigate } from '@tanstack/react-router';
import type { NotificationType, NotificationView } from '../../../../contracts/notifications.ts';
import { DEFAULT_TIMEZONE } from '../../lib/format/index.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { Avatar } from '../composer/Avatar.tsx';
import { RelativeTime } from '../posts/AuthorLine.tsx';
import { usePostModal } from '../posts/openPost.ts';
import { useCurrentUser } from '../session/currentUser.ts';
import { useMarkAllRead, useMarkRead, useNotifications, useUnreadCount } from './queries.ts';
import { notificationParts } from './wording.ts';
import './notifications.css';

const TYPE_MARK: Record<NotificationType, { className: string; path: string }> = {
  like: { className: 'like', path: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z' },
  likeOnComment: { className: 'like', path: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z' },
  comment: { className: 'comment', path: 'M4 5h16v11H9l-5 4V5z' },
  commentAsReply: { className: 'comment', path: 'M10 8 5 12l5 4M5 12h9a5 5 0 0 1 5 5' },
  mention: { className: 'mention', path: 'M16 12a4 4 0 1 1-1.2-2.8M16 8v5a2 2 0 0 0 4 0v-1a8 8 0 1 0-3 6.2' },
  mentionOnComment: { className: 'mention', path: 'M16 12a4 4 0 1 1-1.2-2.8M16 8v5a2 2 0 0 0 4 0v-1a8 8 0 1 0-3 6.2' },
  interviewAnswer: { className: 'answer', path: 'M12 3a3 3 0 0 1 3 3v5a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3zM6 11a6 6 0 0 0 12 0M12 17v4' },
  interviewInvitation: { className: 'answer', path: 'M4 6h16v12H4zM4 7l8 6 8-6' },
  monitorMention: { className: 'monitor', path: 'M10.5 4a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13zM20 20l-4.9-4.9' },
};

/**
 * Opens what a notification is about: the post in its modal (or the story page), scrolled to
 * the comment; an interview one is invited to, on its answering page; one's own interview
 * that was answered, on its page, where the answers are; a monitor, on its page of mentions.
 */
export function useOpenNotification(onOpened?: () => void) {
  const markRead = useMarkRead();
  const postModal = usePostModal();
  const navigate = useNavigate();
  return (notification: NotificationView) => {
    if (!notification.isRead) markRead.mutate(notification);
    onOpened?.();
    if (notification.type === 'interviewInvitation') {
      const { id, answerKind } = notification.interview;
      void navigate({ to: answerKind === 'video' ? '/interviews/async/video/$id' : '/interviews/async/text/$id', params: { id: String(id) } });
    } else if (notification.type === 'interviewAnswer') void navigate({ to: '/interviews/$id', params: { id: String(notification.interview.id) } });
    else if (notification.type === 'monitorMention') void navigate({ to: '/monitor/$id', params: { id: String(notification.monitor.id) } });
    else postModal.open(notification.post.kind, notification.post.id, { cid: notification.commentId ?? null });
  };
}

function NotificationItem({ notification, timezone, onOpen }: { notification: NotificationView; timezone: string; onOpen: () => void }) {
  const parts = notificationParts(notification);
  if (!parts) return null;
  // A monitor's mentions have no actor: the monitor's initials stand in.
  const lead = 'who' in notification ? notification.who.actors[0] : { name: notification.entitySummary, avatar: null, type: 'company' as const };
  const mark = TYPE_MARK[notification.type];
  // One about an interview or a monitor names it in its sentence already.
  const quote = 'post' in notification ? notification.commentSummary || notification.entitySummary : null;
  return (
    <li>
      <button type="button" className={`notification${notification.isRead ? '' : ' notification--unread'}`} onClick={onOpen}>
        <span className="notification__avatar">
          <Avatar name={lead?.name ?? ''} src={lead?.avatar} square={lead?.type === 'company'} />
          <span className={`notification__mark notification__mark--${mark.className}`} aria-hidden="true">
            <svg viewBox="0 0 24 24" width="12" height="12" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
              <path d={mark.path} />
            </svg>
          </span>
        </span>
        <span className="notification__body">
          <span className="notification__text">
            <strong>{parts.lead}</strong> {parts.action}
          </span>
          {quote && <span className="notification__quote">“{quote}”</span>}
          <RelativeTime className="notification__time" value={notification.when} timezone={timezone} />
        </span>
        {!notification.isRead && <span className="notification__dot" aria-label="Unread" role="img" />}
      </button>
    </li>
  );
}

/** The notifications list with its header: the desktop panel's content and the mobile page's. */
export function NotificationsPanel({ onNavigate, headingLevel = 2 }: { onNavigate?: () => void; headingLevel?: 1 | 2 }) {
  const user = useCurrentUser();
  const notifications = useNotifications();
  const unread = useUnreadCount();
  const markAll = useMarkAllRead();
  const open = useOpenNotification(onNavigate);
  const timezone = user?.timezone || DEFAULT_TIMEZONE;
  const items = notifications.data?.pages.flatMap((page) => page.data) ?? [];
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  return (
    <section className="notifications" aria-labelledby="notifications-heading">
      <header className="notifications__header">
        <Heading id="notifications-heading" className="notifications__title">
          Notifications
          {unread > 0 && <span className="notifications__count">{unread} new</span>}
        </Heading>
        <Button variant="ghost" size="sm" disabled={unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate()}>
          Mark all as read
        </Button>
      </header>
      {notifications.isPending ? (
        <div className="notifications__loading">
          <Spinner label="Loading notifications" />
        </div>
      ) : items.length === 0 ? (
        <EmptyState title="No notifications yet" description="When people like, comment on or mention your posts, you will see it here." />
      ) : (
        <ul className="notifications__list">
          {items.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} timezone={timezone} onOpen={() => open(notification)} />
          ))}
        </ul>
      )}
      {notifications.hasNextPage && (
        <div className="notifications__more">
          <Button variant="secondary" size="sm" loading={notifications.isFetchingNextPage} onClick={() => void notifications.fetchNextPage()}>
            Show more
          </Button>
        </div>
      )}
    </section>
  );
}
