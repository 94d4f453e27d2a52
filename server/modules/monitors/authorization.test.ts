import { beforeAll, describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { useTestCore } from '../../testing/core.ts';
import { buildTestApp } from '../../testing/app.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';
import { expectReasoned, MATRIX_ROLES, matrixCallers, type MatrixRole } from '../../testing/accounts.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const as = (who: Caller | null, method: Method, url: string, payload?: object) =>
  demo.app.inject({ method, url, headers: { 'x-requested-with': 'XMLHttpRequest' }, cookies: who ? { [SESSION_COOKIE]: who.token } : {}, ...(payload ? { payload } : {}) });

/** A fresh monitor of account A (Harbour PR, which holds monitoring and reports) for each cell. */
const fixture = async () => (await demo.pr.call('POST', '/api/v1/monitors', { name: 'Matrix', query: 'harbour' })).json().id as number;

/** Every monitors endpoint: how it is called on account A's monitor, and what A's own PR person gets. */
const ENDPOINTS: { method: Method; url: (id: number) => string; body?: object; ok: number; collection?: true; report?: true }[] = [
  { method: 'GET', url: () => '/api/v1/monitors', ok: 200, collection: true },
  { method: 'POST', url: () => '/api/v1/monitors', body: { name: 'New', query: 'tide' }, ok: 201, collection: true },
  { method: 'GET', url: (id) => `/api/v1/monitors/${id}`, ok: 200 },
  { method: 'PATCH', url: (id) => `/api/v1/monitors/${id}`, body: { name: 'Renamed' }, ok: 200 },
  { method: 'DELETE', url: (id) => `/api/v1/monitors/${id}`, ok: 204 },
  { method: 'GET', url: (id) => `/api/v1/monitors/${id}/mentions`, ok: 200 },
  { method: 'GET', url: (id) => `/api/v1/monitors/${id}/counts`, ok: 200 },
  { method: 'GET', url: (id) => `/api/v1/monitors/${id}/report`, ok: 200, report: true },
];

const callers = {} as Record<MatrixRole, Caller | null>;

beforeAll(async () => {
  Object.assign(callers, await matrixCallers(demo, 'ROLE_MODULE_MONITOR', 'ROLE_MODULE_CONTACTS'));
});

/** What each role gets from an endpoint called on account A's monitor. */
function expected(role: MatrixRole, endpoint: (typeof ENDPOINTS)[number]): number {
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
    // Account B holds monitoring without reports; the platform admin's account is the product's own.
    case 'prOfB':
      return endpoint.report ? 403 : endpoint.collection ? endpoint.ok : 404;
    case 'admin':
      return endpoint.collection ? endpoint.ok : 404;
  }
}

describe('who may use which monitors endpoint', () => {
  it.each(MATRIX_ROLES)('%s', async (role) => {
    const seen: string[] = [];
    const wanted: string[] = [];
    const caller = callers[role];
    for (const endpoint of ENDPOINTS) {
      const id = await fixture();
      const answer = await as(caller, endpoint.method, endpoint.url(id), endpoint.body);
      const line = `${endpoint.method} ${endpoint.url(id).replace(/\/\d+/g, '/:id')}`;
      seen.push(`${line} ${answer.statusCode}`);
      wanted.push(`${line} ${expected(role, endpoint)}`);
      if (answer.statusCode >= 400) expectReasoned(answer, line);
    }
    expect(seen).toEqual(wanted);
  });

  it('covers every monitors route the app has', async () => {
    const routes: string[] = [];
    const app = await buildTestApp(t.core, {
      onRoute: (route) => {
        if (/^\/api\/v1\/monitors\b/.test(route.url)) for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url.replace(/:\w+/g, ':id')}`);
      },
    });
    await app.close();
    expect(ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.url(1).replace(/\/\d+/g, '/:id')}`).sort()).toEqual(routes.sort());
  });
});
