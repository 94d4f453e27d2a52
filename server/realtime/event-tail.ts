import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import { z } from 'zod';
import { cursor as cursorSchema } from '../../contracts/realtime.ts';
import type { Core } from '../core.ts';
import { START, type Checkpoint } from '../events/types.ts';
import { requireUser } from '../modules/auth/plugin.ts';
import { cursorOf } from './messages.ts';

const BATCH = 500;

/**
 * GET /api/v1/admin/events/stream?after=: the log from a cursor, then live, over a plain
 * websocket, for integrations and audits (admins only). Each connection reads the log itself
 * in commit-safe order, so it never misses an event that commits late.
 */
export async function registerEventTail(app: FastifyInstance, core: Core): Promise<void> {
  // socket.io owns the HTTP server's upgrades under /socket.io/; every other upgrade comes here.
  const upgrades = new EventEmitter();
  app.server.on('upgrade', (request, socket, head) => {
    if (!request.url?.startsWith('/socket.io/')) upgrades.emit('upgrade', request, socket, head);
  });
  await app.register(fastifyWebsocket, { options: { server: upgrades as never, maxPayload: 1024 } });

  const query = z.object({ after: z.union([cursorSchema, z.literal('0')]).default('0') });
  app.get('/api/v1/admin/events/stream', { websocket: true, schema: { querystring: query } }, (socket, request) => {
    const user = requireUser(request);
    if (!user.roles.includes('admin')) {
      socket.close(4403, 'Sorry, you are not permitted to view this page.');
      return;
    }
    const { after } = request.query as z.infer<typeof query>;
    let checkpoint: Checkpoint = after === '0' ? START : { transactionId: after.split(':')[0]!, position: Number(after.split(':')[1]) };
    let reading = false;
    let again = false;

    const drain = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          for (;;) {
            const events = await core.store.readAll(core.database.db, checkpoint, BATCH);
            for (const event of events) {
              const { position, streamId, streamVersion, type, schemaVersion, data, metadata, recordedAt } = event;
              socket.send(JSON.stringify({ cursor: cursorOf(event), position, streamId, streamVersion, type, schemaVersion, data, metadata, recordedAt }));
            }
            if (events.length > 0) checkpoint = { transactionId: events.at(-1)!.transactionId, position: events.at(-1)!.position };
            if (events.length < BATCH) break;
          }
        } while (again && socket.readyState === socket.OPEN);
      } catch (error) {
        request.log.warn({ err: error }, 'event tail failed');
        socket.close(1011, 'The event stream failed; reconnect with your last cursor.');
      } finally {
        reading = false;
      }
    };

    const unsubscribe = core.wakeup.subscribe(() => void drain());
    // Wake-ups can be lost (another process's NOTIFY while this one reconnects): poll too.
    const poll = setInterval(() => void drain(), 1000);
    socket.on('close', () => {
      unsubscribe();
      clearInterval(poll);
    });
    void drain();
  });
}
