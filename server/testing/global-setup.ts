import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { databaseUrl, dropTestDatabases, newTestRun, templateDatabase } from './postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set when tests run on PostgreSQL: the server URL; each test file clones the template database. */
    postgresUrl: string | null;
    /** This run's name, in the names of its databases. */
    testRun: string;
    /** Set when tests run on PGlite: a migrated data directory dump each test file loads. */
    pgliteTemplate: string | null;
  }
}

/** Migrates once; every test file then starts from a copy of the result. */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const run = newTestRun();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await dropTestDatabases(admin, null);
    await admin.query(`create database ${templateDatabase(run)}`);
    await admin.end();
    const template = await openDatabase({ kind: 'postgres', url: databaseUrl(url, templateDatabase(run)) });
    await migrateToLatest(template.db);
    await template.close();
    project.provide('postgresUrl', url);
    project.provide('testRun', run);
    project.provide('pgliteTemplate', null);
    return async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await dropTestDatabases(cleanup, run);
      await cleanup.end();
    };
  }
  const template = await openDatabase({ kind: 'pglite', dataDir: ':memory:' });
  await migrateToLatest(template.db);
  const dump = await template.pglite!.dumpDataDir('gzip');
  await template.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pressroom-test-')), 'template.tar.gz');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('postgresUrl', null);
  project.provide('testRun', '');
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
