/**
 * The second process of the benches that time live delivery (bench:messages, bench:interviews):
 * it holds the receiving sockets, so their parsing does not share an event loop with the sending
 * and timing. Forked with IPC:
 *
 *   open    {url, tokens, watch, rooms}  one socket per token, each joining `rooms`
 *   report                               every `watch` message since open, as [key, arrival epoch ms, socket]
 *
 * The key of a message:sent is the message's id; of an interview:answered, the number in its
 * answers' text ("Answer 123"), one arrival per answer.
 */
import { performance } from 'node:perf_hooks';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../contracts/realtime.ts';
import { SESSION_COOKIE } from '../../server/modules/auth/sessions.ts';

export type Watch = 'message:sent' | 'interview:answered';
export type Request = { type: 'open'; url: string; tokens: string[]; watch: Watch; rooms?: string[] } | { type: 'report' };

const now = () => performance.timeOrigin + performance.now();
const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];
let arrivals: [number, number, number][] = [];
let disconnects = 0;

function open(url: string, token: string, index: number, watch: Watch, rooms: string[]): Promise<void> {
  const socket = connect(url, { transports: ['websocket'], extraHeaders: { cookie: `${SESSION_COOKIE}=${token}` }, reconnection: false, forceNew: true });
  sockets.push(socket);
  if (watch === 'message:sent') socket.on('message:sent', (message) => arrivals.push([message.message.id, now(), index]));
  else
    socket.on('interview:answered', ({ response }) => {
      const at = now();
      for (const answer of response.answers) {
        const key = /Answer (\d+)/.exec(answer.text ?? '')?.[1];
        if (key) arrivals.push([Number(key), at, index]);
      }
    });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      socket.once('disconnect', () => (disconnects += 1));
      Promise.all(rooms.map((room) => socket.emitWithAck('join', room))).then((answers) => {
        const refused = answers.find((answer) => !answer.ok);
        if (refused) reject(new Error(`socket ${index}: ${'error' in refused ? refused.error : 'refused'}`));
        else resolve();
      }, reject);
    });
    socket.once('connect_error', (error) => reject(new Error(`socket ${index}: ${error.message}`)));
  });
}

async function handle(request: Request): Promise<unknown> {
  if (request.type === 'open') {
    await Promise.all(request.tokens.map((token, i) => open(request.url, token, i, request.watch, request.rooms ?? [])));
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
