import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { signInAs, type Caller } from '../../testing/people.ts';

/** Someone new, signed up through the API and signed in. */
export async function newPerson(app: FastifyInstance, name: string, role: 'journo' | 'pr' | 'expert' = 'pr'): Promise<Caller> {
  const email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'correct horse battery';
  const answer = await app.inject({ method: 'POST', url: '/api/v1/auth/sign_up', headers: { 'x-requested-with': 'XMLHttpRequest' }, payload: { email, password, firstname: name, lastname: 'Tester', role } });
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return signInAs(app, email, password);
}

/** A new account with these modules, made by the platform admin. */
export async function newAccount(admin: Caller, name: string, modules: string[]): Promise<number> {
  const answer = await admin.call('POST', '/api/v1/admin/accounts', { name, modules });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().id;
}

/** Moves a person into an account (and makes them read-only), as the platform admin does. */
export async function placeIn(admin: Caller, who: Caller, accountId: number, readOnly = false): Promise<void> {
  const answer = await admin.call('PATCH', `/api/v1/admin/users/${who.id}`, { accountId, ...(readOnly ? { readOnly } : {}) });
  expect(answer.statusCode, answer.body).toBe(200);
}

/** The account of a signed-in person. */
export async function accountOf(who: Caller): Promise<number> {
  return (await who.call('GET', '/api/v1/current_user/info')).json().account.id;
}

/** An instant `days` from now (negative: in the past), as the client sends it. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A draft announcement of `pr`'s account: a company they answer for, its public newsroom, then the draft. */
export async function draftAnnouncement(admin: Caller, pr: Caller, headline: string): Promise<number> {
  const name = `Tasks Room ${Math.random().toString(36).slice(2, 6)}`;
  const company = await admin.call('POST', '/api/v1/companies', { name, website: `https://${name.toLowerCase().replace(/[^a-z]+/g, '')}.example` });
  expect(company.statusCode, company.body).toBe(201);
  const { slug } = (await pr.call('GET', '/api/v1/current_user/info')).json();
  const joined = await admin.call('PATCH', `/api/v1/u/${slug}/settings/company/${company.json().id}/join`);
  expect(joined.statusCode, joined.body).toBe(200);
  const newsroom = await pr.call('POST', '/api/v1/newsrooms', { companyId: company.json().id, name, isPublic: true });
  expect(newsroom.statusCode, newsroom.body).toBe(201);
  const announcement = await pr.call('POST', '/api/v1/announcements', { newsroomId: newsroom.json().id, headline, body: '<p>Soon.</p>' });
  expect(announcement.statusCode, announcement.body).toBe(201);
  return announcement.json().id;
}
