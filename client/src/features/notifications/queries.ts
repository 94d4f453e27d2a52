import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NotificationList, NotificationView } from '../../../../contracts/notifications.ts';
import { api } from '../../lib/api/index.ts';
import { setLiveQueryData, useSocketEvent } from '../../lib/realtime/index.ts';
import { currentUserKey } from '../session/currentUser.ts';
import type { CurrentUser } from '../../../../contracts/users/current-user.ts';

const PAGE = 20;

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => ['notifications', 'list'] as const,
  unread: () => ['notifications', 'unread'] as const,
};

/** The badge's count, and the current user's new-notification flag with it (spec section 4: reading all clears it). */
function applyUnread(queryClient: QueryClient, unreadCount: number): void {
  setLiveQueryData<number>(queryClient, notificationKeys.unread(), () => unreadCount);
  queryClient.setQueryData<CurrentUser | null>(currentUserKey, (user) => user && { ...user, hasNotifications: unreadCount > 0 });
}

/** The person's notifications, newest group first, 20 at a time. */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam, signal }) => api.get<NotificationList>('/api/v1/notifications', { query: { offset: pageParam, limit: PAGE }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? last.offset + last.data.length : undefined),
  });
}

/**
 * How many notifications are unread: read once, then kept by the server's
 * notifications:changed messages on the person's own room (which also bring new ones to the list).
 */
export function useUnreadCount(): number {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: async ({ signal }) => (await api.get<NotificationList>('/api/v1/notifications', { query: { limit: 1 }, signal })).unreadCount,
    staleTime: Infinity,
  });
  useSocketEvent('notifications:changed', (message) => {
    applyUnread(queryClient, message.unreadCount);
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
  });
  return query.data ?? 0;
}

type ReadAnswer = { unreadCount: number };

/** After a read call: the badge takes the server's count, and the list its read marks. */
function useAfterRead() {
  const queryClient = useQueryClient();
  return ({ unreadCount }: ReadAnswer) => {
    applyUnread(queryClient, unreadCount);
    return queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
  };
}

/** Marks one notification read (and the older ones of its group, as the server does). */
export function useMarkRead() {
  const onSuccess = useAfterRead();
  return useMutation({ mutationFn: (notification: NotificationView) => api.patch<ReadAnswer>(`/api/v1/notifications/${notification.id}/read`), onSuccess });
}

export function useMarkAllRead() {
  const onSuccess = useAfterRead();
  return useMutation({ mutationFn: () => api.patch<ReadAnswer>('/api/v1/notifications/read'), onSuccess });
}
