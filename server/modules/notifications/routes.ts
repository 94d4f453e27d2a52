import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationIdParams, notificationList, notificationsQuery, unreadCountView } from '../../../contracts/notifications.ts';
import type { Core } from '../../core.ts';
import { requireUser } from '../auth/plugin.ts';
import { listNotifications, markAllRead, markGroupRead } from './queries.ts';

/** Spec section 7: the signed-in person's notifications, and marking them read. */
export function notificationRoutes(core: Core): FastifyPluginAsyncZod {
  const { db } = core.database;
  return async (app) => {
    app.get('/api/v1/notifications', { schema: { querystring: notificationsQuery, response: { 200: notificationList } } }, async (request) => {
      const user = requireUser(request);
      return listNotifications(db, user.id, request.query);
    });

    app.patch('/api/v1/notifications/read', { schema: { response: { 200: unreadCountView } } }, async (request) => {
      const user = requireUser(request);
      return { unreadCount: await markAllRead(db, user.id) };
    });

    app.patch('/api/v1/notifications/:id/read', { schema: { params: notificationIdParams, response: { 200: unreadCountView } } }, async (request) => {
      const user = requireUser(request);
      return { unreadCount: await markGroupRead(db, user.id, request.params.id) };
    });
  };
}
