import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../modules/auth/sessions.ts';
import { DEMO_PASSWORD } from './demo.ts';

export type Caller = {
  id: number;
  token: string;
  call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object): Promise<LightMyRequestResponse>;
};

/** A demo person signed in through the API, calling it with their session cookie. */
export async function signInAs(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<Caller> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/sign_in', headers: { 'x-requested-with': 'XMLHttpRequest' }, payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`cannot sign in as ${email}: ${response.statusCode} ${response.body}`);
  const token = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!.value;
  return {
    id: response.json().id,
    token,
    call: (method, url, payload) =>
      app.inject({ method, url, headers: { 'x-requested-with': 'XMLHttpRequest' }, cookies: { [SESSION_COOKIE]: token }, ...(payload ? { payload } : {}) }),
  };
}
