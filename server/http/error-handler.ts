import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { installReadableErrors, refusalOf } from '../../contracts/error-map.ts';
import { DomainError, NotFound, TooManyRequests, ValidationFailed } from '../errors.ts';
import type { ErrorReporter } from '../reporting/index.ts';

/**
 * The body of every error answer: lines for the person, or one sentence. Never a stack trace.
 * `fields` says which input each line of a refused schema is about (`phones.mobile`), so a
 * form shows it there; the lines themselves never carry such a path.
 */
export type ErrorBody = { errors?: string[]; fields?: Record<string, string[]>; detail?: string };

const SOMETHING_WENT_WRONG = 'Something went wrong. We are already working to solve it.';

/** Fastify's refusals of a body it could not read, in words for the person who sent it. */
const UNREADABLE_BODY: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty although it is sent as JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body is not as long as its Content-Length says',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This kind of request body is not accepted here',
};
const UNREADABLE_REQUEST = 'The request could not be read';

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

/** The lines of a body or query that failed its schema, from the issues as fastify-type-provider-zod hands them on. */
function schemaRefusal(issues: readonly FastifySchemaValidationError[]): ErrorBody {
  const { errors, fields } = refusalOf(
    issues.map((issue) => ({ code: issue.keyword, message: issue.message ?? UNREADABLE_REQUEST, path: issue.instancePath.split('/').filter(Boolean) })),
  );
  // A rule across fields or an unknown key ties its line to no input: such an answer is lines only.
  return Object.keys(fields).length > 0 ? { errors, fields } : { errors };
}

/** `reporter`: where a 5xx goes besides the log (spec section 8), when one is configured. */
export function registerErrorHandling(app: FastifyInstance, reporter: ErrorReporter | null = null): void {
  // Every route validates with the contracts' schemas: their refusals read as the map writes them.
  installReadableErrors();
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path that fails its schema (a letter in an id, a number no id can reach) names nothing.
      if (error.validationContext === 'params') return reply.status(404).send({ detail: new NotFound().message } satisfies ErrorBody);
      return reply.status(400).send(schemaRefusal(error.validation));
    }
    if (error instanceof ValidationFailed) return reply.status(error.status).send({ errors: error.errors } satisfies ErrorBody);
    if (error instanceof TooManyRequests) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof DomainError) return reply.status(error.status).send({ detail: error.message } satisfies ErrorBody);
    // Fastify's own client errors (malformed JSON, body too large, wrong content type) keep their status.
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ errors: [UNREADABLE_BODY[error.code] ?? UNREADABLE_REQUEST] } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    reporter?.report(error, request);
    return reply.status(500).send({ detail: SOMETHING_WENT_WRONG } satisfies ErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ detail: `No route for ${request.method} ${request.url.split('?')[0]}` } satisfies ErrorBody);
  });
}
