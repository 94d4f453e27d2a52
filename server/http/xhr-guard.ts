import type { FastifyInstance } from 'fastify';
import { isReferenceUrl } from './api-reference.ts';
import type { ErrorBody } from './error-handler.ts';

/**
 * Every /api call must say it is an XMLHttpRequest. A cross-site form or link cannot set that
 * header, so together with the SameSite session cookie it keeps other sites from acting for a
 * signed-in user. The API reference is the exception: a public page read by plain navigation.
 */
export function registerXhrGuard(app: FastifyInstance): void {
  // A callback, not an async function: a check that never waits need not cost a promise on every request.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/') || isReferenceUrl(request.url.split('?')[0]!)) return done();
    // A browser cannot set headers on a websocket; there the Origin is the proof.
    if (request.headers.upgrade?.toLowerCase() === 'websocket') {
      const origin = request.headers.origin;
      if (!origin || URL.parse(origin)?.host === request.headers.host) return done();
      reply.status(403).send({ detail: 'Cross-site websocket refused.' } satisfies ErrorBody);
      return;
    }
    if (request.headers['x-requested-with']?.toString().toLowerCase() === 'xmlhttprequest') return done();
    reply.status(403).send({ detail: 'API requests must carry the header X-Requested-With: XMLHttpRequest.' } satisfies ErrorBody);
  });
}
