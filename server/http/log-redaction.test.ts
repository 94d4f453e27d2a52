import { sql } from 'kysely';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../core.ts';
import { createLog, lazyRequestLogger } from '../log.ts';
import { productModel } from '../model.ts';
import { SESSION_COOKIE } from '../modules/auth/sessions.ts';
import { buildTestApp, TEST_PUBLIC_URL } from '../testing/app.ts';
import { openTestCore } from '../testing/core.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { REDACTED, SecretUrls } from './secret-urls.ts';

let database: TestDatabase;
let core: Core;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  core = await openTestCore(database, productModel, { process: false });
  // Everything the server would write at its most talkative level.
  app = await buildTestApp(core, { log: { level: 'trace', destination: { write: (line: string) => void lines.push(line) } } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await core?.close();
  await database?.drop();
});

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, options: { body?: object; token?: string } = {}) =>
  app.inject({
    method,
    url,
    headers: { ...XHR, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    ...(options.body ? { payload: options.body } : {}),
    ...(options.token ? { cookies: { [SESSION_COOKIE]: options.token } } : {}),
  });

function sessionOf(response: LightMyRequestResponse): string {
  const value = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
  if (!value) throw new Error(`no session in ${response.statusCode} ${response.body}`);
  return value;
}

describe('secrets in the log', () => {
  it('never writes a password, code, token or link secret, in any line or event, through every flow that carries one', async () => {
    const secrets: string[] = [];
    const keep = (value: string) => {
      secrets.push(value);
      return value;
    };
    const email = 'careful@example.com';

    const signUp = await call('POST', '/api/v1/auth/sign_up', { body: { email, password: keep('first secret phrase'), firstname: 'Cara', lastname: 'Ful' } });
    expect(signUp.statusCode, signUp.body).toBe(201);
    let token = keep(sessionOf(signUp));

    const signIn = await call('POST', '/api/v1/auth/sign_in', { body: { email, password: 'first secret phrase' } });
    expect(signIn.statusCode).toBe(200);
    token = keep(sessionOf(signIn));
    // A secret in a query string, as a careless integration would send it.
    expect((await call('GET', `/api/v1/current_user/info?token=${token}`, { token })).statusCode).toBe(200);

    const setup = await call('POST', '/api/v1/auth/two_factor/setup', { token });
    const secret = keep(setup.json<{ secret: string }>().secret);
    const enableCode = keep(await generate({ secret }));
    expect((await call('POST', '/api/v1/auth/two_factor/enable', { token, body: { code: enableCode } })).statusCode).toBe(204);
    const withoutCode = await call('POST', '/api/v1/auth/sign_in', { body: { email, password: 'first secret phrase' } });
    expect(withoutCode.json()).toMatchObject({ twoFactorRequired: true });
    const nextCode = keep(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    const withCode = await call('POST', '/api/v1/auth/sign_in', { body: { email, password: 'first secret phrase', code: nextCode } });
    expect(withCode.statusCode, withCode.body).toBe(200);
    token = keep(sessionOf(withCode));

    const change = await call('PATCH', '/api/v1/auth/password', { token, body: { currentPassword: 'first secret phrase', password: keep('second secret phrase') } });
    expect(change.statusCode, change.body).toBe(204);

    expect((await call('POST', '/api/v1/auth/password/new', { body: { email } })).statusCode).toBe(202);
    const mail = await sql<{ text_body: string }>`select text_body from mail_outbox where to_address = ${email} order by id desc limit 1`.execute(database.db);
    const [, id, code] = new RegExp(`${TEST_PUBLIC_URL}/app/password/recovery/(\\d+)/([\\w-]+)`).exec(mail.rows[0]!.text_body)!;
    keep(code!);
    // The link as the browser opens it, a forged try, then the real use.
    await call('GET', `/app/password/recovery/${id}/${code}`);
    expect((await call('POST', `/api/v1/auth/password/recovery/${id}/${code}x`, { body: { password: 'third secret phrase' } })).statusCode).toBe(422);
    const recovered = await call('POST', `/api/v1/auth/password/recovery/${id}/${code}`, { body: { password: keep('third secret phrase') } });
    expect(recovered.statusCode, recovered.body).toBe(204);

    // An interview's answer link, opened in the app and through the API, and answered.
    const hash = keep('A'.repeat(20) + 'answerLinkHash' + 'z'.repeat(9));
    await call('GET', `/app/async/answer/video/${hash}`);
    await call('GET', `/app/pub/async/answer/text/${hash}`);
    await call('GET', `/api/v1/async/answer/text/${hash}`);
    await call('POST', `/api/v1/async/answer/text/${hash}/start`, { body: { email } });

    const log = lines.join('');
    const events = (await sql<{ row: string }>`select (data::text || metadata::text) as row from events`.execute(database.db)).rows.map((r) => r.row).join('\n');
    expect(lines.length).toBeGreaterThan(20);
    expect(log).toContain(`/api/v1/auth/password/recovery/${id}/${REDACTED}`);
    expect(log).toContain(`/app/password/recovery/${id}/${REDACTED}`);
    expect(log).toContain(`?token=${REDACTED}`);
    expect(log).toContain(`/api/v1/async/answer/text/${REDACTED}/${REDACTED}`);
    expect(log).toContain(`/app/pub/async/answer/text/${REDACTED}`);
    for (const value of secrets) {
      expect(log, `a secret in the log: ${value}`).not.toContain(value);
      expect(events, `a secret in an event: ${value}`).not.toContain(value);
    }
    // A sign-in's part of the code: the code of a forged link would still be most of the real one.
    expect(log).not.toContain(code!.slice(0, 16));
  });
});

describe('the policy outside requests', () => {
  it('redacts secret fields at any depth and secret query values in any logged URL', () => {
    const out: string[] = [];
    const log = createLog('info', { destination: { write: (line: string) => void out.push(line) } });
    log.info({ body: { password: 'hunter2 hunter2', email: 'a@example.com' }, headers: { cookie: 'pressroom_session=abc123', 'set-cookie': 'x=abc123' } }, 'nested');
    log.info({ job: { input: { credentials: { token: 'tok-987654' } } } }, 'deep');
    log.error({ err: Object.assign(new Error('failed'), { code: 'not-secret-enum', request: { code: '654321' } }) }, 'failure');
    const text = out.join('');
    for (const value of ['hunter2 hunter2', 'abc123', 'tok-987654', '654321']) expect(text).not.toContain(value);
    expect(text).toContain('a@example.com');
  });

  it('gives a request a logger whose lines carry its bindings and the redaction, and that writes nothing below its level', () => {
    const out: string[] = [];
    const log = createLog('warn', { destination: { write: (line: string) => void out.push(line) } });
    const request = lazyRequestLogger(log, { reqId: 'req-1' }, {});
    request.info({ detail: 'quiet' }, 'below the level');
    expect(out).toEqual([]);
    request.warn({ body: { password: 'hunter2 hunter2' } }, 'loud');
    request.child({ step: 2 }).error('deeper');
    expect(out.map((line) => JSON.parse(line))).toMatchObject([
      { reqId: 'req-1', msg: 'loud', body: { password: REDACTED } },
      { reqId: 'req-1', step: 2, msg: 'deeper' },
    ]);
  });

  it('refuses a route whose parameter is neither a name nor declared secret or public', () => {
    const urls = new SecretUrls();
    const route = (url: string, config: RouteOptions['config'] = {}) => ({ method: 'POST', url, config, handler: () => undefined }) as unknown as RouteOptions;
    expect(() => urls.onRoute(route('/api/v1/newsrooms/confirm/:hash'))).toThrow(/hash/);
    expect(() => urls.onRoute(route('/api/v1/newsrooms/confirm/:hash', { secretParams: ['hash'] }))).not.toThrow();
    expect(() => urls.onRoute(route('/api/v1/posts/:id'))).not.toThrow();
    expect(urls.redact('/api/v1/newsrooms/confirm/s3cr3t?preview=1&signature=abc')).toBe(`/api/v1/newsrooms/confirm/${REDACTED}?preview=1&signature=${REDACTED}`);
    expect(urls.redact('/api/v1/newsrooms/confirm/s3cr3t/extra')).toBe(`/api/v1/newsrooms/confirm/${REDACTED}/${REDACTED}`);
    expect(urls.redact('/api/v1/posts/12?type=job')).toBe('/api/v1/posts/12?type=job');
  });
});
