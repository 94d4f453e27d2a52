import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/connect.ts';
import { databaseUrl, templateDatabase, testDatabaseName } from './postgres-admin.ts';

export type TestDatabase = DatabaseHandle & { url: string | null; drop(): Promise<void> };

export const usingPostgres = Boolean(inject('postgresUrl'));

/** A fresh, migrated database of this test file's own: a clone of the template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = inject('postgresUrl');
  if (serverUrl) {
    const run = inject('testRun');
    const name = testDatabaseName(run);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${templateDatabase(run)}`);
    await admin.end();
    const url = databaseUrl(serverUrl, name);
    const handle = await openDatabase({ kind: 'postgres', url });
    return {
      ...handle,
      url,
      async drop() {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: serverUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const template = fs.readFileSync(inject('pgliteTemplate')!);
  const handle = await openDatabase({ kind: 'pglite', dataDir: ':memory:', loadDataDir: new Blob([template]) });
  return { ...handle, url: null, drop: () => handle.close() };
}
