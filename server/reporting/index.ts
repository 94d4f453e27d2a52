import type { FastifyRequest } from 'fastify';
import type { SecretUrls } from '../http/secret-urls.ts';

export type ErrorReportingSettings = {
  /** Where reports go: SENTRY_DSN. */
  dsn: string;
  environment: string;
  /** The share of errors sent (contracts/error-reporting.ts). */
  sampleRate: number;
  release: string;
};

/** Where a request's 5xx goes besides the log. */
export type ErrorReporter = {
  report(error: unknown, request: FastifyRequest): void;
  /** Sends what is still queued, waiting at most `timeoutMs`. */
  close(timeoutMs?: number): Promise<void>;
};

/**
 * Starts Sentry. The SDK (and the OpenTelemetry it brings) is imported here and only here, so a
 * process without SENTRY_DSN never loads it.
 */
export async function startErrorReporting(settings: ErrorReportingSettings, urls: SecretUrls): Promise<ErrorReporter> {
  const { startSentry } = await import('./sentry.ts');
  return startSentry(settings, urls);
}
