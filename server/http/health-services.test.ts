import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { openTestCore } from '../testing/core.ts';
import { tallyModel } from '../testing/fixtures/tally.ts';

const xhr = { 'x-requested-with': 'XMLHttpRequest' };
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

async function healthWith(redisUrl: string | null) {
  const core = await openTestCore(database, tallyModel([]), { process: false, redisUrl });
  const app = await buildTestApp(core);
  try {
    if (core.redis) await new Promise((resolve) => setTimeout(resolve, 300));
    const response = await app.inject({ method: 'GET', url: '/api/v1/health', headers: xhr });
    return { status: response.statusCode, body: response.json() };
  } finally {
    await app.close();
    await core.close();
  }
}

describe('health of the services around the app', () => {
  it.runIf(Boolean(process.env.REDIS_URL))('reports the real Redis as ok', async () => {
    const { status, body } = await healthWith(process.env.REDIS_URL!);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', redis: { status: 'ok' } });
  });

  it('keeps serving while Redis is down, and says so', async () => {
    const { status, body } = await healthWith('redis://127.0.0.1:1');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'degraded', database: { status: 'ok' }, redis: { status: 'down' } });
  });

  it('answers 503 when the database is gone', async () => {
    const doomed = await createTestDatabase();
    const core = await openTestCore(doomed, tallyModel([]), { process: false });
    const app = await buildTestApp(core);
    await doomed.drop();
    const response = await app.inject({ method: 'GET', url: '/api/v1/health', headers: xhr });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'down', database: { status: 'down' } });
    await app.close();
  });
});
