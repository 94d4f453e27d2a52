import type { FastifyInstance } from 'fastify';
import { NotFound, ValidationFailed } from '../errors.ts';

/**
 * PostgreSQL refuses NUL in `text` and `jsonb`, and `jsonb` refuses half of a UTF-16
 * surrogate pair. Neither can come from a keyboard, so a request carrying one is refused
 * whole, before any command runs, instead of failing mid-write (docs/decisions.md,
 * "Characters that cannot be stored"). Emoji, joiners and right-to-left marks are whole
 * characters and pass.
 */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_LINE = 'Contains characters that cannot be stored';

/** The dotted paths of every key or string value in `value` that holds an unstorable character. */
export function unstorableFields(value: unknown, root = ''): string[] {
  const found: string[] = [];
  // A walk with its own stack: a body nested ten thousand deep must not overflow ours.
  const pending: [unknown, string][] = [[value, root]];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) found.push(path || 'body');
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (UNSTORABLE.test(key)) found.push(childPath);
        else pending.push([child, childPath]);
      }
    }
  }
  return found.sort();
}

/**
 * Checked before the schemas: a path segment that cannot be stored names nothing (404);
 * a query or body field that cannot be stored is a 400 with its line.
 */
export function registerInputSafety(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (unstorableFields(request.params).length > 0) return done(new NotFound());
    const fields = [...unstorableFields(request.query), ...unstorableFields(request.body)];
    done(fields.length > 0 ? new ValidationFailed(fields.map((field) => `${field}: ${UNSTORABLE_LINE}`), 400) : undefined);
  });
}
