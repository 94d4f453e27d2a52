import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../testing/database.ts';
import { executePrepared, preparedStatement } from './connect.ts';

// PGlite has one connection and no pool wrapper: named statements are the pool's doing.
describe.runIf(usingPostgres)('a statement marked prepared', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('is prepared once under its name on the connection, written on a line of its own or not', async () => {
    const names = await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 2; i++) {
        await sql`${preparedStatement('probe_inline')} select ${i}::int as n`.execute(trx);
        await sql`
          ${preparedStatement('probe_on_its_own_line')}
          select ${i}::int as n`.execute(trx);
        await sql`select ${i}::int as unmarked`.execute(trx);
      }
      return (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(trx)).rows.map((row) => row.name);
    });
    expect(names).toEqual(expect.arrayContaining(['probe_inline', 'probe_on_its_own_line']));
    expect(names.filter((name) => name.startsWith('probe'))).toHaveLength(2);
  });

  it('runs a built query under its name, with its rows', async () => {
    const { rows, names } = await database.db.transaction().execute(async (trx) => {
      const byName = (name: string) => trx.selectFrom('beats').select(['id', 'name']).where('name', '=', name);
      await executePrepared(trx, 'probe_built', byName('none'));
      return { rows: await executePrepared(trx, 'probe_built', byName('politics')), names: (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(trx)).rows.map((row) => row.name) };
    });
    expect(rows).toEqual([{ id: 62, name: 'politics' }]);
    expect(names).toContain('probe_built');
  });
});
