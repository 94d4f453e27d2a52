import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { compareCursors, cursor as cursorSchema, room as roomSchema, type ClientToServerEvents, type Cursor, type ResumeAnswer, type RoomAnswer, type ServerToClientEvents } from '../../contracts/realtime.ts';
import { NEWSWIRE_ROOM } from '../../contracts/news/realtime.ts';
import type { Core } from '../core.ts';
import type { StoredEvent } from '../events/types.ts';
import { findSession, SESSION_COOKIE, type SessionUser } from '../modules/auth/sessions.ts';
import { viewerOf, type Viewer } from '../modules/posts/permissions.ts';
import { findReadableCommunity } from '../modules/communities/queries.ts';
import { findPostView } from '../modules/posts/queries.ts';
import { mayJoinInterviewRoom } from '../modules/interviews/index.ts';
import { mayJoinAnnouncementRoom } from '../modules/announcements/index.ts';
import { conversationRoom, mayJoinConversationRoom } from '../modules/messages/index.ts';
import { messagesFor } from './messages.ts';
import type { RealtimeServer } from './processor.ts';

type SocketData = { user: SessionUser; viewer: Viewer };
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** How much a reconnecting socket may have missed before it is told to reload instead. */
export const RESUME_LIMIT = 1000;
const USER_TYPES = ['journo', 'marketing', 'experts'] as const;

/** The socket.io server, before it is attached to any HTTP server (a worker only emits through it). */
export function createRealtimeServer(redis: Redis | null): RealtimeServer {
  // destroyUpgrade false: other upgrades on the same port (the admin event tail) are not ours to kill.
  const io: RealtimeServer = new Server({ serveClient: false, destroyUpgrade: false, transports: ['websocket', 'polling'] });
  if (redis) {
    // Pub/sub need connections of their own; they reconnect and resubscribe by themselves after
    // a Redis restart. The adapter does not catch a failed publish, so these queue what is sent
    // during an outage and deliver it on reconnect instead of failing it (clients skip anything
    // they already have, by cursor).
    const [publisher, subscriber] = [0, 1].map(() => redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null }).on('error', () => undefined)) as [Redis, Redis];
    // They live as long as the app's own connection.
    redis.once('end', () => [publisher, subscriber].forEach((link) => link.disconnect()));
    // What other processes published while this one was not subscribed is gone from Redis, not
    // from the log: once subscribed again, every socket here is asked to resume from its cursor.
    let subscribed = false;
    subscriber.on('ready', () => {
      if (!subscribed) {
        subscribed = true;
        return;
      }
      // 'ready' comes before ioredis sends the subscriptions again; a PING sent after them is
      // answered after them, so the prompt goes out only once this process hears again.
      setImmediate(() => {
        subscriber
          .ping()
          .then(() => io.local.emit('missed', { reason: 'The link between servers was interrupted.' }))
          .catch(() => undefined);
      });
    });
    io.adapter(createAdapter(publisher, subscriber));
    clustered.add(io);
  }
  return io;
}

const clustered = new WeakSet<RealtimeServer>();

/**
 * Whether a message to `rooms` can reach anyone: never without a room (an emit to no room would
 * go to every socket); through Redis always (other processes' sockets are out of sight); alone,
 * only when a socket here is in one of them.
 */
export function mayHaveListeners(io: RealtimeServer, rooms: readonly string[]): boolean {
  return rooms.length > 0 && (clustered.has(io) || rooms.some((room) => io.sockets.adapter.rooms.has(room)));
}

/**
 * Serves sockets on the app's HTTP server: a socket is someone signed in (the session cookie
 * at handshake), always in `user:{id}`, and joins the rooms of what it shows after the same
 * read check as the HTTP query of that thing.
 */
