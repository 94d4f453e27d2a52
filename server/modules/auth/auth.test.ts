import jwt from 'jsonwebtoken';
import { sql } from 'kysely';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUser } from '../../../contracts/users/current-user.ts';
import type { Core } from '../../core.ts';
import { productModel } from '../../model.ts';
import { buildTestApp, TEST_PUBLIC_URL } from '../../testing/app.ts';
import { metadata, openTestCore } from '../../testing/core.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { DEMO_PASSWORD, seedDemo } from '../../seed/demo.ts';
import { userDecider, userStream } from '../users/commands.ts';
import { SESSION_COOKIE } from './sessions.ts';

let database: TestDatabase;
let core: Core;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  core = await openTestCore(database, productModel, { process: false });
  app = await buildTestApp(core);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await core?.close();
  await database?.drop();
});

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
let people = 0;

function newPerson(overrides: Record<string, unknown> = {}) {
  people += 1;
  return { email: `person${people}@example.com`, password: 'correct horse battery', firstname: 'Sam', lastname: `Writer${people}`, ...overrides };
}

function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie?.value) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return cookie.value;
}

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) =>
  app.inject({
    method,
    url,
    headers: { ...XHR, ...options.headers },
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
    ...(options.token ? { cookies: { [SESSION_COOKIE]: options.token } } : {}),
  });

async function signUp(overrides: Record<string, unknown> = {}) {
  const person = newPerson(overrides);
  const response = await call('POST', '/api/v1/auth/sign_up', { body: person });
  expect(response.statusCode, response.body).toBe(201);
  return { person, id: Number(response.headers['object-id']), token: sessionCookie(response) };
}

const count = async (table: 'events' | 'users' | 'credentials') => (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(database.db)).rows[0]!.n;

