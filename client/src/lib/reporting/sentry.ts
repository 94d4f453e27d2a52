import * as Sentry from '@sentry/browser';
import { defaultRelease, sampleRateFor } from '../../../../contracts/error-reporting.ts';
import { version } from '../../../../package.json';
import { clientEvent } from './events.ts';

export type ClientReporter = { report(error: unknown, componentStack?: string): void };

export type ClientReporting = { dsn: string; production: boolean; sampleRate: number | undefined; release?: string; route: () => string };

export function startSentry(settings: ClientReporting): ClientReporter {
  Sentry.init({
    dsn: settings.dsn,
    environment: settings.production ? 'production' : 'development',
    release: settings.release ?? defaultRelease(version),
    sampleRate: sampleRateFor(settings.production, settings.sampleRate),
    sendDefaultPii: false,
    beforeSend: (event, hint) => clientEvent(event, hint, settings.route()),
  });
  return {
    report: (error, componentStack) => Sentry.captureException(error, componentStack ? { contexts: { react: { componentStack } } } : undefined),
  };
}
