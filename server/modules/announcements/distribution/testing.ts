import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../../db/schema.ts';
import { SESSION_COOKIE } from '../../auth/sessions.ts';
import type { Caller } from '../../../testing/people.ts';

/** A hand-made contact list of the caller's account with a contact for each address; its id and the contacts' ids. */
export async function listOf(who: Caller, name: string, emails: string[]): Promise<{ id: number; contacts: number[] }> {
  const list = await who.call('POST', '/api/v1/contact-lists', { name });
  expect(list.statusCode, list.body).toBe(201);
  const contacts: number[] = [];
  for (const [index, email] of emails.entries()) {
    const made = await who.call('POST', '/api/v1/contacts', { name: `Reporter ${index + 1}`, emails: [email] });
    expect([200, 201], made.body).toContain(made.statusCode);
    contacts.push(made.json().id);
  }
  for (let start = 0; start < contacts.length; start += 1000) {
    const added = await who.call('POST', `/api/v1/contact-lists/${list.json().id}/contacts`, { contactIds: contacts.slice(start, start + 1000) });
    expect(added.statusCode, added.body).toBe(200);
  }
  return { id: list.json().id, contacts };
}

/** A PUT as the person (the callers of the tests speak the other methods). */
export function put(app: FastifyInstance, who: Caller, url: string, payload: object) {
  return app.inject({ method: 'PUT', url, headers: { 'x-requested-with': 'XMLHttpRequest' }, cookies: { [SESSION_COOKIE]: who.token }, payload });
}

/** A contact list of `count` reporters (reporter-{n}@{domain}), imported from a CSV as a person would; its id. */
export async function bigListOf(app: FastifyInstance, db: Kysely<Database>, who: Caller, name: string, count: number, domain: string): Promise<number> {
  const csv = ['name,email', ...Array.from({ length: count }, (_, i) => `Reporter ${i + 1},reporter-${i + 1}@${domain}`)].join('\n');
  const boundary = `----distribution-${Math.random().toString(16).slice(2)}`;
  const field = (key: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`;
  const payload = `${field('consent', 'true')}${field('mapping', JSON.stringify({ name: 'name', email: 'emails' }))}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="reporters.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  const imported = await app.inject({
    method: 'POST',
    url: '/api/v1/contacts/import',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': `multipart/form-data; boundary=${boundary}` },
    cookies: { [SESSION_COOKIE]: who.token },
    payload,
  });
  expect(imported.statusCode, imported.body).toBe(200);
  const list = await who.call('POST', '/api/v1/contact-lists', { name });
  expect(list.statusCode, list.body).toBe(201);
  const { rows } = await sql<{ id: number }>`select id from contacts where emails[1] like ${`%@${domain}`} order by id`.execute(db);
  expect(rows).toHaveLength(count);
  for (let start = 0; start < rows.length; start += 1000) {
    const added = await who.call('POST', `/api/v1/contact-lists/${list.json().id}/contacts`, { contactIds: rows.slice(start, start + 1000).map((r) => Number(r.id)) });
    expect(added.statusCode, added.body).toBe(200);
  }
  return list.json().id;
}
