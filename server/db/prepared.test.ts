import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../testing/database.ts';
import { preparedStatement } from './connect.ts';

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
});
