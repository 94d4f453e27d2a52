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

/** The people of a module's authorization matrix. Account A is the demo PR person's. */
export type MatrixRole = 'anonymous' | 'journalist' | 'prOfA' | 'prOfB' | 'readOnlyOfA' | 'admin' | 'prWithoutModule';
export const MATRIX_ROLES: MatrixRole[] = ['anonymous', 'journalist', 'prWithoutModule', 'prOfA', 'prOfB', 'readOnlyOfA', 'admin'];

/**
 * Makes them: a PR person of another account with `module` (B), a read-only colleague of A,
 * and a PR person of an account with `otherModule` only.
 */
export async function matrixCallers(
  demo: { app: FastifyInstance; admin: Caller; journalist: Caller; pr: Caller },
  module: string,
  otherModule: string,
): Promise<Record<MatrixRole, Caller | null>> {
  const { admin } = demo;
  const accountA = (await demo.pr.call('GET', '/api/v1/current_user/info')).json().account.id as number;
  const prOfB = await newPerson(demo.app, 'Bea');
  await placeIn(admin, prOfB, await newAccount(admin, 'Account B', [module]));
  const readOnlyOfA = await newPerson(demo.app, 'Reed');
  await placeIn(admin, readOnlyOfA, accountA, { readOnly: true });
  const prWithoutModule = await newPerson(demo.app, 'Nomo');
  await placeIn(admin, prWithoutModule, await newAccount(admin, 'Without the module', [otherModule]));
  return { anonymous: null, journalist: demo.journalist, prOfA: demo.pr, prOfB, readOnlyOfA, admin, prWithoutModule };
}

/** A refusal says why: a list of lines, or one line. */
export function expectReasoned(answer: { statusCode: number; body: string; json(): unknown }, line: string): void {
  const { errors, detail } = answer.json() as { errors?: unknown; detail?: unknown };
  expect(Array.isArray(errors) ? errors.length > 0 && errors.every((error) => typeof error === 'string') : typeof detail === 'string', `${line}: ${answer.body}`).toBe(true);
}
