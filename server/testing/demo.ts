import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Core } from '../core.ts';
import { seedDemo } from '../seed/demo.ts';
import { buildTestApp } from './app.ts';
import { signInAs, type Caller } from './people.ts';

/**
 * The demo people, signed in to the real app on the test file's core, for the whole file.
 * The callers exist at once (destructure them at the top) and are signed in before the tests.
 */
export function useDemo(t: { core: Core }) {
  const demo = { app: undefined as unknown as FastifyInstance, admin: {} as Caller, journalist: {} as Caller, pr: {} as Caller, expert: {} as Caller };
  beforeAll(async () => {
    await seedDemo(t.core);
    demo.app = await buildTestApp(t.core);
    for (const who of ['admin', 'journalist', 'pr', 'expert'] as const) Object.assign(demo[who], await signInAs(demo.app, `${who}@pressroom.local`));
  });
  afterAll(() => demo.app?.close());
  return demo;
}