describe('sign-up, current user, sign-out', () => {
  it('signs a person up, knows them by the cookie, and forgets them after sign-out', async () => {
    const person = newPerson();
    const response = await call('POST', '/api/v1/auth/sign_up', { body: person });
    expect(response.statusCode).toBe(201);
    expect(response.headers['object-id']).toMatch(/^\d+$/);
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const info = await call('GET', '/api/v1/current_user/info', { token: cookie.value });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ id: Number(response.headers['object-id']), email: person.email, firstname: 'Sam', roles: ['journo'], authenticated: true });

    expect((await call('POST', '/api/v1/auth/sign_out', { token: cookie.value })).statusCode).toBe(204);
    const after = await call('GET', '/api/v1/current_user/info', { token: cookie.value });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toHaveProperty('detail');
  });

  it('answers a guest asking for the current user with 401', async () => {
    expect((await call('GET', '/api/v1/current_user/info')).statusCode).toBe(401);
  });

  it('takes the chosen role, journo when none is given', async () => {
    const pr = await signUp({ role: 'pr' });
    expect((await call('GET', '/api/v1/current_user/info', { token: pr.token })).json().roles).toEqual(['pr']);
    const refused = await call('POST', '/api/v1/auth/sign_up', { body: newPerson({ role: 'admin' }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual(['Role must be one of journo, pr, expert']);
  });

  it('refuses a duplicate email, however cased, with 409 and writes nothing', async () => {
    const { person } = await signUp();
    const [events, users, credentials] = [await count('events'), await count('users'), await count('credentials')];
    const response = await call('POST', '/api/v1/auth/sign_up', { body: { ...newPerson(), email: person.email.toUpperCase() } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'An account with this email already exists.' });
    expect([await count('events'), await count('users'), await count('credentials')]).toEqual([events, users, credentials]);
  });

  it('lists every problem of a malformed body, one line each', async () => {
    const response = await call('POST', '/api/v1/auth/sign_up', { body: { email: 'not-an-email', password: 'x', firstname: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(expect.arrayContaining(['Email is not valid', 'First name is required', 'Last name is required']));
  });

  it('refuses weak passwords with the reasons, and creates nothing', async () => {
    const users = await count('users');
    const short = await call('POST', '/api/v1/auth/sign_up', { body: newPerson({ password: 'short' }) });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ errors: ['Password must be at least 8 characters'], fields: { password: ['Password must be at least 8 characters'] } });
    const personal = await call('POST', '/api/v1/auth/sign_up', { body: newPerson({ lastname: 'Fitzgerald', password: 'fitzgerald2026' }) });
    expect(personal.statusCode).toBe(400);
    expect(personal.json()).toEqual({ errors: ['Password must not contain your name or email'], fields: { password: ['Password must not contain your name or email'] } });
    expect(await count('users')).toBe(users);
  });

  it('names every problem of the form in one answer, the password’s among them', async () => {
    const response = await call('POST', '/api/v1/auth/sign_up', { body: { email: 'not-an-email', password: 'short', firstname: 'Sam' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(['Email is not valid', 'Last name is required', 'Password must be at least 8 characters']);
  });

  it('records the fact, never the secret, in the log', async () => {
    const { id, person } = await signUp();
    const events = await core.store.readStream(database.db, userStream(id));
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'OnboardingStageSet']);
    expect(JSON.stringify(events)).not.toContain(person.password);
    expect(events[0]!.metadata).toMatchObject({ actorId: String(id), actorRole: 'journo' });
  });
});

describe('sign-in', () => {
  it('signs in with the right password, answers with the current user and a fresh cookie', async () => {
    const { person, id, token: first } = await signUp();
    const response = await call('POST', '/api/v1/auth/sign_in', { body: { email: person.email.toUpperCase(), password: person.password } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, email: person.email });
    expect(sessionCookie(response)).not.toBe(first);
  });

  it('gives a wrong password and an unknown email the same answer', async () => {
    const { person } = await signUp();
    const wrong = await call('POST', '/api/v1/auth/sign_in', { body: { email: person.email, password: 'not the password' } });
    const unknown = await call('POST', '/api/v1/auth/sign_in', { body: { email: 'nobody@example.com', password: 'not the password' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: 'Email or password is not correct.' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.cookies).toHaveLength(0);
  });

  it('replaces the session it was called with: the old token stops working', async () => {
    const { person, token: old } = await signUp();
    const response = await call('POST', '/api/v1/auth/sign_in', { body: { email: person.email, password: person.password }, token: old });
    const fresh = sessionCookie(response);
    expect((await call('GET', '/api/v1/current_user/info', { token: old })).statusCode).toBe(401);
    expect((await call('GET', '/api/v1/current_user/info', { token: fresh })).statusCode).toBe(200);
  });

  it('refuses a request without X-Requested-With', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/auth/sign_in', payload: { email: 'a@b.co', password: 'whatever1' } });
    expect(response.statusCode).toBe(403);
  });
});

describe('sessions', () => {
  it('slide: a session in use lives on, one left idle past its expiry ends', async () => {
    const { token, id } = await signUp();
    await sql`update sessions set last_seen_at = now() - interval '2 days', expires_at = now() + interval '1 hour' where user_id = ${id}`.execute(database.db);
    expect((await call('GET', '/api/v1/current_user/info', { token })).statusCode).toBe(200);
    const [slid] = (await sql<{ days: number }>`select extract(epoch from expires_at - now()) / 86400 as days from sessions where user_id = ${id}`.execute(database.db)).rows;
    expect(Number(slid!.days)).toBeGreaterThan(13.9);

    await sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${id}`.execute(database.db);
    expect((await call('GET', '/api/v1/current_user/info', { token })).statusCode).toBe(401);
  });

  it('never outlive their maximum age, however busy', async () => {
    const { token, id } = await signUp();
    await sql`update sessions set created_at = now() - interval '89 days 23 hours', last_seen_at = now() - interval '1 day' where user_id = ${id}`.execute(database.db);
    await call('GET', '/api/v1/current_user/info', { token });
    const [left] = (await sql<{ hours: number }>`select extract(epoch from expires_at - now()) / 3600 as hours from sessions where user_id = ${id}`.execute(database.db)).rows;
    expect(Number(left!.hours)).toBeLessThan(1.01);
  });
});

describe('two-factor authentication', () => {
  it('sets up, enables, and then asks for a code at sign-in', async () => {
    const { person, token } = await signUp();
    expect((await call('POST', '/api/v1/auth/two_factor/setup')).statusCode).toBe(401);
    const setup = await call('POST', '/api/v1/auth/two_factor/setup', { token });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrSvg } = setup.json();
    expect(otpauthUrl).toBe(`otpauth://totp/Pressroom:${encodeURIComponent(person.email)}?secret=${secret}&issuer=Pressroom`);
    expect(qrSvg).toMatch(/^<svg[^>]*>/);

    const wrong = await call('POST', '/api/v1/auth/two_factor/enable', { token, body: { code: '000000' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ errors: ['Code is not valid'] });
    expect((await call('GET', '/api/v1/current_user/info', { token })).json().twoFactor).toBe(false);
    expect((await call('POST', '/api/v1/auth/two_factor/enable', { token, body: { code: await generate({ secret }) } })).statusCode).toBe(204);
    expect((await call('GET', '/api/v1/current_user/info', { token })).json().twoFactor).toBe(true);

    const withoutCode = await call('POST', '/api/v1/auth/sign_in', { body: { email: person.email, password: person.password } });
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json()).toMatchObject({ twoFactorRequired: true });
    expect(withoutCode.cookies).toHaveLength(0);
    const wrongCode = await call('POST', '/api/v1/auth/sign_in', { body: { email: person.email, password: person.password, code: '123456' } });
    expect(wrongCode.json()).toMatchObject({ twoFactorRequired: true });
    // The code that enabled it was spent; the next one (30 s on, within the tolerance) opens.
    const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const signedIn = await call('POST', '/api/v1/auth/sign_in', { body: { email: person.email, password: person.password, code: next } });
    expect(signedIn.statusCode).toBe(200);
    const replayed = await call('POST', '/api/v1/auth/sign_in', { body: { email: person.email, password: person.password, code: next } });
    expect(replayed.statusCode).toBe(401);
  });

  it('turns off with a valid code, after which the password alone signs in', async () => {
    const { person, token } = await signUp();
    const { secret } = (await call('POST', '/api/v1/auth/two_factor/setup', { token })).json();
    await call('POST', '/api/v1/auth/two_factor/enable', { token, body: { code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30 }) } });
    expect((await call('DELETE', '/api/v1/auth/two_factor', { token, body: { code: '999999' } })).statusCode).toBe(422);
    expect((await call('DELETE', '/api/v1/auth/two_factor', { token, body: { code: await generate({ secret }) } })).statusCode).toBe(204);
    const signIn = await call('POST', '/api/v1/auth/sign_in', { body: { email: person.email, password: person.password } });
    expect(signIn.statusCode).toBe(200);
    const types = (await core.store.readStream(database.db, userStream(signIn.json().id))).map((e) => e.type);
    expect(types).toEqual(['UserRegistered', 'OnboardingStageSet', 'TwoFactorEnabled', 'TwoFactorDisabled']);
  });
});

describe('password recovery', () => {
  const mails = async () => (await call('GET', '/api/v1/dev/mail')).json().data as { to: string; text: string }[];
  const linkIn = (text: string) => {
    const match = new RegExp(`${TEST_PUBLIC_URL}/app/password/recovery/(\\d+)/([\\w-]+)`).exec(text);
    if (!match) throw new Error(`no recovery link in: ${text}`);
    return { id: match[1]!, code: match[2]! };
  };

  it('mails a single-use link that sets a new password and ends every other session', async () => {
    const { person, token } = await signUp();
    expect((await call('POST', '/api/v1/auth/password/new', { body: { email: person.email } })).statusCode).toBe(202);
    const mail = (await mails()).find((m) => m.to === person.email)!;
    const { id, code } = linkIn(mail.text);

    const weak = await call('POST', `/api/v1/auth/password/recovery/${id}/${code}`, { body: { password: 'short' } });
    expect(weak.statusCode).toBe(422);
    const used = await call('POST', `/api/v1/auth/password/recovery/${id}/${code}`, { body: { password: 'a brand new secret' } });
    expect(used.statusCode).toBe(204);

    expect((await call('GET', '/api/v1/current_user/info', { token })).statusCode).toBe(401);
    expect((await call('POST', '/api/v1/auth/sign_in', { body: { email: person.email, password: person.password } })).statusCode).toBe(401);
    expect((await call('POST', '/api/v1/auth/sign_in', { body: { email: person.email, password: 'a brand new secret' } })).statusCode).toBe(200);

    const again = await call('POST', `/api/v1/auth/password/recovery/${id}/${code}`, { body: { password: 'another new secret' } });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: ['This link has expired or was already used. Ask for a new one.'] });
  });

  it('answers 202 for an unknown email too, and sends nothing', async () => {
    const before = (await mails()).length;
    expect((await call('POST', '/api/v1/auth/password/new', { body: { email: 'nobody-here@example.com' } })).statusCode).toBe(202);
    expect((await mails()).length).toBe(before);
  });

  it('refuses an expired link and a forged code', async () => {
    const { person } = await signUp();
    await call('POST', '/api/v1/auth/password/new', { body: { email: person.email } });
    const { id, code } = linkIn((await mails()).find((m) => m.to === person.email)!.text);
    const forged = await call('POST', `/api/v1/auth/password/recovery/${id}/${code.slice(0, -2)}xx`, { body: { password: 'a brand new secret' } });
    expect(forged.statusCode).toBe(422);
    await sql`update password_recoveries set expires_at = now() - interval '1 minute' where id = ${Number(id)}`.execute(database.db);
    const expired = await call('POST', `/api/v1/auth/password/recovery/${id}/${code}`, { body: { password: 'a brand new secret' } });
    expect(expired.statusCode).toBe(422);
    const both = await call('POST', `/api/v1/auth/password/recovery/${id}/${code}`, { body: { password: 'short' } });
    expect(both.json()).toEqual({ errors: ['This link has expired or was already used. Ask for a new one.', 'Password must be at least 8 characters'] });
  });
});

