import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { batchArray, batchJson } from './connect.ts';

describe('a batch statement’s array parameter', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const unnested = async (values: readonly unknown[], type: Parameters<typeof batchArray>[1]) =>
    (await sql<{ value: unknown }>`select value from unnest(${batchArray(values, type)}) with ordinality t(value, n) order by n`.execute(database.db)).rows.map((row) => row.value);

  it('reaches the database element for element: quotes, backslashes, commas, braces, blanks, NULL and "NULL"', async () => {
    const texts = ['{"kind":"a","text":"He said \\"no\\""}', 'C:\\new\\table', 'a,b', '{}', '', '  spaced  ', 'NULL', null, 'naïve — 日本', '\\"'];
    expect(await unnested(texts, 'text')).toEqual(texts);
  });

  it('carries numbers, nulls and booleans of the other types, and an empty array', async () => {
    expect(await unnested([1, null, 9007199254740991], 'int8')).toEqual([1, null, 9007199254740991]);
    expect(await unnested([-3, 0, 7], 'int4')).toEqual([-3, 0, 7]);
    expect(await unnested([true, false, null], 'bool')).toEqual([true, false, null]);
    expect(await unnested([], 'text')).toEqual([]);
  });

  it('carries JSON documents as they are, in order, quotes, backslashes and all, and none', async () => {
    const documents = [{ text: 'He said "no" \\ to C:\\new', nested: { list: [1, 'a,b', null] } }, { text: 'naïve — 日本\n{}' }, [], 'plain', 42, null];
    const elements = async (texts: string[]) =>
      (await sql<{ value: unknown }>`select value from jsonb_array_elements(${batchJson(texts)}) with ordinality t(value, n) order by n`.execute(database.db)).rows.map((row) => row.value);
    expect(await elements(documents.map((document) => JSON.stringify(document)))).toEqual(documents);
    expect(await elements([])).toEqual([]);
  });
});
