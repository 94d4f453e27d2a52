import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../core.ts';
import { productModel } from '../../model.ts';
import { buildTestApp } from '../../testing/app.ts';
import { openTestCore } from '../../testing/core.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';

let database: TestDatabase;
let core: Core;

beforeAll(async () => {
  database = await createTestDatabase();
  core = await openTestCore(database, productModel, { process: false });
});
afterAll(async () => {
  await core?.close();
  await database?.drop();
});

describe('GET /api/v1/dev/mail', () => {
  it('lists the outbox on development hosts and does not exist elsewhere', async () => {
    const headers = { 'x-requested-with': 'XMLHttpRequest' };
    const dev = await buildTestApp(core, { devTools: true });
    const production = await buildTestApp(core, { devTools: false });
    try {
      const listed = await dev.inject({ method: 'GET', url: '/api/v1/dev/mail', headers });
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toEqual({ data: [] });
      expect((await production.inject({ method: 'GET', url: '/api/v1/dev/mail', headers })).statusCode).toBe(404);
    } finally {
      await dev.close();
      await production.close();
    }
  });
});