describe('read-only users', () => {
  it('may read but every write answers 403, and they can still sign out', async () => {
    const { id, token } = await signUp();
    await core.commands.run(userDecider, userStream(id), { type: 'setReadOnly', userId: id, readOnly: true, by: { kind: 'system' } }, metadata({ actorRole: 'admin' }));
    const info = await call('GET', '/api/v1/current_user/info', { token });
    expect(info.json().isReadOnly).toBe(true);
    const write = await call('POST', '/api/v1/auth/two_factor/setup', { token });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({ detail: 'Your account is read-only: you can look, but not change anything.' });
    expect((await call('POST', '/api/v1/auth/sign_out', { token })).statusCode).toBe(204);
  });
});

describe('the current user of the demo', () => {
  it('has every field of the spec, with beats, account, modules and real Stream tokens', async () => {
    await seedDemo(core);
    expect(await seedDemo(core)).toEqual([]);
    const signIn = async (email: string) => sessionCookie(await call('POST', '/api/v1/auth/sign_in', { body: { email, password: DEMO_PASSWORD } }));

    const journalist = (await call('GET', '/api/v1/current_user/info', { token: await signIn('journalist@pressroom.local') })).json();
    expect(currentUser.strict().parse(journalist)).toEqual(journalist);
    expect(journalist).toMatchObject({
      roles: ['journo'],
      timezone: 'Australia/Sydney',
      contactId: journalist.id,
      account: null,
      modules: [],
      onboarding: false,
      isReadOnly: false,
      systemCompany: false,
      beats: [
        { id: 62, name: 'politics', color: 'green' },
        { id: 356, name: 'business', color: 'blue' },
      ],
    });
    const userToken = jwt.verify(journalist.getstream.userToken, 'test-secret') as { user_id: string };
    expect(userToken.user_id).toBe(String(journalist.id));
    expect(journalist.getstream.beats.map((b: { name: string; feed: string; feedId: string }) => [b.name, b.feed, b.feedId])).toEqual([
      ['politics', 'beat', '62'],
      ['business', 'beat', '356'],
    ]);
    const beatToken = jwt.verify(journalist.getstream.beats[0].token, 'test-secret') as { feed_id: string; action: string };
    expect(beatToken).toMatchObject({ feed_id: 'beat62', action: 'read' });

    const pr = (await call('GET', '/api/v1/current_user/info', { token: await signIn('pr@pressroom.local') })).json();
    expect(pr).toMatchObject({ roles: ['pr', 'accountAdmin'], account: { name: 'Harbour PR', company: 'Harbour PR Pty Ltd' }, systemCompany: false });
    expect(pr.modules).toContain('ROLE_MODULE_ONLINE_NEWSROOM');
    const admin = (await call('GET', '/api/v1/current_user/info', { token: await signIn('admin@pressroom.local') })).json();
    expect(admin).toMatchObject({ roles: ['admin'], systemCompany: true, account: { name: 'Pressroom' } });
    expect(admin.modules).toHaveLength(8);
  });
});

