import { ApiError } from './ApiError.ts';
import { apiHooks } from './hooks.ts';

// The sentences of spec section 8, word for word.
export const SOMETHING_WENT_WRONG = 'Something went wrong. We are already working to solve it.';
export const PLEASE_REFRESH = 'Please refresh the page and try again.';
export const NOT_PERMITTED = 'Sorry, you are not permitted to view this page.';

/** The lines a person sees for a 4xx: the server's errors, else its detail, else the two default sentences. */
export function linesOf(error: ApiError): string[] {
  if (error.errors.length > 0) return error.errors;
  if (error.detail) return [error.detail];
  return [SOMETHING_WENT_WRONG, PLEASE_REFRESH];
}

/**
 * Spec section 8's answer to a failed request, run once per failure. `quiet` callers show
 * the lines themselves (a form beside its fields), so no toast; the session and the
 * error report are never the caller's business.
 */
export function runErrorCatalogue(error: ApiError, quiet: boolean): void {
  const hooks = apiHooks();
  const notify = (lines: string[]) => {
    if (!quiet) hooks.notify({ type: 'error', lines });
  };
  if (error.status === 401) {
    hooks.onUnauthorized(error);
  } else if (error.status === 403) {
    // Section 8 toasts, section 4 logs out: both, as docs/decisions.md already reads section 4.
    notify([NOT_PERMITTED]);
    hooks.onUnauthorized(error);
  } else if (error.status >= 400 && error.status < 500) {
    notify(linesOf(error));
  } else {
    notify([SOMETHING_WENT_WRONG]);
    if (error.status >= 500) hooks.report(error);
  }
}

export function isCancellation(error: unknown, signal?: AbortSignal): boolean {
  return (error instanceof Error && error.name === 'AbortError') || signal?.aborted === true;
}
