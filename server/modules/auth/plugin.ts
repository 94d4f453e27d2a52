import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Core } from '../../core.ts';
import { Forbidden, Unauthenticated } from '../../errors.ts';
import type { Actor } from '../../http/request-context.ts';
import { SESSION_COOKIE, SESSION_MAX_DAYS, SessionLookups, type Session, type SessionUser } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person, or null for a guest. */
    auth: Session | null;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// Signing out, and marking what one has read, change nothing anyone else sees: read-only
// people may do both.
const ALWAYS_ALLOWED = new Set(['/api/v1/auth/sign_out', '/api/v1/notifications/read', '/api/v1/notifications/:id/read', '/api/v1/conversations/:id/read']);

/** Who is asking, on every /api request; and read-only users' writes refused, whatever the route. */
export function registerAuth(app: FastifyInstance, core: Core): void {
  const sessions = new SessionLookups(core.database.db);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    request.auth = token ? await sessions.find(token) : null;
  });
  app.addHook('preHandler', (request, _reply, done) => {
    if (READ_METHODS.has(request.method) || !request.auth?.user.isReadOnly || ALWAYS_ALLOWED.has(request.routeOptions.url ?? '')) return done();
    done(new Forbidden('Your account is read-only: you can look, but not change anything.'));
  });
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.auth) throw new Unauthenticated();
  return request.auth.user;
}

/** The role events are recorded under: admin when the person is one, else their main role. */
export function actorOf(user: SessionUser): Actor {
  const role = user.roles.includes('admin') ? 'admin' : (user.roles[0] ?? 'journo');
  return { id: String(user.id), role };
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_MAX_DAYS * 24 * 60 * 60 });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}
