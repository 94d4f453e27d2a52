import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { DEMO_PASSWORD, seedDemo } from '../../seed/demo.ts';
import { buildTestApp } from '../../testing/app.ts';
import { useTestCore } from '../../testing/core.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';

const t = useTestCore(productModel, { process: false });
let app: FastifyInstance;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  await seedDemo(t.core);
  app = await buildTestApp(t.core);
  for (const who of ['admin', 'journalist', 'pr', 'expert']) {
    const response = await app.inject({ method: 'POST', url: '/api/v1/auth/sign_in', headers: { 'x-requested-with': 'XMLHttpRequest' }, payload: { email: `${who}@pressroom.local`, password: DEMO_PASSWORD } });
    tokens[who] = response.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    ids[who] = response.json().id;
  }
});
afterAll(() => app?.close());

const as = (who: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, headers: { 'x-requested-with': 'XMLHttpRequest' }, cookies: { [SESSION_COOKIE]: tokens[who]! }, ...(payload ? { payload } : {}) });

describe('managing people and accounts', () => {
  it('lets a platform admin create an account, set its modules and move a person into it', async () => {
    const created = await as('admin', 'POST', '/api/v1/admin/accounts', { name: 'Daily Bugle', modules: ['ROLE_MODULE_MONITOR'] });
    expect(created.statusCode).toBe(201);
    const accountId = Number(created.headers['object-id']);
    expect(created.json()).toEqual({ id: accountId, name: 'Daily Bugle', company: 'Daily Bugle', modules: ['ROLE_MODULE_MONITOR'], system: false });

    const moved = await as('admin', 'PATCH', `/api/v1/admin/users/${ids.journalist}`, { accountId });
    expect(moved.json()).toMatchObject({ accountId });
    const modules = await as('admin', 'PATCH', `/api/v1/admin/accounts/${accountId}`, { modules: ['ROLE_MODULE_MONITOR', 'ROLE_MODULE_CONTACTS'] });
    expect(modules.statusCode).toBe(200);
    const info = (await as('journalist', 'GET', '/api/v1/current_user/info')).json();
    expect(info).toMatchObject({ account: { id: accountId, name: 'Daily Bugle' }, modules: ['ROLE_MODULE_MONITOR', 'ROLE_MODULE_CONTACTS'], isManaged: true });
  });

  it('applies a new set of roles as grants and revocations, recorded in the log', async () => {
    const changed = await as('admin', 'PATCH', `/api/v1/admin/users/${ids.expert}`, { roles: ['journo', 'expert'] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().roles).toEqual(['expert', 'journo']);
    const back = await as('admin', 'PATCH', `/api/v1/admin/users/${ids.expert}`, { roles: ['journo'] });
    expect(back.json().roles).toEqual(['journo']);
    const events = await t.core.store.readStream(t.database.db, `user-${ids.expert}`);
    expect(events.filter((e) => e.type === 'RoleGranted' || e.type === 'RoleRevoked').map((e) => [e.type, (e.data as { role: string }).role, e.metadata.actorId])).toEqual([
      ['RoleGranted', 'journo', String(ids.admin)],
      ['RoleRevoked', 'expert', String(ids.admin)],
    ]);
  });

  it('refuses people who are not admins, and account admins outside their reach, changing nothing', async () => {
    expect((await as('journalist', 'POST', '/api/v1/admin/accounts', { name: 'Mine' })).statusCode).toBe(403);
    expect((await as('journalist', 'GET', '/api/v1/admin/users')).statusCode).toBe(403);
    const outside = await as('pr', 'PATCH', `/api/v1/admin/users/${ids.expert}`, { readOnly: true });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({ detail: 'Sorry, you are not permitted to do this.' });
    const grantAdmin = await as('pr', 'PATCH', `/api/v1/admin/users/${ids.pr}`, { roles: ['pr', 'accountAdmin', 'admin'] });
    expect(grantAdmin.statusCode).toBe(403);
    expect((await as('admin', 'GET', `/api/v1/admin/users?accountId=${(await as('pr', 'GET', '/api/v1/current_user/info')).json().account.id}`)).json().data.map((u: { roles: string[] }) => u.roles)).toEqual([['pr', 'accountAdmin']]);
  });

  it('makes a person read-only at once: their next write is refused', async () => {
    const made = await as('admin', 'PATCH', `/api/v1/admin/users/${ids.expert}`, { readOnly: true });
    expect(made.json().isReadOnly).toBe(true);
    expect((await as('expert', 'POST', '/api/v1/auth/two_factor/setup')).statusCode).toBe(403);
    expect((await as('expert', 'GET', '/api/v1/current_user/info')).statusCode).toBe(200);
  });

  it('answers an unknown account or person with 404 and an empty change with 400', async () => {
    expect((await as('admin', 'PATCH', `/api/v1/admin/users/${ids.expert}`, { accountId: 999999 })).statusCode).toBe(404);
    expect((await as('admin', 'PATCH', '/api/v1/admin/users/999999', { readOnly: true })).statusCode).toBe(404);
    const empty = await as('admin', 'PATCH', `/api/v1/admin/users/${ids.expert}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ errors: ['Nothing to change'] });
  });
});
