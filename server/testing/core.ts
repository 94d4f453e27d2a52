import { afterAll, beforeAll } from 'vitest';
import { openCore, startProcessing, type Core, type Model } from '../core.ts';
import type { AnyEvent } from '../events/types.ts';
import { createLog } from '../log.ts';
import type { RunnerOptions } from '../projections/runner.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export const silentLog = createLog(process.env.TEST_LOG_LEVEL ?? 'silent');

/** A core on the test file's database; processors run unless `process: false`. */
export async function openTestCore<E extends AnyEvent>(
  database: TestDatabase,
  model: Model<E>,
  options: { process?: boolean; redisUrl?: string | null; runner?: RunnerOptions } = {},
): Promise<Core<E>> {
  const core = await openCore({ database, redisUrl: options.redisUrl ?? null, model, log: silentLog, runner: { pollMs: 250, ...options.runner } });
  if (options.process !== false) await startProcessing(core);
  return core;
}

export { metadata } from './metadata.ts';

/**
 * A fresh database and a core on it for the whole test file, closed and dropped after it.
 * `setup` runs on the database before the core opens (fixture tables, say).
 */
export function useTestCore<E extends AnyEvent>(
  model: Model<E>,
  options: { process?: boolean; redisUrl?: string | null; setup?: (database: TestDatabase) => Promise<void> } = {},
): { database: TestDatabase; core: Core<E> } {
  const context = {} as { database: TestDatabase; core: Core<E> };
  beforeAll(async () => {
    context.database = await createTestDatabase();
    await options.setup?.(context.database);
    context.core = await openTestCore(context.database, model, options);
  });
  afterAll(async () => {
    await context.core?.close();
    await context.database?.drop();
  });
  return context;
}
