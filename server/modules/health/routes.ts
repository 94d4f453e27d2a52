import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthView, type HealthView } from '../../../contracts/health.ts';
import type { Core } from '../../core.ts';
import { redisStatus } from '../../redis.ts';

/**
 * GET /api/v1/health: the database, Redis and every processor with its position and lag.
 * 200 while the database answers (a paused processor or a Redis outage is "degraded", still
 * serving); 503 when the database does not, so a load balancer takes the process out.
 */
export function healthRoutes(core: Core): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/v1/health', { schema: { response: { 200: healthView, 503: healthView } } }, async (_request, reply) => {
      const redis = await redisStatus(core.redis);
      const base = { database: { status: 'ok' as const, driver: core.database.driver }, redis: { status: redis } };
      let head: number;
      let processors: HealthView['processors'];
      try {
        await sql`select 1`.execute(core.database.db);
        [head, processors] = await Promise.all([core.store.head(), core.processors.health()]);
      } catch {
        const down: HealthView = { ...base, status: 'down', database: { ...base.database, status: 'down' }, head: 0, processors: [] };
        return reply.status(503).send(down);
      }
      const degraded = redis === 'down' || processors.some((p) => p.paused);
      return { ...base, status: degraded ? 'degraded' : 'ok', head, processors } satisfies HealthView;
    });
  };
}
