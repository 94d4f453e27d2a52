import type { ErrorEvent } from '@sentry/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientEvent } from './events.ts';
import { reportError, startErrorReporting } from './index.ts';

// Counts the imports of the one module that imports the SDK, without starting it.
const sdk = vi.hoisted(() => ({ loads: 0, started: [] as unknown[], reported: [] as unknown[] }));
vi.mock('./sentry.ts', () => {
  sdk.loads += 1;
  return { startSentry: (settings: unknown) => (sdk.started.push(settings), { report: (error: unknown) => sdk.reported.push(error) }) };
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const failure = (type: string, value: string): ErrorEvent => ({
  type: undefined,
  exception: { values: [{ type, value }] },
  request: { url: 'https://pressroom.example/app/password/recovery/12/code-secret-1618?token=query-secret', method: 'GET', headers: { Referer: 'https://pressroom.example/app/newsrooms/confirm/hash-secret' }, cookies: { session: 'cookie-secret' } },
  user: { email: 'ana.lopez@example.com', ip_address: '203.0.113.9' },
  breadcrumbs: [{ category: 'navigation', data: { to: '/app/async/answer/interview/hash-secret' } }],
});

describe('what a client report carries', () => {
  it('errors named not_valid are ignored', () => {
    const thrown = Object.assign(new Error('Expected refusal'), { name: 'not_valid' });
    expect(clientEvent(failure('not_valid', 'Expected refusal'), { originalException: thrown }, '/posts/$id')).toBeNull();
    expect(clientEvent(failure('not_valid', 'Expected refusal'), {}, '/posts/$id')).toBeNull();
  });

  it('the route and nothing personal or secret: no user, cookies, headers, breadcrumbs, URL or address', () => {
    const event = clientEvent(failure('TypeError', 'No account for ana.lopez@example.com'), { originalException: new TypeError('x') }, '/password/recovery/$id/$code');
    expect(event?.tags).toEqual({ route: '/password/recovery/$id/$code' });
    expect(event?.request).toEqual({ method: 'GET', url: '/password/recovery/$id/$code' });
    expect(event?.exception?.values?.[0]?.value).toBe('No account for [email]');
    const text = JSON.stringify(event);
    for (const secret of ['secret', 'ana.lopez', '203.0.113.9', 'breadcrumbs', 'user']) expect(text).not.toContain(secret);
  });
});

describe('loading the SDK', () => {
  it('without VITE_SENTRY_DSN nothing loads, and errors still reach the console', async () => {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    startErrorReporting(() => '/');
    reportError(new Error('Broken render'));
    await Promise.resolve();
    expect(sdk.loads).toBe(0);
    expect(console).toHaveBeenCalledOnce();
  });

  it('with VITE_SENTRY_DSN the SDK starts with the sample rate asked for, and caught errors go to it', async () => {
    vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    vi.stubEnv('VITE_SENTRY_DSN', 'https://public@sentry.example/1');
    vi.stubEnv('VITE_SENTRY_SAMPLE_RATE', '1');
    startErrorReporting(() => '/');
    const error = new Error('Broken render');
    reportError(error);
    await vi.waitFor(() => expect(sdk.reported).toEqual([error]));
    expect(sdk.loads).toBe(1);
    expect(sdk.started).toEqual([expect.objectContaining({ dsn: 'https://public@sentry.example/1', sampleRate: 1 })]);
  });
});
