/**
 * The second process of npm run bench:realtime: it holds the sockets, so their parsing does
 * not share an event loop with the orchestrator's sending and timing. Forked with IPC
 * (advanced serialisation, for the typed arrays of the report); one request at a time:
 *
 *   open   {urls, tokens}  socket i signs in with tokens[i] on urls[i % urls.length]
 *   join   {rooms, event}  socket i joins rooms[i]; starts a new recording, of `event` only
 *   count                  how many of them arrived since the join
 *   report                 every message since the join, grouped by cursor
 *
 * Each answer carries the request's type, or is {type: 'error', message}.
 */
import { performance } from 'node:perf_hooks';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../contracts/realtime.ts';
import { SESSION_COOKIE } from '../../server/modules/auth/sessions.ts';

export type Request = { type: 'open'; urls: string[]; tokens: string[] } | { type: 'join'; rooms: string[]; event: Received['event'] } | { type: 'count' } | { type: 'report' };
type LikeChanged = Parameters<ServerToClientEvents['like:changed']>[0];
type PostChanged = Parameters<ServerToClientEvents['post:changed']>[0];
/** One message as every socket that got it saw it: `sockets[k]` got it at `times[k]` (epoch ms). */
export type Received = { event: 'like:changed'; payload: LikeChanged; sockets: Int32Array; times: Float64Array } | { event: 'post:changed'; payload: PostChanged; sockets: Int32Array; times: Float64Array };
export type Report = { messages: Received[]; disconnects: number; cpuMs: number };

type Recording = { event: Received['event']; payload: LikeChanged | PostChanged; sockets: number[]; times: number[] };

const CONNECTING_AT_ONCE = 100;
const ACK_TIMEOUT_MS = 15_000;

let sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];
// Only the scenario's event: late messages of the one before must not count as this one's arrivals.
let listeningFor: Received['event'] | null = null;
let recordings = new Map<string, Recording>();
let received = 0;
let disconnects = 0;
let cpuAtJoin = process.cpuUsage();

// Stamped first thing: the same clock as the orchestrator's (one machine, epoch milliseconds).
const now = () => performance.timeOrigin + performance.now();

function record(socket: number, event: Recording['event'], payload: LikeChanged | PostChanged): void {
  const at = now();
  if (event !== listeningFor) return;
  received += 1;
  let entry = recordings.get(payload.cursor);
  if (!entry) recordings.set(payload.cursor, (entry = { event, payload, sockets: [], times: [] }));
  entry.sockets.push(socket);
  entry.times.push(at);
}

function open(url: string, token: string, index: number): Promise<void> {
  const socket = connect(url, { transports: ['websocket'], extraHeaders: { cookie: `${SESSION_COOKIE}=${token}` }, reconnection: false, forceNew: true });
  sockets[index] = socket;
  socket.on('like:changed', (message) => record(index, 'like:changed', message));
  socket.on('post:changed', (message) => record(index, 'post:changed', message));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      // Reconnection is off: a socket that drops stays dropped and its messages show as missing.
      socket.once('disconnect', () => (disconnects += 1));
      resolve();
    });
    socket.once('connect_error', (error) => reject(new Error(`socket ${index} could not connect to ${url}: ${error.message}`)));
  });
}

async function handle(request: Request): Promise<unknown> {
  switch (request.type) {
    case 'open': {
      const { urls, tokens } = request;
      // In waves: a thousand handshakes at once each wait on a session lookup behind the pool.
      for (let first = 0; first < tokens.length; first += CONNECTING_AT_ONCE) {
        const wave = tokens.slice(first, first + CONNECTING_AT_ONCE);
        await Promise.all(wave.map((token, k) => open(urls[(first + k) % urls.length]!, token, first + k)));
      }
      return {};
    }
    case 'join': {
      const answers = await Promise.all(request.rooms.map((room, i) => sockets[i]!.timeout(ACK_TIMEOUT_MS).emitWithAck('join', room)));
      const refused = answers.findIndex((answer) => !answer.ok);
      if (refused >= 0) throw new Error(`socket ${refused} may not join ${request.rooms[refused]}`);
      listeningFor = request.event;
      recordings = new Map();
      received = 0;
      cpuAtJoin = process.cpuUsage();
      return {};
    }
    case 'count':
      return { received };
    case 'report': {
      const cpu = process.cpuUsage(cpuAtJoin);
      // Each recording pairs an event with its own payload (see the listeners in `open`).
      const messages = [...recordings.values()].map((r) => ({ ...r, sockets: Int32Array.from(r.sockets), times: Float64Array.from(r.times) }) as Received);
      return { messages, disconnects, cpuMs: (cpu.user + cpu.system) / 1000 } satisfies Report;
    }
  }
}

process.on('message', (request: Request) => {
  handle(request).then(
    (answer) => process.send!({ type: request.type, ...(answer as object) }),
    (error: unknown) => process.send!({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
  );
});
// The orchestrator gone (done or failed), the sockets go too.
process.on('disconnect', () => process.exit(0));
