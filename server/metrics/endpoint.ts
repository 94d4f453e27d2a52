import crypto from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { Core } from '../core.ts';
import type { ErrorBody } from '../http/error-handler.ts';
import type { RealtimeServer } from '../realtime/processor.ts';
import { measureConnections } from './connections.ts';
import { measureRequests } from './http.ts';
import { measureProcessors } from './processors.ts';
import { processRegistry } from './process.ts';
import { measureQueues } from './queues.ts';

const METRICS_PATH = '/metrics';

export type MetricsOptions = Pick<NonNullable<Config['metrics']>, 'token' | 'port'>;

/**
 * Prometheus metrics at METRICS_PATH, in a registry of this app's own beside the process's:
 * served by the app, or by a listener of their own on 127.0.0.1 when a port is given (only the
 * host, and what it forwards, may scrape); behind a bearer token when one is given. Besides the
 * counters that requests and appends move, everything is read when scraped: nothing runs while
 * nobody scrapes.
 */
export function registerMetrics(app: FastifyInstance, core: Core, options: MetricsOptions & { realtime: RealtimeServer | null }): void {
  const registry = new Registry();
  measureRequests(app, registry);
  measureProcessors(core, registry);
  measureQueues(core, registry);
  measureConnections(registry, { realtime: options.realtime, database: core.database });
  const scraped = Registry.merge([processRegistry(), registry]);
  const { port } = options;
  if (port === null) return serveMetrics(app, scraped, options.token);

  const internal = Fastify({ loggerInstance: app.log });
  serveMetrics(internal, scraped, options.token);
  // Listening as the app gets ready: a port already taken stops the start, as the app's own would.
  app.addHook('onReady', async () => {
    await internal.listen({ host: '127.0.0.1', port });
  });
  app.addHook('onClose', async () => {
    await internal.close();
  });
}

/**
 * A worker's metrics (it answers no requests and holds no sockets: the process, its appends,
 * the processors' lag, the job queues and its database pool) on a listener of its own on
 * 127.0.0.1, behind the token when one is given. Resolves with how to close it.
 */
export async function listenWorkerMetrics(core: Core, options: { token: string | null; port: number }, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const registry = new Registry();
  measureProcessors(core, registry);
  measureQueues(core, registry);
  measureConnections(registry, { realtime: null, database: core.database });
  const server = Fastify({ loggerInstance: log });
  serveMetrics(server, Registry.merge([processRegistry(), registry]), options.token);
  await server.listen({ host: '127.0.0.1', port: options.port });
  return () => server.close();
}

function serveMetrics(server: FastifyInstance, registry: Registry, token: string | null): void {
  // Digests of equal length, compared in constant time: neither the token nor its length leaks through timing.
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  const expected = token === null ? null : digest(`Bearer ${token}`);
  server.get(METRICS_PATH, async (request, reply) => {
    if (expected && !crypto.timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ detail: 'Metrics are read with the metrics token, sent as Authorization: Bearer followed by the token.' } satisfies ErrorBody);
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