describe('changing one’s password', () => {
  it('asks for the current password, keeps this session and ends the others, and signs in with the new one only', async () => {
    const { person, id, token } = await signUp();
    const other = sessionCookie(await call('POST', '/api/v1/auth/sign_in', { body: { email: person.email, password: person.password } }));
    const change = (body: object) => call('PATCH', '/api/v1/auth/password', { token, body });

    const wrong = await change({ currentPassword: 'not it at all', password: 'a brand new secret' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ errors: ['Current password is not correct'] });
    const wrongAndWeak = await change({ currentPassword: 'not it at all', password: 'short' });
    expect(wrongAndWeak.json()).toEqual({ errors: ['Current password is not correct', 'Password must be at least 8 characters'] });
    const weak = await change({ currentPassword: person.password, password: 'short' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.join(' ')).toMatch(/at least 8/);

    expect((await change({ currentPassword: person.password, password: 'a brand new secret' })).statusCode).toBe(204);
    expect((await call('GET', '/api/v1/current_user/info', { token })).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/current_user/info', { token: other })).statusCode).toBe(401);
    expect((await call('POST', '/api/v1/auth/sign_in', { body: { email: person.email, password: person.password } })).statusCode).toBe(401);
    expect((await call('POST', '/api/v1/auth/sign_in', { body: { email: person.email, password: 'a brand new secret' } })).statusCode).toBe(200);
    const events = await core.store.readStream(database.db, userStream(id));
    expect(events.at(-1)).toMatchObject({ type: 'PasswordChanged', data: { userId: id, via: 'settings' } });
    expect(JSON.stringify(events)).not.toContain('a brand new secret');
  });

  it('is refused to a guest', async () => {
    expect((await call('PATCH', '/api/v1/auth/password', { body: { currentPassword: 'x', password: 'a brand new secret' } })).statusCode).toBe(401);
  });
});
