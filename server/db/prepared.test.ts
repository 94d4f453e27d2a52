import net from 'node:net';
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

describe.runIf(usingPostgres)("a transaction's BEGIN", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  /** How many times the client wrote to PostgreSQL while `run` ran: once a round trip. */
  async function writesDuring(run: () => Promise<unknown>): Promise<number> {
    const port = Number(new URL(database.url!).port || 5432);
    const socket = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
    const originals = { _write: socket._write, _writev: socket._writev };
    let writes = 0;
    for (const method of ['_write', '_writev'] as const) {
      socket[method] = function (this: net.Socket, ...args: unknown[]) {
        if (this.remotePort === port) writes += 1;
        return originals[method].apply(this, args);
      };
    }
    try {
      await run();
    } finally {
      Object.assign(socket, originals);
    }
    return writes;
  }

  it('goes with a first statement that has parameters, in one round trip, and the statement is in the transaction', async () => {
    await database.db.connection().execute(async (connection) => {
      await sql`create temporary table probe_rows (n int)`.execute(connection);
      const insertThenUndo = (n: number) =>
        connection.transaction().execute(async (trx) => {
          const { rows } = await sql<{ n: number }>`${preparedStatement('probe_first_statement')} insert into probe_rows (n) values (${n}) returning n`.execute(trx);
          expect(rows).toEqual([{ n }]);
          throw new Error('undo');
        });
      // The first time the connection parses the statement, and BEGIN goes on its own.
      await expect(insertThenUndo(1)).rejects.toThrow('undo');
      // BEGIN and the statement, then ROLLBACK.
      expect(await writesDuring(() => expect(insertThenUndo(2)).rejects.toThrow('undo'))).toBe(2);
      expect((await sql<{ count: number }>`select count(*)::int as count from probe_rows`.execute(connection)).rows).toEqual([{ count: 0 }]);

      const unnamed = await writesDuring(() =>
        connection.transaction().execute(async (trx) => {
          await sql`insert into probe_rows (n) values (${3})`.execute(trx);
          await sql`insert into probe_rows (n) values (${4})`.execute(trx);
        }),
      );
      expect(unnamed).toBe(3);
      expect((await sql<{ n: number }>`select n from probe_rows order by n`.execute(connection)).rows).toEqual([{ n: 3 }, { n: 4 }]);
    });
  });

  it('leaves the connection usable when the statement it went with fails', async () => {
    await database.db.connection().execute(async (connection) => {
      const failing = () => connection.transaction().execute((trx) => sql`${preparedStatement('probe_failing')} select 1 / ${0}::int`.execute(trx));
      await expect(failing()).rejects.toThrow('division by zero');
      await expect(failing()).rejects.toThrow('division by zero');
      for (const n of [1, 2]) {
        const { rows } = await connection.transaction().execute((trx) => sql<{ n: number }>`${preparedStatement('probe_after_failure')} select ${n}::int as n`.execute(trx));
        expect(rows).toEqual([{ n }]);
      }
    });
  });
});
