import type { ToastInput } from '../../ui/toast.tsx';
import type { ApiError } from './ApiError.ts';

/** What the error catalogue does outside the client: the app shell decides how. */
export type ApiHooks = {
  notify(toast: ToastInput): void;
  /** A 401 or 403: the session is over (spec section 4). */
  onUnauthorized(error: ApiError): void;
  /** A 5xx: sent to the error-reporting service (spec section 8). */
  report(error: unknown): void;
};

// Until the shell wires its hooks (and in a test that does not), errors still reach the console.
let hooks: ApiHooks = {
  notify: (toast) => console.warn(toast.lines.join('\n')),
  onUnauthorized: () => {},
  report: (error) => console.error(error),
};

export function configureApi(next: ApiHooks): void {
  hooks = next;
}

export function apiHooks(): ApiHooks {
  return hooks;
}
