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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const as = (who: Caller | null, method: Method, url: string, payload?: object | string) =>
  demo.app.inject({
    method,
    url,
    headers: { 'x-requested-with': 'XMLHttpRequest', ...(typeof payload === 'string' ? { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } : {}) },
    cookies: who ? { [SESSION_COOKIE]: who.token } : {},
    ...(payload ? { payload } : {}),
  });

const BOUNDARY = 'matrix-boundary';
const importForm = [
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="consent"\r\n\r\ntrue\r\n`,
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n{"name":"name"}\r\n`,
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\nname\nImported\r\n--${BOUNDARY}--\r\n`,
].join('');

type Fixture = { contact: number; other: number; note: number; list: number; living: number };

/** Fresh things of account A (Harbour PR) for each cell, so a delete in one cell leaves the next intact. */
async function fixture(): Promise<Fixture> {
  const pat = demo.pr;
  const contact = (await pat.call('POST', '/api/v1/contacts', { name: 'Matrix Contact', emails: ['m@matrix.example'] })).json().id;
  const other = (await pat.call('POST', '/api/v1/contacts', { name: 'Matrix Other', emails: ['m@matrix.example'] })).json().id;
  const note = (await pat.call('POST', `/api/v1/contacts/${contact}/notes`, { text: 'A note' })).json().id;
  const list = (await pat.call('POST', '/api/v1/contact-lists', { name: 'Matrix' })).json().id;
  await pat.call('POST', `/api/v1/contact-lists/${list}/contacts`, { contactIds: [contact, other] });
  await pat.call('POST', `/api/v1/contacts/${contact}/do-not-contact`);
  const living = (await pat.call('POST', '/api/v1/contact-lists', { name: 'Matrix living', filter: { tag: 'matrix' } })).json().id;
  return { contact, other, note, list, living };
}

/** Every contacts endpoint: how it is called on account A's things, and what A's own PR person gets. */
const ENDPOINTS: { method: Method; url: (f: Fixture) => string; body?: (f: Fixture) => object | string; ok: number; collection?: true }[] = [
  { method: 'GET', url: () => '/api/v1/contacts', ok: 200, collection: true },
  { method: 'POST', url: () => '/api/v1/contacts', body: () => ({ name: 'New' }), ok: 201, collection: true },
  { method: 'GET', url: () => '/api/v1/contacts/duplicates', ok: 200, collection: true },
  { method: 'POST', url: () => '/api/v1/contacts/tags', body: (f) => ({ contactIds: [f.contact], tag: 'matrix' }), ok: 200 },
  { method: 'GET', url: () => '/api/v1/contacts/recommendations', ok: 200, collection: true },
  { method: 'POST', url: () => `/api/v1/contacts/recommendations/${demo.journalist.id}/dismiss`, ok: 204, collection: true },
  { method: 'POST', url: () => '/api/v1/contacts/import', body: () => importForm, ok: 200, collection: true },
  { method: 'GET', url: () => '/api/v1/contacts/export', ok: 200, collection: true },
  { method: 'GET', url: () => '/api/v1/contacts/posts?kind=callout', ok: 200, collection: true },
  { method: 'GET', url: (f) => `/api/v1/contacts/${f.contact}`, ok: 200 },
  { method: 'GET', url: (f) => `/api/v1/contacts/${f.contact}/timeline`, ok: 200 },
  { method: 'PATCH', url: (f) => `/api/v1/contacts/${f.contact}`, body: () => ({ name: 'Renamed' }), ok: 200 },
  { method: 'DELETE', url: (f) => `/api/v1/contacts/${f.contact}`, ok: 204 },
  { method: 'POST', url: (f) => `/api/v1/contacts/${f.contact}/notes`, body: () => ({ text: 'More' }), ok: 201 },
  { method: 'PATCH', url: (f) => `/api/v1/contacts/${f.contact}/notes/${f.note}`, body: () => ({ text: 'Changed' }), ok: 200 },
  { method: 'POST', url: (f) => `/api/v1/contacts/${f.contact}/do-not-contact`, ok: 200 },
  { method: 'DELETE', url: (f) => `/api/v1/contacts/${f.contact}/do-not-contact`, ok: 200 },
  { method: 'POST', url: (f) => `/api/v1/contacts/${f.contact}/merge`, body: (f) => ({ otherId: f.other }), ok: 200 },
  { method: 'POST', url: (f) => `/api/v1/contacts/${f.contact}/not-duplicate`, body: (f) => ({ otherId: f.other }), ok: 204 },
  { method: 'GET', url: () => '/api/v1/contact-lists', ok: 200, collection: true },
  { method: 'POST', url: () => '/api/v1/contact-lists', body: () => ({ name: 'Another' }), ok: 201, collection: true },
  { method: 'GET', url: (f) => `/api/v1/contact-lists/${f.list}`, ok: 200 },
  { method: 'PATCH', url: (f) => `/api/v1/contact-lists/${f.list}`, body: () => ({ name: 'Renamed' }), ok: 200 },
  { method: 'DELETE', url: (f) => `/api/v1/contact-lists/${f.list}`, ok: 204 },
  { method: 'GET', url: (f) => `/api/v1/contact-lists/${f.living}/filter`, ok: 200 },
  { method: 'PUT', url: (f) => `/api/v1/contact-lists/${f.living}/filter`, body: () => ({ filter: { tag: 'other', hasEmail: true } }), ok: 200 },
  { method: 'POST', url: (f) => `/api/v1/contact-lists/${f.list}/contacts`, body: (f) => ({ contactIds: [f.contact] }), ok: 200 },
  { method: 'DELETE', url: (f) => `/api/v1/contact-lists/${f.list}/contacts`, body: (f) => ({ contactIds: [f.contact] }), ok: 200 },
  { method: 'PUT', url: (f) => `/api/v1/contact-lists/${f.list}/contacts`, body: (f) => ({ contactIds: [f.other, f.contact] }), ok: 200 },
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
    // Other accounts (the platform admin's is the product's own) work on their own contacts only.
    case 'prOfB':
    case 'admin':
      return endpoint.collection ? endpoint.ok : 404;
  }
}

describe('who may use which contacts endpoint', () => {
  it.each(MATRIX_ROLES)('%s', async (role) => {
    const seen: string[] = [];
    const wanted: string[] = [];
    for (const endpoint of ENDPOINTS) {
      const f = await fixture();
      const answer = await as(callers[role], endpoint.method, endpoint.url(f), endpoint.body?.(f));
      const line = `${endpoint.method} ${endpoint.url(f).replace(/\/\d+/g, '/:id')}`;
      seen.push(`${line} ${answer.statusCode}`);
      wanted.push(`${line} ${expected(role, endpoint)}`);
      if (answer.statusCode >= 400) {
        expectReasoned(answer, line);
      }
      if (line === 'POST /api/v1/contacts/import' && answer.statusCode === 200) expect(answer.json().imported, role).toBe(1);
    }
    expect(seen).toEqual(wanted);
  });

  it('covers every contacts route the app has', async () => {
    const routes: string[] = [];
    const app = await buildTestApp(t.core, {
      onRoute: (route) => {
        if (/^\/api\/v1\/contact(s|-lists)\b/.test(route.url)) for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url.replace(/:\w+/g, ':id')}`);
      },
    });
    await app.close();
    const sample = { contact: 1, other: 2, note: 3, list: 4, living: 5 };
    expect(ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.url(sample).replace(/\?.*$/, '').replace(/\/\d+/g, '/:id')}`).sort()).toEqual(routes.sort());
  });
});
