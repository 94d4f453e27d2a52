import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../../contracts/realtime.ts';
import { RealtimeConnection } from './connection.ts';

export type LiveHarness = {
  server: Server<ClientToServerEvents, ServerToClientEvents>;
  connection: RealtimeConnection;
  /** Every room a socket asked to join, in order. */
  joined: string[];
  stop(): Promise<void>;
};

/**
 * A real socket.io server that lets every socket into the rooms it asks for, and a started
 * connection to it: what the live screens' tests push through.
 */
export async function startLiveHarness(): Promise<LiveHarness> {
  const http = createServer();
  const server = new Server<ClientToServerEvents, ServerToClientEvents>(http, { transports: ['websocket'] });
  const joined: string[] = [];
  server.on('connection', (socket) => {
    socket.on('join', (room, answer) => {
      joined.push(room);
      void Promise.resolve(socket.join(room)).then(() => answer({ ok: true }));
    });
    socket.on('leave', (room, answer) => void Promise.resolve(socket.leave(room)).then(() => answer({ ok: true })));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const socket = io(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { autoConnect: false, transports: ['websocket'] });
  const connection = new RealtimeConnection({ socket, onResync: () => {} });
  connection.start();
  return {
    server,
    connection,
    joined,
    stop: async () => {
      connection.stop();
      await server.close();
    },
  };
}
