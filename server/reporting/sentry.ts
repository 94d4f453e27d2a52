import * as Sentry from '@sentry/node';
import { scrubEvent } from '../../contracts/error-reporting.ts';
import type { SecretUrls } from '../http/secret-urls.ts';
import type { ErrorReporter, ErrorReportingSettings } from './index.ts';

/** The SDK reports absolute URLs; the app's redaction reads paths. */
function withRedactedPath(url: string, urls: SecretUrls): string {
  const origin = /^[a-z][\w+.-]*:\/\/[^/]+/i.exec(url)?.[0] ?? '';
  return origin + urls.redact(url.slice(origin.length));
}

export function startSentry(settings: ErrorReportingSettings, urls: SecretUrls): ErrorReporter {
  Sentry.init({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    sampleRate: settings.sampleRate,
    sendDefaultPii: false,
    // Errors only: no release-health sessions, which would be sent whatever the sample rate.
    integrations: (defaults) => [...defaults.filter((integration) => integration.name !== 'ProcessSession' && integration.name !== 'Http'), Sentry.httpIntegration({ trackIncomingRequestsAsSessions: false })],
    beforeSend: (event, hint) => scrubEvent(event, hint, (url) => withRedactedPath(url, urls)),
  });
  return {
    report(error, request) {
      // The route's pattern, never the URL asked: ids and secret segments stay out of the tags.
      Sentry.captureException(error, { tags: { request_id: request.id, route: request.routeOptions.url ?? 'unmatched', method: request.method } });
    },
    close: async (timeoutMs = 2000) => {
      await Sentry.close(timeoutMs);
    },
  };
}
