import { useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import type { ConnectionState, MessageOf, ServerEvent } from './connection.ts';
import { RealtimeContext } from './context.ts';

/** Joins a room (contracts/realtime.ts: `post:{id}`, `community:{slug}`, `feed`) while mounted; null joins nothing. */
export function useRoom(room: string | null): void {
  const connection = useContext(RealtimeContext);
  useEffect(() => {
    if (!connection || room === null) return;
    return connection.join(room);
  }, [connection, room]);
}

/** Runs the handler for each message of this kind while mounted: once each, in log order. */
export function useSocketEvent<E extends ServerEvent>(event: E, handler: (message: MessageOf<E>) => void): void {
  const connection = useContext(RealtimeContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!connection) return;
    return connection.on(event, (message) => latest.current(message));
  }, [connection, event]);
}

const noConnection = () => () => undefined;

export function useConnectionState(): ConnectionState {
  const connection = useContext(RealtimeContext);
  return useSyncExternalStore(
    connection ? (listener) => connection.onState(listener) : noConnection,
    () => connection?.state ?? 'connecting',
  );
}
