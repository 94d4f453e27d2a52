import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export type FreshDatabase = {
  // Environment variables that point the server at the new, empty database.
  env: Record<string, string>;
  dispose: () => Promise<void>;
};

// Each run starts from an empty database so a test never sees data left by an earlier one.
export async function createFreshDatabase(env: NodeJS.ProcessEnv): Promise<FreshDatabase> {
  return env.DATABASE_URL ? createPostgresDatabase(env.DATABASE_URL) : createPgliteDataDir();
}

async function createPostgresDatabase(serverUrl: string): Promise<FreshDatabase> {
  // The process id keeps apart the databases of servers that start in the same millisecond.
  const name = `pressroom_e2e_${Date.now()}_${process.pid}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: databaseUrl.toString() },
    dispose: async () => {
      await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

async function createPgliteDataDir(): Promise<FreshDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pressroom-e2e-'));
  return {
    env: { DATA_DIR: dataDir },
    dispose: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function onServer(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
