import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedStatement } from '../db/connect.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { dropShadows, makeRoomForShadows, replaceWithShadows, shadow } from './shadow-tables.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

/** What each of a shadow table's indexes covers, in the words of its definition. */
async function shapesOf(session: Parameters<typeof shadow>[0], table: string): Promise<string[]> {
  const { rows } = await sql<{ shape: string }>`
    select regexp_replace(pg_get_indexdef(indexrelid), '^.*? USING ', '') as shape from pg_index
    where indrelid = ${`pg_temp.${table}`}::regclass order by 1`.execute(session);
  return rows.map((row) => row.shape);
}

describe('shadow tables', () => {
  // First: a session's local buffers are set once, before its first temporary table.
  it('get room in memory, as often as a session asks', async () => {
    await database.db.connection().execute(async (session) => {
      await makeRoomForShadows(session);
      expect((await sql<{ temp_buffers: string }>`show temp_buffers`.execute(session)).rows[0]!.temp_buffers).toBe('512MB');
      await shadow(session, ['likes']);
      await dropShadows(session, ['likes']);
      // A rebuild's session has used temporary tables before; making room again does not fail.
      await expect(makeRoomForShadows(session)).resolves.toBeUndefined();
    });
  });
  it('leave out the indexes only readers use, and keep the keys and lookups', async () => {
    await database.db.connection().execute(async (session) => {
      await shadow(session, ['posts', 'likes'], { toCopy: true, readerIndexes: ['posts_feed', 'likes_newest'] });
      const posts = await shapesOf(session, 'posts');
      expect(posts).toContain('btree (id)');
      // Not declared as a reader's: kept.
      expect(posts).toContain('btree (kind, published_at DESC, id DESC) WHERE (NOT is_deleted)');
      expect(posts).not.toContain('btree (published_at DESC, id DESC) WHERE (NOT is_deleted)');
      // To be copied: the search index is the live table's to keep.
      expect(posts.some((shape) => shape.startsWith('gin'))).toBe(false);
      expect(await shapesOf(session, 'likes')).toEqual(['btree (target_kind, target_id, user_id)']);
      await dropShadows(session, ['posts', 'likes']);
    });
  });
  it('take the writes of statements the session prepared before, when it has had temporary tables already', async () => {
    await sql`create table shadowed_counts (k int primary key, n int not null)`.execute(database.db);
    await sql`insert into shadowed_counts values (1, 10)`.execute(database.db);
    const count = (session: Parameters<typeof shadow>[0]) => sql`${preparedStatement('shadowed_counts_up')} update shadowed_counts set n = n + 1 where k = 1`.execute(session);
    await database.db.connection().execute(async (session) => {
      // As a pooled connection that served a live write and an earlier rebuild.
      await shadow(session, ['shadowed_counts']);
      await dropShadows(session, ['shadowed_counts']);
      await count(session);
      await shadow(session, ['shadowed_counts']);
      await sql`insert into pg_temp.shadowed_counts values (1, 100)`.execute(session);
      await count(session);
      const n = async (schema: string) => (await sql<{ n: number }>`select n from ${sql.raw(schema)}.shadowed_counts`.execute(session)).rows[0]!.n;
      expect({ live: await n('public'), shadow: await n('pg_temp') }).toEqual({ live: 11, shadow: 101 });
      await dropShadows(session, ['shadowed_counts']);
      await count(session);
      expect(await n('public')).toBe(12);
    });
  });
});

describe('replacing the live rows with the shadows', () => {
  it('replaces a table that differs by one value or one copy of a row, and leaves alike tables alone, empty ones too', async () => {
    await sql`create table shadowed_pairs (k int not null, v text)`.execute(database.db);
    await sql`create table shadowed_empty (k int not null)`.execute(database.db);
    await sql`insert into shadowed_pairs values (1, 'a'), (2, null), (2, null)`.execute(database.db);
    const tables = ['shadowed_pairs', 'shadowed_empty'];
    const replacedWhen = async (rebuilt: string) =>
      database.db.connection().execute(async (session) => {
        await shadow(session, tables);
        await sql.raw(`insert into pg_temp.shadowed_pairs values ${rebuilt}`).execute(session);
        const replaced = await session.transaction().execute((trx) => replaceWithShadows(trx, tables));
        await dropShadows(session, tables);
        return replaced;
      });
    expect(await replacedWhen(`(2, null), (1, 'a'), (2, null)`)).toEqual([]);
    expect(await replacedWhen(`(1, 'a'), (2, null)`)).toEqual(['shadowed_pairs']);
    expect(await replacedWhen(`(1, 'b'), (2, null)`)).toEqual(['shadowed_pairs']);
    expect((await sql<{ v: string | null }>`select v from shadowed_pairs order by k`.execute(database.db)).rows).toEqual([{ v: 'b' }, { v: null }]);
  });
});