export function attachRealtime(io: RealtimeServer, app: FastifyInstance, core: Core): void {
  const { db } = core.database;
  io.attach(app.server);

  io.use(async (socket, next) => {
    const token = fastifyCookie.parse(socket.request.headers.cookie ?? '')[SESSION_COOKIE];
    const session = token ? await findSession(db, token).catch(() => null) : null;
    if (!session) return next(new Error('unauthorized'));
    socket.data.user = session.user;
    socket.data.viewer = viewerOf(session.user);
    next();
  });

  io.on('connection', (socket: RealtimeSocket) => {
    void socket.join(`user:${socket.data.user.id}`);

    socket.on('join', async (name, answer) => {
      const rooms = await roomsToJoin(socket, name).catch(() => null);
      if (!rooms) return reply(answer, { ok: false, error: 'You may not join this room.' });
      await socket.join(rooms);
      reply(answer, { ok: true });
    });

    socket.on('leave', async (name, answer) => {
      for (const room of name === 'feed' ? ['feed', ...USER_TYPES.map((type) => `feed:${type}`)] : [name]) await socket.leave(room);
      reply(answer, { ok: true });
    });

    socket.on('typing', (conversationId) => {
      if (!Number.isSafeInteger(conversationId)) return;
      const room = conversationRoom(conversationId);
      if (socket.rooms.has(room)) socket.to(room).emit('message:typing', { conversationId, userId: socket.data.user.id });
    });

    socket.on('resume', async (after, answer) => {
      reply(answer, await resume(socket, after).catch((): ResumeAnswer => ({ ok: false, error: 'Could not resume.' })));
    });
  });

  async function roomsToJoin(socket: RealtimeSocket, name: string): Promise<string[] | null> {
    const parsed = roomSchema.safeParse(name);
    if (!parsed.success) return null;
    const { viewer } = socket.data;
    // The newswire is the same for every signed-in reader.
    if (name === NEWSWIRE_ROOM) return [name];
    if (name === 'feed') {
      // Targeted posts travel in the feeds of their user types: a reader hears only their own.
      const types = viewer.isAdmin ? USER_TYPES : viewer.userType ? [viewer.userType] : [];
      return ['feed', ...types.map((type) => `feed:${type}`)];
    }
    if (name.startsWith('post:')) {
      const post = await findPostView(db, viewer, Number(name.slice('post:'.length)));
      return post ? [name] : null;
    }
    if (name.startsWith('interview:')) {
      const { user } = socket.data;
      return (await mayJoinInterviewRoom(db, { id: user.id, roles: user.roles, accountId: user.accountId }, Number(name.slice('interview:'.length)))) ? [name] : null;
    }
    if (name.startsWith('announcement:')) {
      return (await mayJoinAnnouncementRoom(db, socket.data.user, Number(name.slice('announcement:'.length)))) ? [name] : null;
    }
    if (name.startsWith('conversation:')) {
      return (await mayJoinConversationRoom(db, socket.data.user.id, Number(name.slice('conversation:'.length)))) ? [name] : null;
    }
    // A community's room carries what is inside it: its readers only, under its current address.
    const community = await findReadableCommunity(db, { id: viewer.contactId, isAdmin: viewer.isAdmin }, name.slice('community:'.length));
    return community ? [`community:${community.slug}`] : null;
  }

  /**
   * Replays what the socket's rooms missed after `after`, up to what the realtime processor has
   * sent. Live messages keep arriving meanwhile; a client applies messages in cursor order and
   * skips any it has seen, so the overlap costs nothing and nothing falls in a gap.
   */
  async function resume(socket: RealtimeSocket, after: Cursor): Promise<ResumeAnswer> {
    if (!cursorSchema.safeParse(after).success) return { ok: false, error: 'Not a cursor.' };
    const sent = await db.selectFrom('processors').select(['last_transaction_id', 'last_position']).where('name', '=', 'realtime').where('state', '=', 'live').executeTakeFirst();
    if (!sent) return { ok: true, replayed: 0, cursor: null };
    const upTo: Cursor = `${sent.last_transaction_id}:${sent.last_position}`;
    const [transactionId, position] = after.split(':') as [string, string];
    const missed = await core.store.readAll(db, { transactionId, position: Number(position) }, RESUME_LIMIT + 1);
    const inRange = missed.filter((event) => compareCursors(`${event.transactionId}:${event.position}`, upTo) <= 0);
    if (inRange.length > RESUME_LIMIT) {
      socket.emit('resync', { reason: 'Too much happened while you were away.' });
      return { ok: true, replayed: 0, cursor: upTo };
    }
    let replayed = 0;
    for (const messages of await messagesFor(db, inRange as StoredEvent[])) {
      for (const message of messages) {
        if (!message.rooms.some((room) => socket.rooms.has(room))) continue;
        (socket.emit as (event: string, payload: unknown) => boolean)(message.event, message.payload);
        replayed += 1;
      }
    }
    return { ok: true, replayed, cursor: upTo };
  }
}

function reply<T>(answer: unknown, result: T): void {
  if (typeof answer === 'function') answer(result);
}
