import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import path from 'node:path';
import { createFreshDatabase } from './freshDatabase.ts';
import { e2ePort } from './port.ts';

// The server serves client/dist at /app; without a build every page test would fail on a 404.
if (!existsSync('client/dist/index.html')) {
  console.error('client/dist is missing: run `npm run build:client` before `playwright test`.');
  process.exit(1);
}

const database = await createFreshDatabase(process.env);
// Uploads of its own: two servers' databases both number their first video 1.
const uploadsDir = mkdtempSync(path.join(tmpdir(), 'pressroom-e2e-uploads-'));
// Realtime fan-out over Redis reaches every server on it, and person 1 of one server's database
// is not person 1 of the other's: a server that shares the machine's Redis with another runs without it.
const { REDIS_URL, E2E_WITHOUT_REDIS, ...environment } = process.env;

// Node with tsx's loader rather than `npx tsx`: npx exits on SIGTERM without waiting, which left
// the real server running (and its port taken) after this script had dropped its database.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...environment,
    ...(E2E_WITHOUT_REDIS || !REDIS_URL ? {} : { REDIS_URL }),
    UPLOADS_DIR: uploadsDir,
    PORT: process.env.PORT ?? String(e2ePort),
    HOST: '127.0.0.1',
    // Test budgets for sign-in and sign-up: every browser test signs in from this one address.
    NODE_ENV: 'test',
    // Request lines would bury the test report; warnings and errors still reach it.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...database.env,
  },
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => server.kill(signal));
}

server.on('exit', async (code, signal) => {
  try {
    await database.dispose();
    rmSync(uploadsDir, { recursive: true, force: true });
  } catch (error) {
    console.error('Could not remove the e2e database:', error);
  }
  // A shell reports death by signal as 128 + its number; do the same so the cause stays visible.
  process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0));
});
