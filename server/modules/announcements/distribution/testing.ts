import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
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
