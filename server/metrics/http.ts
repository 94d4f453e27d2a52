import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

/** Counts and times every answer of the app by its route's pattern. */
export function measureRequests(app: FastifyInstance, registry: Registry): void {
  const requests = new Counter({ name: 'http_requests_total', help: 'Requests answered, by route pattern and status.', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const durations = new Histogram({ name: 'http_request_duration_seconds', help: 'Time to answer a request, by route pattern.', labelNames: ['method', 'route'], registers: [registry] });
  app.addHook('onResponse', (request, reply, done) => {
    // The pattern, never the URL: ids and secret links stay out of the labels, and their number stays bounded.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: reply.statusCode });
    durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });
}
