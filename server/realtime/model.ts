import type { Model } from '../core.ts';
import type { AnyEvent } from '../events/types.ts';
import { monitorMatcher } from '../modules/monitors/index.ts';
import { notificationsProcessor } from '../modules/notifications/processor.ts';
import { realtimeProcessor, type RealtimeServer } from './processor.ts';

/**
 * The product's model plus the live pushes, for processes that run processors: the realtime
 * processor, the notifications processor telling each person's tabs their unread count, and
 * the monitors' matcher telling an account's tabs of each new mention.
 */
export function withRealtime<E extends AnyEvent>(model: Model<E>, server: () => RealtimeServer | null): Model<E> {
  const notifications = notificationsProcessor({
    onChange(changes) {
      const io = server();
      for (const { recipientId, unreadCount, notificationId } of changes) io?.to(`user:${recipientId}`).emit('notifications:changed', { unreadCount, notificationId });
    },
  });
  const mentions = monitorMatcher({
    onMentions(messages) {
      const io = server();
      for (const { rooms, payload } of messages) if (rooms.length > 0) io?.to(rooms).emit('monitor:mentioned', payload);
    },
  });
  // Same names, versions and tables: only the instances that also tell the sockets.
  const live = new Map<string, unknown>([
    [notifications.name, notifications],
    [mentions.name, mentions],
  ]);
  const processors = model.processors.map((processor) => (live.get(processor.name) as never) ?? processor);
  return { ...model, processors: [...processors, realtimeProcessor(server) as never] };
}
