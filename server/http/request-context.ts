import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EventMetadata } from '../../contracts/events/index.ts';

const TRACE_ID = /^[\w.:-]{1,128}$/;

/** Keeps a caller's X-Request-Id (a proxy's, say) when it is sane, so logs and events line up end to end. */
export function requestIdFrom(headers: FastifyRequest['headers']): string {
  const given = headers['x-request-id'];
  return typeof given === 'string' && TRACE_ID.test(given) ? given : randomUUID();
}

export type Actor = { id: string; role: string };

/** The metadata every event appended for this request carries: who, and which request caused it. */
export function eventMetadata(request: FastifyRequest, actor: Actor | null): EventMetadata {
  const correlation = request.headers['x-correlation-id'];
  return {
    actorId: actor?.id ?? null,
    actorRole: actor?.role ?? null,
    requestId: request.id,
    correlationId: typeof correlation === 'string' && TRACE_ID.test(correlation) ? correlation : request.id,
    causationId: request.id,
  };
}

/** A create answers 201 with the new numeric id in the `object-id` header (spec section 7). */
export function created(reply: FastifyReply, id: number): FastifyReply {
  return reply.status(201).header('object-id', String(id));
}
