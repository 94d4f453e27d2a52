import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { NotFound } from '../errors.ts';
import { productModel } from '../model.ts';
import { createServices } from '../services.ts';
import { TEST_PUBLIC_URL } from '../testing/app.ts';
import { useTestCore } from '../testing/core.ts';

// Counts the imports of the one module that imports the SDK, keeping it real.
const sdk = vi.hoisted(() => ({ loads: 0 }));
vi.mock('../reporting/sentry.ts', async (importOriginal) => {
  sdk.loads += 1;
  return importOriginal();
});

const t = useTestCore(productModel, { process: false });

/** Sentry's ingestion endpoint as far as an SDK can tell: it keeps every envelope posted to it. */
function startIngestion(): Promise<{ server: http.Server; port: number; envelopes: string[] }> {
  const envelopes: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      if (request.method === 'POST' && request.url?.startsWith('/api/1/envelope/')) envelopes.push((request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, envelopes })));
}

/** The events among the envelopes' items (sessions and client reports travel there too). */
function eventsIn(envelopes: string[]): Array<Record<string, any>> {
  return envelopes.flatMap((envelope) => {
    const lines = envelope.split('\n').slice(1);
    return lines.flatMap((line, index) => (index % 2 === 0 && line && JSON.parse(line).type === 'event' ? [JSON.parse(lines[index + 1]!)] : []));
  });
}

// Put together here, so the source lines a report quotes do not hold it.
const ADDRESS = ['ana.lopez', 'example.com'].join('@');

class NotValid extends Error {
  override readonly name = 'not_valid';
}

/** The app as `npm start` builds it from this environment, with routes that fail in each way a handler can. */
async function appFrom(env: NodeJS.ProcessEnv) {
  const config = loadConfig(env);
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'pressroom-uploads-'));
  const services = createServices(t.core, { ...config, publicUrl: TEST_PUBLIC_URL, stream: { ...config.stream, push: false } });
  const app = await buildApp(t.core, { logLevel: 'silent', services, uploads: { ...config.uploads, dir: uploads }, errorReporting: config.errorReporting });
  app.get('/api/v1/reporting-test/fault/:code', { config: { secretParams: ['code'] } }, async () => {
    throw new Error(`The mail to ${ADDRESS} could not be queued`);
  });
  app.get('/api/v1/reporting-test/refused', async () => {
    throw new NotFound();
  });
  app.get('/api/v1/reporting-test/not-valid', async () => {
    throw new NotValid('Expected refusal');
  });
  app.addHook('onClose', async () => fs.rmSync(uploads, { recursive: true, force: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const call = (url: string, headers: Record<string, string> = {}) => fetch(base + url, { headers: { 'x-requested-with': 'XMLHttpRequest', ...headers } });
  return { app, call };
}

let ingestion: Awaited<ReturnType<typeof startIngestion>>;
beforeAll(async () => {
  ingestion = await startIngestion();
});
afterAll(() => new Promise<void>((resolve) => ingestion?.server.close(() => resolve())));

describe('error reporting settings', () => {
  it('sample rate 0.4 when NODE_ENV=production, 0 otherwise, SENTRY_SAMPLE_RATE when given', () => {
    const dsn = 'https://public@sentry.example/1';
    expect(loadConfig({ SENTRY_DSN: dsn, NODE_ENV: 'production' }).errorReporting?.sampleRate).toBe(0.4);
    expect(loadConfig({ SENTRY_DSN: dsn, NODE_ENV: 'development' }).errorReporting?.sampleRate).toBe(0);
    expect(loadConfig({ SENTRY_DSN: dsn, NODE_ENV: 'production', SENTRY_SAMPLE_RATE: '0.1' }).errorReporting?.sampleRate).toBe(0.1);
  });

  it('the release is the package version unless SENTRY_RELEASE names one', () => {
    const dsn = 'https://public@sentry.example/1';
    expect(loadConfig({ SENTRY_DSN: dsn }).errorReporting?.release).toMatch(/^pressroom@\d+\.\d+\.\d+/);
    expect(loadConfig({ SENTRY_DSN: dsn, SENTRY_RELEASE: 'b06fe47' }).errorReporting?.release).toBe('b06fe47');
  });
});

// In this order: the SDK must still be unloaded when the app without a DSN runs.
describe('error reporting', () => {
  it('without a DSN nothing loads and nothing is sent', async () => {
    expect(loadConfig({}).errorReporting).toBeNull();
    const { app, call } = await appFrom({});
    expect((await call('/api/v1/reporting-test/fault/abc')).status).toBe(500);
    await app.close();
    expect(sdk.loads).toBe(0);
    expect(ingestion.envelopes).toEqual([]);
  });

  it('no module but server/reporting/sentry.ts imports the SDK, so the one above stands for all', () => {
    const serverDir = path.resolve(import.meta.dirname, '..');
    const importers = fs
      .readdirSync(serverDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => /from '@sentry\//.test(fs.readFileSync(path.join(serverDir, file), 'utf8')));
    expect(importers).toEqual([path.join('reporting', 'sentry.ts')]);
  });

  it('a 5xx reaches Sentry with its request id, route pattern and release, and nothing personal or secret', async () => {
    const { app, call } = await appFrom({ SENTRY_DSN: `http://public@127.0.0.1:${ingestion.port}/1`, SENTRY_SAMPLE_RATE: '1', SENTRY_RELEASE: 'pressroom@test-release', NODE_ENV: 'test' });
    expect((await call('/api/v1/reporting-test/refused')).status).toBe(404);
    expect((await call('/api/v1/reporting-test/not-valid')).status).toBe(500);
    const failed = await call('/api/v1/reporting-test/fault/recovery-code-9431?token=query-secret-2718&page=2', {
      'x-request-id': 'report-test-1',
      cookie: 'pressroom_session=session-secret-1618',
      authorization: 'Bearer bearer-secret-1414',
    });
    expect(failed.status).toBe(500);
    // Closing the app sends what is queued.
    await app.close();
    expect(sdk.loads).toBe(1);

    // The 404 and the error named not_valid sent nothing; nor is anything but errors sent.
    expect(ingestion.envelopes.join('\n')).not.toMatch(/"type":"sessions?"/);
    const events = eventsIn(ingestion.envelopes);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.exception.values.at(-1)).toMatchObject({ type: 'Error', value: 'The mail to [email] could not be queued' });
    expect(event!.tags).toMatchObject({ request_id: 'report-test-1', route: '/api/v1/reporting-test/fault/:code', method: 'GET' });
    expect(event!.release).toBe('pressroom@test-release');
    expect(event!.user).toBeUndefined();

    const everything = ingestion.envelopes.join('\n');
    for (const secret of ['session-secret-1618', 'pressroom_session', 'bearer-secret-1414', 'recovery-code-9431', 'query-secret-2718', ADDRESS, 'ip_address']) {
      expect(everything).not.toContain(secret);
    }
  });
});
