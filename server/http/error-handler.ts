import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, NotFound, TooManyRequests, ValidationFailed } from '../errors.ts';

/** The body of every error answer: lines for the person, or one sentence. Never a stack trace. */
export type ErrorBody = { errors?: string[]; detail?: string };

const SOMETHING_WENT_WRONG = 'Something went wrong. We are already working to solve it.';

/**
 * Fastify's router refuses some URLs before any route or hook runs: a percent-escape that is
 * not UTF-8, a path segment longer than a parameter may be. Such a URL names nothing.
 */
export function answerUnroutableUrl(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(404).send({ detail: new NotFound().message } satisfies ErrorBody);
    return;
  }
  reply.log.error({ err: error }, 'request failed before routing');
  reply.status(500).send({ detail: SOMETHING_WENT_WRONG } satisfies ErrorBody);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path that fails its schema (a letter in an id, a number no id can reach) names nothing.
      if (error.validationContext === 'params') return reply.status(404).send({ detail: new NotFound().message } satisfies ErrorBody);
      const errors = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return field ? `${field}: ${issue.message}` : (issue.message ?? 'Invalid request');
      });
      return reply.status(400).send({ errors } satisfies ErrorBody);
    }
    if (error instanceof ValidationFailed) return reply.status(error.status).send({ errors: error.errors } satisfies ErrorBody);
    if (error instanceof TooManyRequests) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof DomainError) return reply.status(error.status).send({ detail: error.message } satisfies ErrorBody);
    // Fastify's own client errors (malformed JSON, body too large, wrong content type) keep their status.
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ detail: error.message } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ detail: SOMETHING_WENT_WRONG } satisfies ErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ detail: `No route for ${request.method} ${request.url.split('?')[0]}` } satisfies ErrorBody);
  });
}
