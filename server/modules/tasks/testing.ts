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
