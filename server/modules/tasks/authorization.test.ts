import { beforeAll, describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { useTestCore } from '../../testing/core.ts';
import { buildTestApp } from '../../testing/app.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';
import { expectReasoned, MATRIX_ROLES, matrixCallers, type MatrixRole } from '../../testing/accounts.ts';
import { inDays } from './testing.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const as = (who: Caller | null, method: Method, url: string, payload?: object) =>
  demo.app.inject({ method, url, headers: { 'x-requested-with': 'XMLHttpRequest' }, cookies: who ? { [SESSION_COOKIE]: who.token } : {}, ...(payload ? { payload } : {}) });

type Fixture = { task: number; done: number };

/** Fresh tasks of account A (Harbour PR) for each cell, so a delete in one cell leaves the next intact. */
async function fixture(): Promise<Fixture> {
  const pat = demo.pr;
  const give = async (title: string) => (await pat.call('POST', '/api/v1/tasks', { title, assigneeId: pat.id, dueAt: inDays(1) })).json().id as number;
  const task = await give('Matrix task');
  const done = await give('Matrix done');
  await pat.call('POST', `/api/v1/tasks/${done}/done`);
  return { task, done };
}

/** Every tasks endpoint: how it is called on account A's things, and what A's own PR person gets. */
const ENDPOINTS: { method: Method; url: (f: Fixture) => string; body?: (self: number) => object; ok: number; collection?: true }[] = [
  { method: 'GET', url: () => '/api/v1/tasks', ok: 200, collection: true },
  { method: 'GET', url: () => '/api/v1/tasks/assignees', ok: 200, collection: true },
  { method: 'POST', url: () => '/api/v1/tasks', body: (self) => ({ title: 'New', assigneeId: self, dueAt: inDays(1) }), ok: 201, collection: true },
  { method: 'GET', url: (f) => `/api/v1/tasks/${f.task}`, ok: 200 },
  { method: 'PATCH', url: (f) => `/api/v1/tasks/${f.task}`, body: () => ({ title: 'Renamed' }), ok: 200 },
  { method: 'DELETE', url: (f) => `/api/v1/tasks/${f.task}`, ok: 204 },
  { method: 'POST', url: (f) => `/api/v1/tasks/${f.task}/done`, ok: 200 },
  { method: 'DELETE', url: (f) => `/api/v1/tasks/${f.done}/done`, ok: 200 },
];

type Role = MatrixRole;
const callers = {} as Record<Role, Caller | null>;

beforeAll(async () => {
  Object.assign(callers, await matrixCallers(demo, 'ROLE_MODULE_CONTACTS', 'ROLE_MODULE_ONLINE_NEWSROOM'));
});

/** What each role gets from an endpoint called on account A's things. */
function expected(role: Role, endpoint: (typeof ENDPOINTS)[number]): number {
  switch (role) {
    case 'anonymous':
      return 401;
    case 'journalist':
    case 'prWithoutModule':
      return 403;
    case 'prOfA':
      return endpoint.ok;
    case 'readOnlyOfA':
      return endpoint.method === 'GET' ? endpoint.ok : 403;
    // Other accounts (the platform admin's is the product's own) work on their own tasks only.
    case 'prOfB':
    case 'admin':
      return endpoint.collection ? endpoint.ok : 404;
  }
}

describe('who may use which tasks endpoint', () => {
  it.each(MATRIX_ROLES)('%s', async (role) => {
    const seen: string[] = [];
    const wanted: string[] = [];
    const caller = callers[role];
    for (const endpoint of ENDPOINTS) {
      const f = await fixture();
      const answer = await as(caller, endpoint.method, endpoint.url(f), endpoint.body?.(caller?.id ?? 1));
      const line = `${endpoint.method} ${endpoint.url(f).replace(/\/\d+/g, '/:id')}`;
      seen.push(`${line} ${answer.statusCode}`);
      wanted.push(`${line} ${expected(role, endpoint)}`);
      if (answer.statusCode >= 400) {
        expectReasoned(answer, line);
      }
    }
    expect(seen).toEqual(wanted);
  });

  it('covers every tasks route the app has', async () => {
    const routes: string[] = [];
    const app = await buildTestApp(t.core, {
      onRoute: (route) => {
        if (/^\/api\/v1\/tasks\b/.test(route.url)) for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url.replace(/:\w+/g, ':id')}`);
      },
    });
    await app.close();
    const sample = { task: 1, done: 2 };
    expect(ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.url(sample).replace(/\/\d+/g, '/:id')}`).sort()).toEqual(routes.sort());
  });
});
