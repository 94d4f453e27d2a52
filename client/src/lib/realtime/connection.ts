import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../../contracts/realtime.ts';
import { CursorOrdering } from './ordering.ts';

export type ConnectionState = 'online' | 'offline' | 'connecting';
export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type ServerEvent = keyof ServerToClientEvents;
export type MessageOf<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>[0];
type Handler = (message: never) => void;

/** The messages that change what is shown; `resync` and `missed` are for the connection itself. */
// Every message of the contract but the connection's own (resync, missed): a record rather than a
// list, so that a message added to the contract fails to compile here until it is listened to.
const LISTENED: Record<Exclude<ServerEvent, 'resync' | 'missed'>, true> = {
  'post:changed': true,
  'comment:added': true,
  'comment:edited': true,
  'comment:deleted': true,
  'like:changed': true,
  'membership:changed': true,
  'notifications:changed': true,
  'video:changed': true,
  'video:progress': true,
  'interview:answered': true,
  'interview:changed': true,
  'interview:counted': true,
  'message:sent': true,
  'message:changed': true,
  'conversation:changed': true,
  'conversation:seen': true,
  'messages:unread': true,
  'message:typing': true,
  'task:changed': true,
  'contacts:changed': true,
  'newsroom:changed': true,
  'announcement:changed': true,
  'announcement:numbers': true,
  'newswire:added': true,
  'feed:announcement': true,
  'monitor:mentioned': true,
};
const DATA_EVENTS = Object.keys(LISTENED) as (keyof typeof LISTENED)[];

const ACK_TIMEOUT_MS = 10_000;

export type ConnectionOptions = {
  /** Reload what is on screen: the server could not replay what was missed. */
  onResync: () => void;
  /** A socket made elsewhere (tests); by default one to this origin, authenticated by the session cookie. */
  socket?: RealtimeSocket;
};

/**
 * One socket.io connection for the tab. Rooms are counted (two screens may show one post) and
 * joined again after every reconnect; then the connection resumes from the last cursor it
 * applied, so what happened meanwhile arrives in order before anything newer.
 */
export class RealtimeConnection {
  readonly socket: RealtimeSocket;
  private readonly rooms = new Map<string, number>();
  private readonly handlers = new Map<ServerEvent, Set<Handler>>();
  private readonly stateListeners = new Set<() => void>();
  private readonly ordering: CursorOrdering;
  private connectedBefore = false;
  private stateValue: ConnectionState = 'connecting';
  private readonly onResync: () => void;
  private readonly goOffline = () => {
    this.socket.disconnect();
    this.setState('offline');
  };
  private readonly comeOnline = () => {
    if (!this.socket.connected) this.socket.connect();
  };

  constructor(options: ConnectionOptions) {
    this.onResync = options.onResync;
    this.socket = options.socket ?? io({ autoConnect: false, transports: ['websocket', 'polling'], withCredentials: true });
    this.ordering = new CursorOrdering(({ event, message }) => this.dispatch(event as ServerEvent, message));

    for (const event of DATA_EVENTS) this.socket.on(event, (message: unknown) => this.ordering.receive(event, message));
    this.socket.on('resync', () => this.onResync());
    this.socket.on('missed', () => void this.resume());
    this.socket.on('connect', () => void this.connected());
    this.socket.on('disconnect', () => this.setState('offline'));
    this.socket.on('connect_error', () => this.setState('offline'));
    this.socket.io.on('reconnect_attempt', () => this.setState('connecting'));
  }

  start(): void {
    // The browser knows first when the network goes: a socket left open would only notice at
    // its next missed ping, so it is closed (and retried) at once and resumes when back.
    window.addEventListener('offline', this.goOffline);
    window.addEventListener('online', this.comeOnline);
    this.socket.connect();
  }

  stop(): void {
    window.removeEventListener('offline', this.goOffline);
    window.removeEventListener('online', this.comeOnline);
    this.socket.disconnect();
    this.socket.removeAllListeners();
  }

  get state(): ConnectionState {
    return this.stateValue;
  }

  get cursor() {
    return this.ordering.cursor;
  }

  onState(listener: () => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  join(room: string): () => void {
    const count = this.rooms.get(room) ?? 0;
    this.rooms.set(room, count + 1);
    if (count === 0 && this.socket.connected) void this.send('join', room);
    return () => this.leave(room);
  }

  on<E extends ServerEvent>(event: E, handler: (message: MessageOf<E>) => void): () => void {
    const set = this.handlers.get(event) ?? new Set<Handler>();
    this.handlers.set(event, set);
    set.add(handler as Handler);
    return () => set.delete(handler as Handler);
  }

  private leave(room: string): void {
    const count = this.rooms.get(room) ?? 0;
    if (count > 1) return void this.rooms.set(room, count - 1);
    this.rooms.delete(room);
    if (this.socket.connected) void this.send('leave', room);
  }

  private dispatch(event: ServerEvent, message: unknown): void {
    for (const handler of this.handlers.get(event) ?? []) (handler as (message: unknown) => void)(message);
  }

  private async connected(): Promise<void> {
    const reconnect = this.connectedBefore;
    this.connectedBefore = true;
    // Messages of the rooms being joined again wait for the replay of what came before them.
    if (reconnect) this.ordering.hold();
    await Promise.all([...this.rooms.keys()].map((room) => this.send('join', room)));
    if (reconnect) await this.resume();
    // What the screen read before its rooms were joined may have changed meanwhile, and
    // nothing of that reached this socket: read it again once.
    else this.onResync();
    this.setState(this.socket.connected ? 'online' : 'offline');
  }

  private async resume(): Promise<void> {
    const after = this.ordering.cursor;
    if (after === null) {
      // Nothing was ever received, so there is no place to resume from: reload what is shown.
      this.ordering.release();
      this.onResync();
      return;
    }
    this.ordering.hold();
    const answer = await this.socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck('resume', after)
      .catch(() => null);
    if (answer?.ok) this.ordering.release(answer.cursor);
    else {
      this.ordering.release();
      this.onResync();
    }
  }

  private async send(event: 'join' | 'leave', room: string): Promise<void> {
    await this.socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck(event, room)
      .catch(() => undefined);
  }

  private setState(state: ConnectionState): void {
    if (state === this.stateValue) return;
    this.stateValue = state;
    for (const listener of this.stateListeners) listener();
  }
}
