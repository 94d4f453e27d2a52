import type { Kysely, KyselyPlugin } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { productModel } from '../../model.ts';
import { seedDemo } from '../../seed/demo.ts';
import { useTestCore } from '../../testing/core.ts';
import { resolveMentions } from './mentions.ts';

const t = useTestCore(productModel, { process: false });
const ids: Record<string, number> = {};

beforeAll(async () => {
  await seedDemo(t.core);
  for (const row of await t.database.db.selectFrom('users').select(['id', 'slug']).execute()) ids[row.slug] = row.id;
});

/** The database, counting the statements sent to it. */
function counting(db: Kysely<Database>): { db: Kysely<Database>; queries: () => number } {
  let queries = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      queries++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(plugin), queries: () => queries };
}

describe('resolveMentions', () => {
  it('returns the people who exist, in the order they were mentioned, with one query', async () => {
    const { db, queries } = counting(t.database.db);
    const mentions = await resolveMentions(db, ['pat-publicist', 'nobody-here', 'ada-admin', 'jo-reporter']);
    expect(mentions).toEqual([
      { userId: ids['pat-publicist'], slug: 'pat-publicist' },
      { userId: ids['ada-admin'], slug: 'ada-admin' },
      { userId: ids['jo-reporter'], slug: 'jo-reporter' },
    ]);
    expect(queries()).toBe(1);
  });

  it('ignores unknown slugs', async () => {
    expect(await resolveMentions(t.database.db, ['ghost', 'eve-expert-2'])).toEqual([]);
  });

  it('names a person once when mentioned twice', async () => {
    expect(await resolveMentions(t.database.db, ['eve-expert', 'eve-expert'])).toEqual([{ userId: ids['eve-expert'], slug: 'eve-expert' }]);
  });

  it('asks nothing of the database when no one is mentioned', async () => {
    const { db, queries } = counting(t.database.db);
    expect(await resolveMentions(db, [])).toEqual([]);
    expect(queries()).toBe(0);
  });
});
