import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium.ts';
import { e2ePort } from './e2e/port.ts';

const baseURL = `http://127.0.0.1:${e2ePort}`;

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    launchOptions: await chromiumLaunchOptions(),
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'npx tsx e2e/serve.ts',
    env: { PORT: String(e2ePort) },
    // The server listens only after migrating its database, and this page proves the built client is served.
    url: `${baseURL}/app/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM rather than Playwright's default SIGKILL lets serve.ts drop the database it made.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
