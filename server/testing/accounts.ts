import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { signInAs, type Caller } from './people.ts';

type Role = 'journo' | 'pr' | 'expert';

/** Someone new, signed up through the API and signed in; `domain` picks their email's (a company's people share one). */
export async function newPerson(app: FastifyInstance, name: string, role: Role = 'pr', domain = 'example.com'): Promise<Caller & { email: string }> {
  const email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@${domain}`;
  const password = 'correct horse battery';
  const answer = await app.inject({ method: 'POST', url: '/api/v1/auth/sign_up', headers: { 'x-requested-with': 'XMLHttpRequest' }, payload: { email, password, firstname: name, lastname: 'Tester', role } });
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return { ...(await signInAs(app, email, password)), email };
}

/** A new account with these modules, made by the platform admin. */
export async function newAccount(admin: Caller, name: string, modules: string[]): Promise<number> {
  const answer = await admin.call('POST', '/api/v1/admin/accounts', { name, modules });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().id;
}

/** Moves a person into an account (read-only, or with account roles, when asked), as the platform admin does. */
export async function placeIn(admin: Caller, who: Caller, accountId: number, as: { readOnly?: boolean; roles?: string[] } = {}): Promise<void> {
  const answer = await admin.call('PATCH', `/api/v1/admin/users/${who.id}`, { accountId, ...as });
  expect(answer.statusCode, answer.body).toBe(200);
}
