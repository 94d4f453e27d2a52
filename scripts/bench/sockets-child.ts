/**
 * The second process of npm run bench:messages: it holds the recipients' sockets, so their
 * parsing does not share an event loop with the sending and timing. Forked with IPC:
 *
 *   open    {url, tokens}  one socket per token
 *   report                 every message:sent since open, as [messageId, arrival epoch ms, socket]
 */
import { performance } from 'node:perf_hooks';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../contracts/realtime.ts';
import { SESSION_COOKIE } from '../../server/modules/auth/sessions.ts';

export type Request = { type: 'open'; url: string; tokens: string[] } | { type: 'report' };

const now = () => performance.timeOrigin + performance.now();
const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];
let arrivals: [number, number, number][] = [];
let disconnects = 0;

function open(url: string, token: string, index: number): Promise<void> {
  const socket = connect(url, { transports: ['websocket'], extraHeaders: { cookie: `${SESSION_COOKIE}=${token}` }, reconnection: false, forceNew: true });
  sockets.push(socket);
  socket.on('message:sent', (message) => arrivals.push([message.message.id, now(), index]));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      socket.once('disconnect', () => (disconnects += 1));
      resolve();
    });
    socket.once('connect_error', (error) => reject(new Error(`socket ${index}: ${error.message}`)));
  });
}

async function handle(request: Request): Promise<unknown> {
  if (request.type === 'open') {
    await Promise.all(request.tokens.map((token, i) => open(request.url, token, i)));
    arrivals = [];
    return {};
  }
  const report = { arrivals, disconnects };
  arrivals = [];
  return report;
}

process.on('message', (request: Request) => {
  handle(request).then(
    (answer) => process.send!({ type: request.type, ...(answer as object) }),
    (error: unknown) => process.send!({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
