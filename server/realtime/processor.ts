import type { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../contracts/realtime.ts';
import type { AnyEvent } from '../events/types.ts';
import type { ProcessorDefinition } from '../projections/processor.ts';
import { mayHaveListeners } from './gateway.ts';
import { messagesFor, type RealtimeMessage } from './messages.ts';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

/**
 * `server` is asked at send time: the socket.io server is made once the core (and its Redis
 * connection) exists, after the model that names this processor.
 *
 * Tails the log and pushes each change to the rooms that show it. Messages are built inside
 * the batch (they read the read models) and sent only once the batch has committed, in log
 * order; one owner across all processes sends them, and the Redis adapter (when configured)
 * carries them to every process's sockets.
 */
export function realtimeProcessor(server: () => RealtimeServer | null): ProcessorDefinition<AnyEvent> {
  // Built in handle, sent in afterCommit; a rolled-back batch is built again on its retry.
  const pending = new Map<number, RealtimeMessage[]>();
  return {
    name: 'realtime',
    version: 1,
    tables: [],
    startAt: 'head',
    // Wake-ups come in pairs (the local one, then this process's own NOTIFY heard back), and
    // under load the appends follow each other closely: a drain starts at most every 12 ms,
    // so that each of its five statements (begin, claim, read, checkpoint, commit) carries
    // several batches of writes. A quiet log is drained at once; under load a push waits up
    // to 12 ms (answers and messages at full speed: 900 drains instead of 1,800, the live p99
    // at 200 writes a second 16 to 19 ms, goal 30).
    gatherMs: 12,
    async handleBatch(trx, events) {
      const messages = await messagesFor(trx, events);
      events.forEach((event, i) => pending.set(event.position, messages[i]!));
    },
    afterCommit(events) {
      const io = server();
      for (const event of events) {
        for (const message of pending.get(event.position) ?? []) if (io) emit(io, message);
        pending.delete(event.position);
      }
    },
  };
}

export function emit(io: RealtimeServer, message: RealtimeMessage): void {
  // A message for nobody is not even encoded: most people's own rooms are empty most of the time.
  if (!mayHaveListeners(io, message.rooms)) return;
  // One emit to the union of rooms: a socket in two of them gets the message once.
  (io.to(message.rooms).emit as (event: string, payload: unknown) => boolean)(message.event, message.payload);
}
