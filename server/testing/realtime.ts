import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../contracts/realtime.ts';
import { openCore, startProcessing, type Core } from '../core.ts';
import { productModel } from '../model.ts';
import { createRealtimeServer } from '../realtime/gateway.ts';
import { withRealtime } from '../realtime/model.ts';
import type { RealtimeServer } from '../realtime/processor.ts';
import { buildTestApp } from './app.ts';
import { silentLog } from './core.ts';
import { seedDemo } from '../seed/demo.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The real app with live pushes, listening on a free port of this machine. */
export async function startLiveApp(database: TestDatabase, options: { redisUrl?: string | null; process?: boolean } = {}) {
  let io: RealtimeServer | null = null;
  const core: Core = await openCore({ database, redisUrl: options.redisUrl ?? null, model: withRealtime(productModel, () => io), log: silentLog, runner: { pollMs: 250 } });
  io = createRealtimeServer(core.redis);
  if (options.process !== false) await startProcessing(core);
  const app = await buildTestApp(core, { realtime: io });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    core,
    app,
    url,
    async close() {
      await new Promise<void>((resolve) => io!.close(() => resolve()));
      await app.close();
      await core.close();
    },
  };
}

type LiveApp = Awaited<ReturnType<typeof startLiveApp>>;

/**
 * A test file's live app: a fresh database with the demo seeded, the app listening, and every
 * socket opened through it closed with it. Call at the top of the file, before its own hooks.
 */
export function liveDemo(options: { redisUrl?: string | null } = {}) {
  let database: TestDatabase | undefined;
  let live: LiveApp | undefined;
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    live = await startLiveApp(database, options);
    await seedDemo(live.core);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await live?.close();
    await database?.drop();
  });
  const track = (socket: ClientSocket): ClientSocket => {
    sockets.push(socket);
    return socket;
  };
  return {
    get live(): LiveApp {
      return live!;
    },
    get database(): TestDatabase {
      return database!;
    },
    /** A socket closed after the file's tests. */
    track,
    /** A connected socket of a signed-in person. */
    async socketOf(who: { token: string }): Promise<ClientSocket> {
      const socket = track(openSocket(live!.url, who.token));
      await connected(socket);
      return socket;
    },
  };
}

/** A socket.io client signed in with a session token, as a browser would be. */
export function openSocket(url: string, token: string): ClientSocket {
  return connect(url, { transports: ['websocket'], extraHeaders: { cookie: `pressroom_session=${token}` }, reconnection: false, forceNew: true });
}

export function connected(socket: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/** Waits for the next message of a kind that matches, up to a deadline. */
export function nextMessage<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E, matches: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true, timeoutMs = 5000) {
  return new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener as never);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!matches(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(payload);
    };
    socket.on(event, listener as never);
  });
}
