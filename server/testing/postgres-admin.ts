import type pg from 'pg';

const TEST_DATABASE_PREFIX = 'pressroom_test_';
// A run that died cannot clean up after itself; the next run clears what is this old.
const STALE_AFTER_SECONDS = 6 * 60 * 60;

/**
 * Each run's databases carry its start time and process id, so runs side by side on one
 * server (a developer's and CI's) never drop each other's.
 */
export function newTestRun(): string {
  return `${Math.floor(Date.now() / 1000)}_${process.pid}`;
}

export const templateDatabase = (run: string) => `${TEST_DATABASE_PREFIX}${run}_template`;
export const testDatabaseName = (run: string) => `${TEST_DATABASE_PREFIX}${run}_${Math.random().toString(36).slice(2, 10)}`;

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Drops this run's databases, or (run null) those of runs that died long ago. */
export async function dropTestDatabases(admin: pg.Client, run: string | null): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${TEST_DATABASE_PREFIX}%`]);
  const now = Math.floor(Date.now() / 1000);
  for (const { datname } of rows) {
    const started = Number(datname.slice(TEST_DATABASE_PREFIX.length).split('_')[0]);
    const mine = run !== null && datname.startsWith(`${TEST_DATABASE_PREFIX}${run}_`);
    const stale = run === null && (!Number.isFinite(started) || now - started > STALE_AFTER_SECONDS);
    if (mine || stale) await admin.query(`drop database if exists "${datname}" with (force)`);
  }
}
