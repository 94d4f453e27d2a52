import type { ClientReporter } from './sentry.ts';

let reporter: Promise<ClientReporter | null> | null = null;

/** VITE_SENTRY_SAMPLE_RATE when it is a rate; anything else falls back to the spec's rate rather than break the page. */
function chosenRate(text: string | undefined): number | undefined {
  const rate = Number(text);
  return text && rate >= 0 && rate <= 1 ? rate : undefined;
}

/**
 * Starts Sentry when the build has VITE_SENTRY_DSN. The SDK is a chunk of its own, imported only
 * then: a build without a DSN drops the import altogether, so the feed's first load stays as it was.
 * `route` is the current route's pattern, the only trace of the page a report carries.
 */
export function startErrorReporting(route: () => string): void {
  const dsn = import.meta.env.VITE_SENTRY_DSN;
  if (!dsn) return;
  reporter = import('./sentry.ts')
    .then(({ startSentry }) => startSentry({ dsn, production: import.meta.env.PROD, sampleRate: chosenRate(import.meta.env.VITE_SENTRY_SAMPLE_RATE), release: import.meta.env.VITE_SENTRY_RELEASE, route }))
    // Content blockers often refuse the chunk: the app runs on, reporting to the console only.
    .catch(() => null);
}

/**
 * An error the app caught (a 5xx answer, an error boundary's) goes to the console, and to Sentry
 * when it runs. Errors thrown outside React reach Sentry through the SDK's own handlers.
 */
export function reportError(error: unknown, componentStack?: string): void {
  console.error(error);
  void reporter?.then((started) => started?.report(error, componentStack));
}
