import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ConnectionIndicator } from './ConnectionIndicator.tsx';
import { RealtimeConnection } from './connection.ts';
import { RealtimeContext } from './context.ts';

export type RealtimeProviderProps = {
  /** The signed-in person: null keeps the tab offline; another person means another connection. */
  userId: number | null;
  children: ReactNode;
};

/**
 * Mounted once by the app shell: one socket.io connection for the tab, authenticated by the
 * session cookie, and a discreet indicator while it is down. The first join, a `resync` from
 * the server, or a reconnect with nothing to resume from refetches every query on screen.
 */
export function RealtimeProvider({ userId, children }: RealtimeProviderProps) {
  const queryClient = useQueryClient();
  const [connection, setConnection] = useState<RealtimeConnection | null>(null);

  useEffect(() => {
    if (userId === null) return;
    const created = new RealtimeConnection({ onResync: () => void queryClient.invalidateQueries() });
    created.start();
    setConnection(created);
    return () => {
      created.stop();
      setConnection(null);
    };
  }, [userId, queryClient]);

  return (
    <RealtimeContext.Provider value={connection}>
      {children}
      {connection && <ConnectionIndicator />}
    </RealtimeContext.Provider>
  );
}
