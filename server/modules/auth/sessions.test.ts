import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { seedDemo } from '../../seed/demo.ts';
import { buildTestApp } from '../../testing/app.ts';
import { useTestCore } from '../../testing/core.ts';
import { signInAs, type Caller } from '../../testing/people.ts';

const t = useTestCore(productModel, { process: false });
let app: FastifyInstance;

beforeAll(async () => {
  await seedDemo(t.core);
  app = await buildTestApp(t.core);
});
afterAll(() => app?.close());

const DEMO_PEOPLE = ['admin@pressroom.local', 'journalist@pressroom.local', 'pr@pressroom.local', 'expert@pressroom.local'];

describe('session lookups under concurrency', () => {
  it('tell apart everyone asking at once, each token twice, and refuse the token signed out among them', async () => {
    // Two sessions each, signed in at the same time: eight tokens of four people.
    const callers: Caller[] = await Promise.all([...DEMO_PEOPLE, ...DEMO_PEOPLE].map((email) => signInAs(app, email)));
    const gone = await signInAs(app, 'journalist@pressroom.local');
    expect((await gone.call('POST', '/api/v1/auth/sign_out')).statusCode).toBe(204);

    const askers = [...callers, gone, ...callers];
    const answers = await Promise.all(askers.map((caller) => caller.call('GET', '/api/v1/current_user/info')));
    expect(answers.map((a) => (a.statusCode === 200 ? a.json().id : a.statusCode))).toEqual(askers.map((c) => (c === gone ? 401 : c.id)));
  });
});
