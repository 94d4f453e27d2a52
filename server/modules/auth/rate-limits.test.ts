import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../core.ts';
import { productModel } from '../../model.ts';
import { buildTestApp } from '../../testing/app.ts';
import { openTestCore } from '../../testing/core.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { DEFAULT_AUTH_LIMITS } from './rate-limits.ts';

let database: TestDatabase;
let core: Core;
let app: FastifyInstance;
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

beforeAll(async () => {
  database = await createTestDatabase();
  // The real limiter (Redis when configured), with budgets small enough to exhaust quickly.
  core = await openTestCore(database, productModel, { process: false, redisUrl: process.env.REDIS_URL ?? null });
  app = await buildTestApp(core, { limits: { ...DEFAULT_AUTH_LIMITS, signInPerEmail: { points: 3, seconds: 60 }, recoveryPerEmail: { points: 2, seconds: 60 } } });
  await app.ready();
  // Until Redis answers, attempts count in the limiter's stand-in in memory: a budget split
  // between the two would let a fourth attempt through (seen on a loaded machine).
  if (core.redis && core.redis.status !== 'ready') await once(core.redis, 'ready');
});
afterAll(async () => {
  await app?.close();
  await core?.close();
  await database?.drop();
});

describe('rate limits', () => {
  it('answer 429 with a detail and Retry-After once an email has used its sign-in attempts', async () => {
    const email = `limited-${Date.now()}@example.com`;
    const attempt = () => app.inject({ method: 'POST', url: '/api/v1/auth/sign_in', headers: XHR, payload: { email, password: 'wrong password' } });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limit recovery mails per email', async () => {
    const email = `recover-${Date.now()}@example.com`;
    const ask = () => app.inject({ method: 'POST', url: '/api/v1/auth/password/new', headers: XHR, payload: { email } });
    expect((await ask()).statusCode).toBe(202);
    expect((await ask()).statusCode).toBe(202);
    expect((await ask()).statusCode).toBe(429);
  });
});
