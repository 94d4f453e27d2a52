import { beforeAll, describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { useTestCore } from '../../testing/core.ts';
import { buildTestApp } from '../../testing/app.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';
import { expectReasoned, MATRIX_ROLES, matrixCallers, newAccount, newPerson, placeIn, type MatrixRole } from '../../testing/accounts.ts';
import { companyWith, mailedCode } from './testing.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);

type Method = 'GET' | 'POST' | 'PATCH';
const as = (who: Caller | null, method: Method, url: string, payload?: object) =>
  demo.app.inject({ method, url, headers: { 'x-requested-with': 'XMLHttpRequest' }, cookies: who ? { [SESSION_COOKIE]: who.token } : {}, ...(payload ? { payload } : {}) });

type Fixture = { hidden: number; shown: number; slug: string; code: string };
let companyA: number;
let requester: Caller;
let cell = 0;

/** Fresh newsrooms of account A (Harbour PR) for each cell: a private one, a public one, and a live link asking for the private one. */
async function fixture(): Promise<Fixture> {
  cell += 1;
  const make = async (body: object) => {
    const answer = await demo.pr.call('POST', '/api/v1/newsrooms', { companyId: companyA, ...body });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json() as { id: number; slug: string };
  };
  const hidden = await make({ name: `Matrix hidden ${cell}` });
  const shown = await make({ name: `Matrix shown ${cell}`, isPublic: true });
  expect((await requester.call('POST', `/api/v1/newsrooms/${hidden.id}/access`)).statusCode).toBe(201);
  return { hidden: hidden.id, shown: shown.id, slug: shown.slug, code: await mailedCode(t.core, 'pr@pressroom.local') };
}

type Role = MatrixRole;
type Endpoint = { method: Method; url: (f: Fixture) => string; body?: () => object; expect: Partial<Record<Role, number>> & { default: number } };

// What each role gets: `default` for everyone not named.
const OUTSIDERS_NOT_FOUND = { anonymous: 404, journalist: 404, prWithoutModule: 404, prOfB: 404 };
const ENDPOINTS: Endpoint[] = [
  { method: 'GET', url: () => '/api/v1/newsrooms', expect: { default: 200 } },
  { method: 'GET', url: () => '/api/v1/newsrooms/our', expect: { default: 200, anonymous: 401, journalist: 403, prWithoutModule: 403 } },
  { method: 'GET', url: () => '/api/v1/admin/newsrooms', expect: { default: 403, anonymous: 401, admin: 200 } },
  { method: 'GET', url: () => '/api/v1/admin/newsrooms?q=matrix&visibility=hidden&offset=0&limit=5', expect: { default: 403, anonymous: 401, admin: 200 } },
  { method: 'POST', url: () => '/api/v1/newsrooms', body: () => ({ companyId: companyA, name: 'Matrix new' }), expect: { default: 403, anonymous: 401, prOfA: 201, admin: 201 } },
  // Onboarding finds the newsroom the account runs for the company (the admin's made one just above) instead of making another.
  { method: 'POST', url: () => '/api/v1/c/onboarding', body: () => ({ companyId: companyA }), expect: { default: 403, anonymous: 401, prOfA: 200, admin: 200 } },
  { method: 'GET', url: (f) => `/api/v1/newsrooms/${f.hidden}`, expect: { default: 200, ...OUTSIDERS_NOT_FOUND } },
  { method: 'GET', url: (f) => `/api/v1/newsrooms/${f.slug}`, expect: { default: 200 } },
  { method: 'PATCH', url: (f) => `/api/v1/newsrooms/${f.hidden}`, body: () => ({ about: 'Changed' }), expect: { default: 200, ...OUTSIDERS_NOT_FOUND, anonymous: 401, readOnlyOfA: 403 } },
  { method: 'PATCH', url: (f) => `/api/v1/newsrooms/${f.shown}`, body: () => ({ about: 'Changed' }), expect: { default: 200, anonymous: 401, journalist: 403, prWithoutModule: 403, prOfB: 403, readOnlyOfA: 403 } },
  // Hiding a newsroom is an edit: its own people and the platform's admins, whoever's company it is.
  { method: 'PATCH', url: (f) => `/api/v1/newsrooms/${f.shown}`, body: () => ({ isPublic: false }), expect: { default: 200, anonymous: 401, journalist: 403, prWithoutModule: 403, prOfB: 403, readOnlyOfA: 403 } },
  // Those who edit it already have nothing to ask for; outsiders with the module ask.
  { method: 'POST', url: (f) => `/api/v1/newsrooms/${f.hidden}/access`, expect: { default: 422, anonymous: 401, journalist: 403, prWithoutModule: 403, readOnlyOfA: 403, prOfB: 201 } },
  // The link is the permission: whoever holds it sees what it grants and may confirm it (a read-only person changes nothing).
  { method: 'GET', url: (f) => `/api/v1/newsrooms/confirm/${f.code}`, expect: { default: 200 } },
  { method: 'POST', url: (f) => `/api/v1/newsrooms/confirm/${f.code}`, expect: { default: 200, readOnlyOfA: 403 } },
  // Anyone may ask for a public newsroom's announcements by email (a read-only account writes nothing); a newsroom that is not public takes no subscribers.
  { method: 'POST', url: (f) => `/api/v1/newsrooms/${f.shown}/subscribers`, body: () => ({ email: 'reader@example.com' }), expect: { default: 202, readOnlyOfA: 403 } },
  { method: 'POST', url: (f) => `/api/v1/newsrooms/${f.hidden}/subscribers`, body: () => ({ email: 'reader@example.com' }), expect: { default: 404, readOnlyOfA: 403 } },
  { method: 'GET', url: (f) => `/app/newsrooms/${f.slug}`, expect: { default: 200 } },
  { method: 'GET', url: (f) => `/newsrooms/${f.slug}/rss.xml`, expect: { default: 200 } },
  { method: 'GET', url: (f) => `/newsrooms/${f.slug}/atom.xml`, expect: { default: 200 } },
];

const callers = {} as Record<Role, Caller | null>;

beforeAll(async () => {
  const ada = demo.admin;
  companyA = (await companyWith(ada, 'Matrix Company', [demo.pr])).id;
  Object.assign(callers, await matrixCallers(demo, 'ROLE_MODULE_ONLINE_NEWSROOM', 'ROLE_MODULE_CONTACTS'));
  requester = await newPerson(demo.app, 'Req');
  await placeIn(ada, requester, await newAccount(ada, 'Account C', ['ROLE_MODULE_ONLINE_NEWSROOM']));
});

describe('who may use which newsroom endpoint', () => {
  it.each(MATRIX_ROLES)('%s', async (role) => {
    const seen: string[] = [];
    const wanted: string[] = [];
    for (const endpoint of ENDPOINTS) {
      const f = await fixture();
      const url = endpoint.url(f);
      const answer = await as(callers[role], endpoint.method, url, endpoint.body?.());
      const line = `${endpoint.method} ${url.replace(f.code, ':hash').replace(f.slug, ':slug').replace(/\/\d+/g, '/:id')}`;
      seen.push(`${line} ${answer.statusCode}`);
      wanted.push(`${line} ${endpoint.expect[role] ?? endpoint.expect.default}`);
      if (answer.statusCode >= 400 && url.startsWith('/api/')) {
        expectReasoned(answer, line);
      }
    }
    expect(seen).toEqual(wanted);
  });

  it('covers every newsroom route the app has', async () => {
    const routes: string[] = [];
    const app = await buildTestApp(t.core, {
      onRoute: (route) => {
        if (/^\/(api\/v1\/(admin\/)?newsrooms|api\/v1\/c\/onboarding|newsrooms\/|app\/newsrooms\/)/.test(route.url)) {
          for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url.replace(/:(ref|slug)\b/, ':x')}`);
        }
      },
    });
    await app.close();
    const sample: Fixture = { hidden: 1, shown: 2, slug: 'slug-x', code: 'code-x' };
    const covered = ENDPOINTS.map((endpoint) => {
      const url = endpoint.url(sample).replace(/\?.*$/, '').replace('code-x', ':hash').replace('slug-x', ':x').replace(/\/\d+/g, '/:id');
      return `${endpoint.method} ${endpoint.method === 'GET' ? url.replace(/^\/api\/v1\/newsrooms\/:id$/, '/api/v1/newsrooms/:x') : url}`;
    });
    expect([...new Set(covered)].sort()).toEqual(routes.sort());
  });
});
