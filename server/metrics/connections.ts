import { Gauge, type Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/connect.ts';
import type { RealtimeServer } from '../realtime/processor.ts';

/** Open sockets and the database pool's use, read at scrape time from the objects themselves. */
export function measureConnections(registry: Registry, sources: { realtime: RealtimeServer | null; database: DatabaseHandle }): void {
  const gauge = (name: string, help: string, value: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(value());
      },
    });
  const { realtime } = sources;
  if (realtime) gauge('sockets_open', 'Sockets connected to this process.', () => realtime.engine.clientsCount);
  const { pool } = sources.database;
  if (pool) {
    gauge('db_pool_connections', 'Database connections this process holds open.', () => pool.totalCount);
    gauge('db_pool_idle_connections', 'Open database connections no query is using.', () => pool.idleCount);
    gauge('db_pool_waiting_queries', 'Queries waiting for a database connection.', () => pool.waitingCount);
  }
}
