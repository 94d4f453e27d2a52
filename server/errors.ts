/**
 * Failures a command or query may end in. Deciders throw them; the HTTP layer maps each to its
 * status and the `{ errors?, detail? }` body. Anything else is a bug and answers 500.
 */
export abstract class DomainError extends Error {
  abstract readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429;
}

/**
 * Input that breaks a rule: one line per problem, in the spec's words. 422 when it passed the
 * schema but not a rule; 400 when it is malformed (characters that cannot be stored, a broken
 * form), 413 and 415 for an upload too large or not sent as a form.
 */
export class ValidationFailed extends DomainError {
  constructor(
    readonly errors: string[],
    readonly status: 400 | 413 | 415 | 422 = 422,
  ) {
    super(errors.join('\n'));
  }
}

export class Unauthenticated extends DomainError {
  readonly status = 401;
  constructor(message = 'You need to sign in.') {
    super(message);
  }
}

export class Forbidden extends DomainError {
  readonly status = 403;
  constructor(message = 'Sorry, you are not permitted to do this.') {
    super(message);
  }
}

export class NotFound extends DomainError {
  readonly status = 404;
  constructor(message = 'Not found.') {
    super(message);
  }
}

/** A stale expected version: someone else wrote first; nothing of this command was stored. */
export class Conflict extends DomainError {
  readonly status = 409;
  constructor(message = 'This was changed by someone else meanwhile. Reload and try again.') {
    super(message);
  }
}

export class TooManyRequests extends DomainError {
  readonly status = 429;
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many attempts. Try again in ${retryAfterSeconds < 120 ? `${retryAfterSeconds} seconds` : `${Math.ceil(retryAfterSeconds / 60)} minutes`}.`);
  }
}
