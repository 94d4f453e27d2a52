import type { Model } from '../core.ts';
import type { AnyEvent } from '../events/types.ts';
import { notificationsProcessor } from '../modules/notifications/processor.ts';
import { realtimeProcessor, type RealtimeServer } from './processor.ts';

/**
 * The product's model plus the live pushes, for processes that run processors: the realtime
 * processor, and the notifications processor telling each person's tabs their unread count.
 */
export function withRealtime<E extends AnyEvent>(model: Model<E>, server: () => RealtimeServer | null): Model<E> {
  const notifications = notificationsProcessor({
    onChange(changes) {
      const io = server();
      for (const { recipientId, unreadCount, notificationId } of changes) io?.to(`user:${recipientId}`).emit('notifications:changed', { unreadCount, notificationId });
    },
  });
  // Same name, version and tables: only the instance that also tells the sockets.
  const processors = model.processors.map((processor) => (processor.name === notifications.name ? (notifications as never) : processor));
  return { ...model, processors: [...processors, realtimeProcessor(server) as never] };
}
