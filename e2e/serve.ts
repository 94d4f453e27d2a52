import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { createFreshDatabase } from './freshDatabase.ts';
import { e2ePort } from './port.ts';

// The server serves client/dist at /app; without a build every page test would fail on a 404.
if (!existsSync('client/dist/index.html')) {
  console.error('client/dist is missing: run `npm run build:client` before `playwright test`.');
  process.exit(1);
}

const database = await createFreshDatabase(process.env);

// Node with tsx's loader rather than `npx tsx`: npx exits on SIGTERM without waiting, which left
// the real server running (and its port taken) after this script had dropped its database.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
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
  } catch (error) {
    console.error('Could not remove the e2e database:', error);
  }
  // A shell reports death by signal as 128 + its number; do the same so the cause stays visible.
  process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0));
});
