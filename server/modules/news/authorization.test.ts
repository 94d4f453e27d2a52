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

type Method = 'GET' | 'POST' | 'DELETE';
const as = (who: Caller | null, method: Method, url: string, payload?: object) =>
  demo.app.inject({ method, url, headers: { 'x-requested-with': 'XMLHttpRequest' }, cookies: who ? { [SESSION_COOKIE]: who.token } : {}, ...(payload ? { payload } : {}) });

type Fixture = { feed: number; article: number };
let serial = 0;

/** A fresh feed and article for each cell, so a removal in one cell leaves the next intact. */
async function fixture(): Promise<Fixture> {
  serial += 1;
  const feed = await demo.admin.call('POST', '/api/v1/news/feeds', { name: `Matrix ${serial}`, outlet: 'Matrix', url: `https://matrix.example/${serial}.xml` });
  const article = await demo.admin.call('POST', '/api/v1/news/articles', { kind: 'epitome', title: 'Matrix', summary: 'Matrix' });
  return { feed: feed.json().id, article: article.json().id };
}

/** Every news endpoint; `admin` ones are the platform admins' only, the others every signed-in person's. */
const ENDPOINTS: { method: Method; url: (f: Fixture) => string; body?: () => object; ok: number; admin: boolean }[] = [
  { method: 'GET', url: () => '/api/v1/news/feeds', ok: 200, admin: true },
  { method: 'POST', url: () => '/api/v1/news/feeds', body: () => ({ name: 'New', outlet: 'New', url: `https://new.example/${++serial}.xml` }), ok: 201, admin: true },
  { method: 'DELETE', url: (f) => `/api/v1/news/feeds/${f.feed}`, ok: 204, admin: true },
  { method: 'POST', url: (f) => `/api/v1/news/feeds/${f.feed}/fetch`, ok: 200, admin: true },
  { method: 'POST', url: () => '/api/v1/news/articles', body: () => ({ kind: 'media', title: 'New', summary: 'New' }), ok: 201, admin: true },
  { method: 'GET', url: (f) => `/api/v1/news/articles/${f.article}`, ok: 200, admin: false },
  { method: 'GET', url: () => '/api/v1/news/insider', ok: 200, admin: false },
  { method: 'GET', url: () => '/api/v1/news/wire', ok: 200, admin: false },
  { method: 'GET', url: () => '/api/v1/news/wire/facets', ok: 200, admin: false },
  { method: 'GET', url: () => '/api/v1/news/commentary', ok: 200, admin: false },
];

const callers = {} as Record<MatrixRole, Caller | null>;

beforeAll(async () => {
  Object.assign(callers, await matrixCallers(demo, 'ROLE_MODULE_MONITOR', 'ROLE_MODULE_CONTACTS'));
});

function expected(role: MatrixRole, endpoint: (typeof ENDPOINTS)[number]): number {
  if (role === 'anonymous') return 401;
  if (role === 'admin') return endpoint.ok;
  return endpoint.admin ? 403 : endpoint.ok;
}

describe('who may use which news endpoint', () => {
  it.each(MATRIX_ROLES)('%s', async (role) => {
    const seen: string[] = [];
    const wanted: string[] = [];
    const caller = callers[role];
    for (const endpoint of ENDPOINTS) {
      const f = await fixture();
      const answer = await as(caller, endpoint.method, endpoint.url(f), endpoint.body?.());
      const line = `${endpoint.method} ${endpoint.url(f).replace(/\/\d+/g, '/:id')}`;
      seen.push(`${line} ${answer.statusCode}`);
      wanted.push(`${line} ${expected(role, endpoint)}`);
      if (answer.statusCode >= 400) expectReasoned(answer, line);
    }
    expect(seen).toEqual(wanted);
  });

  it('covers every news route the app has', async () => {
    const routes: string[] = [];
    const app = await buildTestApp(t.core, {
      onRoute: (route) => {
        if (/^\/api\/v1\/news\b/.test(route.url)) for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url.replace(/:\w+/g, ':id')}`);
      },
    });
    await app.close();
    const sample = { feed: 1, article: 2 };
    expect(ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.url(sample).replace(/\/\d+/g, '/:id')}`).sort()).toEqual(routes.sort());
  });
});
