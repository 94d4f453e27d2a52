import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../../contracts/realtime.ts';
import { RealtimeConnection, type RealtimeSocket } from './connection.ts';

type Served = ServerSocket<ClientToServerEvents, ServerToClientEvents>;

let http: HttpServer;
let server: Server<ClientToServerEvents, ServerToClientEvents>;
let url: string;
let resumes: string[];
/** What a resume replays, and how far the server says it had sent. */
let replay: { messages: Parameters<ServerToClientEvents['like:changed']>[0][]; upTo: string };

beforeEach(async () => {
  resumes = [];
  replay = { messages: [], upTo: '0:0' };
  http = createServer();
  server = new Server(http, { transports: ['websocket'] });
  server.on('connection', (socket: Served) => {
    socket.on('join', (room, answer) => void Promise.resolve(socket.join(room)).then(() => answer({ ok: true })));
    socket.on('leave', (room, answer) => void Promise.resolve(socket.leave(room)).then(() => answer({ ok: true })));
    socket.on('resume', (after, answer) => {
      resumes.push(after);
      for (const message of replay.messages) socket.emit('like:changed', message);
      answer({ ok: true, replayed: replay.messages.length, cursor: replay.upTo });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await server.close();
});

const like = (cursor: string, likesCount: number) => ({ cursor, position: Number(cursor.split(':')[1]), postId: 1, targetKind: 'post' as const, targetId: 1, userId: 2, liked: true, likesCount });

function connect(onResync = vi.fn()) {
  const socket: RealtimeSocket = io(url, { autoConnect: false, transports: ['websocket'], reconnectionDelay: 50, reconnectionDelayMax: 100 });
  const connection = new RealtimeConnection({ socket, onResync });
  const seen: number[] = [];
  connection.on('like:changed', (message) => seen.push(message.likesCount));
  connection.start();
  return { connection, socket, seen, onResync };
}

/** The connection drops as when the server restarts (not a deliberate server-side disconnect, which is never retried). */
const dropConnections = () => server.sockets.sockets.forEach((socket) => socket.conn.close());

const membersOf = async (room: string) => (await server.in(room).fetchSockets()).length;

describe('the realtime connection', () => {
  it('joins a room once however many screens show it, and leaves it with the last one', async () => {
    const { connection } = connect();
    await vi.waitFor(() => expect(connection.state).toBe('online'));
    const leaveModal = connection.join('post:1');
    const leaveCard = connection.join('post:1');
    await vi.waitFor(async () => expect(await membersOf('post:1')).toBe(1));
    leaveModal();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await membersOf('post:1')).toBe(1);
    leaveCard();
    await vi.waitFor(async () => expect(await membersOf('post:1')).toBe(0));
    connection.stop();
  });

  it('after a reconnect joins its rooms again and resumes from the last cursor, in order, once each', async () => {
    const { connection, seen } = connect();
    connection.join('post:1');
    await vi.waitFor(async () => expect(await membersOf('post:1')).toBe(1));
    server.to('post:1').emit('like:changed', like('5:10', 1));
    await vi.waitFor(() => expect(seen).toEqual([1]));

    replay = { messages: [like('5:10', 1), like('5:11', 2), like('6:1', 3)], upTo: '6:1' };
    dropConnections();
    await vi.waitFor(() => expect(resumes).toEqual(['5:10']));
    await vi.waitFor(() => expect(seen).toEqual([1, 2, 3]));
    expect(await membersOf('post:1')).toBe(1);
    expect(connection.cursor).toBe('6:1');
    await vi.waitFor(() => expect(connection.state).toBe('online'));
    connection.stop();
  });

  it('reloads what is shown once its rooms are first joined, when it reconnects with nothing to resume from, and on resync', async () => {
    const { connection, onResync } = connect();
    await vi.waitFor(() => expect(connection.state).toBe('online'));
    // What the screen read before the socket joined may have changed meanwhile.
    expect(onResync).toHaveBeenCalledTimes(1);
    dropConnections();
    await vi.waitFor(() => expect(onResync).toHaveBeenCalledTimes(2));
    expect(resumes).toEqual([]);
    await vi.waitFor(() => expect(connection.state).toBe('online'));
    server.emit('resync', { reason: 'Too much happened while you were away.' });
    await vi.waitFor(() => expect(onResync).toHaveBeenCalledTimes(3));
    connection.stop();
  });

  it('goes offline with the browser and resumes when it is back', async () => {
    const { connection, seen } = connect();
    connection.join('post:1');
    await vi.waitFor(async () => expect(await membersOf('post:1')).toBe(1));
    server.to('post:1').emit('like:changed', like('7:1', 4));
    await vi.waitFor(() => expect(seen).toEqual([4]));

    window.dispatchEvent(new Event('offline'));
    expect(connection.state).toBe('offline');
    replay = { messages: [like('7:2', 5)], upTo: '7:2' };
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(seen).toEqual([4, 5]));
    expect(resumes).toEqual(['7:1']);
    connection.stop();
  });
});
