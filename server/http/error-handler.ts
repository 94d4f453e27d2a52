import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, TooManyRequests, ValidationFailed } from '../errors.ts';

/** The body of every error answer: lines for the person, or one sentence. Never a stack trace. */
export type ErrorBody = { errors?: string[]; detail?: string };

const SOMETHING_WENT_WRONG = 'Something went wrong. We are already working to solve it.';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
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
