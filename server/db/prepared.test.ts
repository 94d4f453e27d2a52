import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../testing/database.ts';
import { lockLogForAppend } from '../events/horizon.ts';
import { executePrepared, preparedStatement } from './connect.ts';

// PGlite has one connection and no pool wrapper: named statements are the pool's doing.
let database: TestDatabase;
beforeAll(async () => {
  if (usingPostgres) database = await createTestDatabase();
});
afterAll(() => database?.drop());

describe.runIf(usingPostgres)('a statement marked prepared', () => {
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

/**
 * What the client wrote to PostgreSQL while `run` ran: how many writes (once a round trip), and
 * the type of each message in them (P parse, B bind, D describe, E execute, S sync, Q query).
 */
async function sentDuring(run: () => Promise<unknown>): Promise<{ writes: number; messages: string }> {
  const port = Number(new URL(database.url!).port || 5432);
  const socket = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
  const originals = { _write: socket._write, _writev: socket._writev };
  let writes = 0;
  let messages = '';
  const read = (buffer: Buffer) => {
    for (let at = 0; at < buffer.length; at += 1 + buffer.readInt32BE(at + 1)) messages += String.fromCharCode(buffer[at]!);
  };
  socket._write = function (this: net.Socket, ...args: unknown[]) {
    if (this.remotePort === port) {
      writes += 1;
      read(Buffer.from(args[0] as Buffer));
    }
    return originals._write.apply(this, args);
  };
  socket._writev = function (this: net.Socket, ...args: unknown[]) {
    if (this.remotePort === port) {
      writes += 1;
      read(Buffer.concat((args[0] as { chunk: Buffer }[]).map((entry) => Buffer.from(entry.chunk))));
    }
    return originals._writev.apply(this, args);
  };
  try {
    await run();
  } finally {
    Object.assign(socket, originals);
  }
  return { writes, messages };
}

describe.runIf(usingPostgres)("a named statement's rows", () => {
  it('are described once per connection, and read the same every time after, with or without BEGIN in front', async () => {
    await database.db.connection().execute(async (connection) => {
      await sql`create temporary table probe_shapes (id int8, tags text[], doc jsonb, at timestamptz, note text)`.execute(connection);
      const insert = (id: number) => sql`${preparedStatement('probe_shape_insert')} insert into probe_shapes values (${id}, ${`{a,${id}}`}, ${JSON.stringify({ id })}, ${'2026-01-02T03:04:05Z'}, null)`.execute(connection);
      const read = (executor: typeof connection) => sql<{ id: number; tags: string[]; doc: { id: number }; at: Date; note: string | null }>`${preparedStatement('probe_shape_read')} select * from probe_shapes order by id`.execute(executor);
      const expected = (ids: number[]) => ids.map((id) => ({ id, tags: ['a', String(id)], doc: { id }, at: new Date('2026-01-02T03:04:05Z'), note: null }));

      expect((await sentDuring(() => insert(1))).messages).toBe('PBDES');
      expect((await sentDuring(() => insert(2))).messages).toBe('BES');
      let rows: unknown[] = [];
      expect((await sentDuring(async () => (rows = (await read(connection)).rows))).messages).toBe('PBDES');
      expect(rows).toEqual(expected([1, 2]));
      expect((await sentDuring(async () => (rows = (await read(connection)).rows))).messages).toBe('BES');
      expect(rows).toEqual(expected([1, 2]));
      // Each row its own object: changing one leaves the next read's alone.
      (rows[0] as { note: string | null }).note = 'changed';
      expect((await read(connection)).rows).toEqual(expected([1, 2]));

      // BEGIN in front: its answer is not taken for the statement's.
      await insert(3);
      const inTransaction = await sentDuring(() => connection.transaction().execute(async (trx) => (rows = (await read(trx)).rows)));
      expect(inTransaction.messages).toBe('PBEBESQ');
      expect(rows).toEqual(expected([1, 2, 3]));
    });
  });

  it('fail, rather than read wrong, once the columns behind them change', async () => {
    await database.db.connection().execute(async (connection) => {
      await sql`create temporary table probe_changing (a int)`.execute(connection);
      await sql`insert into probe_changing values (1)`.execute(connection);
      const read = () => sql`${preparedStatement('probe_changing_read')} select * from probe_changing`.execute(connection);
      expect((await read()).rows).toEqual([{ a: 1 }]);
      await sql`alter table probe_changing add column b int`.execute(connection);
      await expect(read()).rejects.toThrow('cached plan must not change result type');
    });
  });
});

describe.runIf(usingPostgres)("a transaction's BEGIN", () => {
  const writesDuring = async (run: () => Promise<unknown>) => (await sentDuring(run)).writes;

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

  it('takes a riding statement (the lock on the log) along, run before the statement it rides with', async () => {
    await database.db.connection().execute(async (connection) => {
      // A parameter, so that it goes in the extended protocol.
      const holdsLock = sql<{ held: boolean }>`${preparedStatement('probe_holds_log_lock')}
        select exists (select 1 from pg_locks where pid = pg_backend_pid() and relation = 'events'::regclass and mode = 'RowExclusiveLock') and ${true}::bool as held`;
      const lockThenAsk = () =>
        connection.transaction().execute(async (trx) => {
          await lockLogForAppend(trx);
          return (await holdsLock.execute(trx)).rows[0]!.held;
        });
      // Parsed the first time: BEGIN and the lock go on their own.
      let held = false;
      expect(await writesDuring(async () => (held = await lockThenAsk()))).toBe(3);
      expect(held).toBe(true);
      // BEGIN, the lock and the statement in one message, then COMMIT.
      expect(await writesDuring(async () => (held = await lockThenAsk()))).toBe(2);
      expect(held).toBe(true);
      // A statement without parameters takes them in front as text.
      const plain = await connection.transaction().execute(async (trx) => {
        await lockLogForAppend(trx);
        return (await sql<{ held: boolean }>`select exists (select 1 from pg_locks where pid = pg_backend_pid() and relation = 'events'::regclass and mode = 'RowExclusiveLock') as held`.execute(trx)).rows[0]!.held;
      });
      expect(plain).toBe(true);
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
