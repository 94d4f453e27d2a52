import { beforeAll, describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { useTestCore } from '../../testing/core.ts';
import { buildTestApp } from '../../testing/app.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';
import { expectReasoned, MATRIX_ROLES, matrixCallers, type MatrixRole } from '../../testing/accounts.ts';
import { draft, inMinutes, newsroomOf } from './testing.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
const as = (who: Caller | null, method: Method, url: string, payload?: object) =>
  demo.app.inject({ method, url, headers: { 'x-requested-with': 'XMLHttpRequest' }, cookies: who ? { [SESSION_COOKIE]: who.token } : {}, ...(payload ? { payload } : {}) });

/** For each cell: a draft and a published announcement of account A's public newsroom (sent to one recipient), and a live preview link of the draft. */
type Fixture = { draft: number; published: number; token: string; recipient: number };
let newsroomA: number;

async function fixture(): Promise<Fixture> {
  const hidden = await draft(demo.pr, newsroomA, { headline: 'Matrix draft' });
  const shown = await draft(demo.pr, newsroomA, { headline: 'Matrix published' });
  expect((await as(demo.pr, 'PUT', `/api/v1/announcements/${shown}/audience`, { lists: [], subscribers: false, addresses: ['desk@example.com'] })).statusCode).toBe(200);
  expect((await demo.pr.call('POST', `/api/v1/announcements/${shown}/publish`)).statusCode).toBe(200);
  const token = (await demo.pr.call('POST', `/api/v1/announcements/${hidden}/preview`)).json().token as string;
  const recipient = await t.database.db.selectFrom('distribution_recipients').select('id').where('announcement_id', '=', shown).executeTakeFirstOrThrow();
  return { draft: hidden, published: shown, token, recipient: Number(recipient.id) };
}

type Role = MatrixRole;
type Endpoint = { method: Method; url: (f: Fixture) => string; body?: () => object; expect: Partial<Record<Role, number>> & { default: number } };

// What each role gets: `default` for everyone not named. Outsiders cannot tell a draft from nothing.
const OUTSIDERS_NOT_FOUND = { anonymous: 404, journalist: 404, prWithoutModule: 404, prOfB: 404 };
const WRITE_DRAFT = { default: 200, ...OUTSIDERS_NOT_FOUND, anonymous: 401, readOnlyOfA: 403 };
const WRITE_PUBLISHED = { default: 200, anonymous: 401, journalist: 403, prWithoutModule: 403, prOfB: 403, readOnlyOfA: 403 };
const ENDPOINTS: Endpoint[] = [
  { method: 'GET', url: () => '/api/v1/announcements/all', expect: { default: 200 } },
  { method: 'GET', url: () => '/api/v1/announcements/our', expect: { default: 200, anonymous: 401, journalist: 403, prWithoutModule: 403 } },
  { method: 'POST', url: () => '/api/v1/announcements', body: () => ({ newsroomId: newsroomA, headline: 'Matrix new' }), expect: { default: 403, anonymous: 401, prOfA: 201, admin: 201 } },
  { method: 'GET', url: (f) => `/api/v1/announcements/${f.draft}`, expect: { default: 200, ...OUTSIDERS_NOT_FOUND } },
  { method: 'GET', url: (f) => `/api/v1/announcements/${f.published}`, expect: { default: 200 } },
  { method: 'PATCH', url: (f) => `/api/v1/announcements/${f.draft}`, body: () => ({ subtitle: 'Changed' }), expect: WRITE_DRAFT },
  { method: 'PATCH', url: (f) => `/api/v1/announcements/${f.published}`, body: () => ({ subtitle: 'Changed' }), expect: WRITE_PUBLISHED },
  { method: 'POST', url: (f) => `/api/v1/announcements/${f.draft}/schedule`, body: () => ({ publishAt: inMinutes(60).toISOString() }), expect: WRITE_DRAFT },
  { method: 'POST', url: (f) => `/api/v1/announcements/${f.draft}/publish`, expect: WRITE_DRAFT },
  { method: 'POST', url: (f) => `/api/v1/announcements/${f.published}/unpublish`, expect: WRITE_PUBLISHED },
  { method: 'GET', url: (f) => `/api/v1/announcements/${f.draft}/hub`, expect: { default: 200, ...OUTSIDERS_NOT_FOUND, anonymous: 401 } },
  { method: 'GET', url: (f) => `/api/v1/announcements/${f.published}/hub`, expect: { default: 200, anonymous: 401, journalist: 403, prWithoutModule: 403, prOfB: 403 } },
  { method: 'GET', url: (f) => `/api/v1/announcements/${f.draft}/distribution`, expect: { default: 200, ...OUTSIDERS_NOT_FOUND, anonymous: 401 } },
  { method: 'GET', url: (f) => `/api/v1/announcements/${f.published}/distribution`, expect: { default: 200, anonymous: 401, journalist: 403, prWithoutModule: 403, prOfB: 403 } },
  // The email version: as the hub, a draft's for its newsroom's people, read-only ones too.
  { method: 'GET', url: (f) => `/api/v1/announcements/${f.draft}/email`, expect: { default: 200, ...OUTSIDERS_NOT_FOUND, anonymous: 401 } },
  { method: 'GET', url: (f) => `/api/v1/announcements/${f.published}/email`, expect: { default: 200, anonymous: 401, journalist: 403, prWithoutModule: 403, prOfB: 403 } },
  { method: 'PUT', url: (f) => `/api/v1/announcements/${f.draft}/audience`, body: () => ({ lists: [], subscribers: true, addresses: ['desk@example.com'] }), expect: WRITE_DRAFT },
  { method: 'PUT', url: (f) => `/api/v1/announcements/${f.published}/audience`, body: () => ({ lists: [], subscribers: true, addresses: [] }), expect: WRITE_PUBLISHED },
  { method: 'POST', url: (f) => `/api/v1/announcements/${f.published}/recipients/${f.recipient}/revoke`, expect: WRITE_PUBLISHED },
  { method: 'POST', url: (f) => `/api/v1/announcements/${f.draft}/preview`, expect: { default: 201, ...OUTSIDERS_NOT_FOUND, anonymous: 401, readOnlyOfA: 403 } },
  // The link is the permission: whoever holds it reads the draft.
  { method: 'GET', url: (f) => `/api/v1/announcements/${f.draft}/preview?token=${f.token}`, expect: { default: 200 } },
  { method: 'GET', url: (f) => `/app/announcements/${f.published}`, expect: { default: 200 } },
  { method: 'GET', url: (f) => `/app/announcements/${f.draft}/web`, expect: { default: 404 } },
];

const callers = {} as Record<Role, Caller | null>;

beforeAll(async () => {
  const ada = demo.admin;
  newsroomA = (await newsroomOf(ada, 'Matrix Announcements', [demo.pr])).id;
  Object.assign(callers, await matrixCallers(demo, 'ROLE_MODULE_ONLINE_NEWSROOM', 'ROLE_MODULE_CONTACTS'));
});

const shape = (url: string, f: Fixture) => url.replace(f.token, ':token').replace(`/${f.draft}`, '/:draft').replace(`/${f.published}`, '/:published').replace(`/${f.recipient}/`, '/:recipient/');

describe('who may use which announcement endpoint', () => {
  it.each(MATRIX_ROLES)('%s', async (role) => {
    const seen: string[] = [];
    const wanted: string[] = [];
    for (const endpoint of ENDPOINTS) {
      const f = await fixture();
      const url = endpoint.url(f);
      const answer = await as(callers[role], endpoint.method, url, endpoint.body?.());
      const line = `${endpoint.method} ${shape(url, f)}`;
      seen.push(`${line} ${answer.statusCode}`);
      wanted.push(`${line} ${endpoint.expect[role] ?? endpoint.expect.default}`);
      if (answer.statusCode >= 400 && url.startsWith('/api/')) {
        expectReasoned(answer, line);
      }
    }
    expect(seen).toEqual(wanted);
  });

  it('covers every announcement route the app has', async () => {
    const routes: string[] = [];
    const app = await buildTestApp(t.core, {
      onRoute: (route) => {
        if (/^\/(api\/v1\/announcements|app\/announcements\/)/.test(route.url)) {
          for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
        }
      },
    });
    await app.close();
    const sample: Fixture = { draft: 11, published: 12, token: 'token-x', recipient: 13 };
    const covered = ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.url(sample).replace(/\?.*$/, '').replace(/\/1[12]\b/, '/:id').replace('/13/', '/:recipientId/')}`);
    expect([...new Set(covered)].sort()).toEqual(routes.sort());
  });
});
