import type { ErrorEvent, EventHint } from '@sentry/core';

/**
 * What the server and the client send to the error-reporting service (Sentry), and what never
 * leaves: one policy for both sides (spec sections 8 and 9, docs/decisions.md "Error reporting").
 */

/** Spec section 8: errors of this name are expected refusals, not faults. */
export const IGNORED_ERROR_NAME = 'not_valid';

/** Spec section 9: 0.4 in production, 0 elsewhere; a rate set on purpose (a staging host, a test) wins. */
export function sampleRateFor(production: boolean, chosen?: number): number {
  return chosen ?? (production ? 0.4 : 0);
}

/** The release a report names when the deployment does not name one (a commit, say). */
export function defaultRelease(version: string): string {
  return `pressroom@${version}`;
}

// Errors quote values: a unique violation from PostgreSQL names the address that clashed.
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/gi;
const withoutEmails = (text: string | undefined) => text?.replace(EMAIL, '[email]');

function nameOf(thrown: unknown): unknown {
  return typeof thrown === 'object' && thrown !== null && 'name' in thrown ? thrown.name : undefined;
}

/**
 * The event as it may leave, or null when it must not. Nothing about the person (the SDKs'
 * user, IP, cookies, headers, bodies) and no breadcrumbs, whose URLs and console lines are
 * where secrets slip through: the request id and route tie a report to the log instead. The
 * URL is rewritten by `redactUrl`, which knows which of its parts are secret.
 */
export function scrubEvent(event: ErrorEvent, hint: EventHint, redactUrl: (url: string) => string): ErrorEvent | null {
  // The thrown value when the SDK has it; else the outermost exception, which Sentry lists last.
  const name = nameOf(hint.originalException) ?? event.exception?.values?.at(-1)?.type;
  if (name === IGNORED_ERROR_NAME) return null;
  delete event.user;
  delete event.breadcrumbs;
  // A transaction is named after the raw path, secret segments included.
  delete event.transaction;
  if (event.request) event.request = { method: event.request.method, url: event.request.url === undefined ? undefined : redactUrl(event.request.url) };
  event.message = withoutEmails(event.message);
  for (const exception of event.exception?.values ?? []) exception.value = withoutEmails(exception.value);
  return event;
}
