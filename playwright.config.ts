import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium.ts';
import { e2ePort } from './e2e/port.ts';

// Two servers, each with its own database and demo data, and one worker on each: the specs
// share the demo people (their notifications, banners, settings), so two of them never run
// against one server at once, yet the suite takes about half as long on two cores.
const servers: { name: string; port: number; env: Record<string, string> }[] = [
  { name: 'desk', port: e2ePort, env: {} },
  { name: 'media', port: e2ePort + 1, env: { E2E_WITHOUT_REDIS: '1' } },
];
// The media server's specs wait on live updates and transcodes; with the tasks spec the two
// halves take about as long (174 and 170 s of tests here).
const mediaSpecs = ['interviews', 'interview-answers', 'messages', 'notifications', 'reading', 'session', 'contacts', 'newsrooms', 'tasks'].map((name) => `${name}.spec.ts`);
// Recording and transcoding take both cores: they run last, alone, so nothing else slows them
// past their waits and they slow nothing else (`--no-deps` runs them alone straight away).
const aloneSpecs = ['video.spec.ts'];
const urlOf = (port: number) => `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  workers: servers.length,
  reporter: 'list',
  // Two servers and two browsers share two cores: a page plus its accessibility check has taken
  // 31-34 s there, and on the slower machines of the same kind every test takes about twice as
  // long as on the faster (the contact form's errors: 41 and 46 s). Longer flows set their own.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: await chromiumLaunchOptions(),
    // A trace records every step of every test to keep the failing ones: a sixth of the browser
    // suite's time on two cores (4.9 against 5.7 to 6.1 minutes). CI keeps only what it prints,
    // so there it is off; a local run keeps the traces of its failures.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
  projects: [
    ...servers.map(({ name, port }) => ({
      name,
      workers: 1,
      use: { baseURL: urlOf(port) },
      ...(name === 'media' ? { testMatch: mediaSpecs } : { testIgnore: [...mediaSpecs, ...aloneSpecs] }),
    })),
    { name: 'alone', workers: 1, use: { baseURL: urlOf(servers[1]!.port) }, testMatch: aloneSpecs, dependencies: servers.map(({ name }) => name) },
  ],
  webServer: servers.map(({ port, env }) => ({
    command: 'npx tsx e2e/serve.ts',
    env: { PORT: String(port), ...env },
    // The server listens only after migrating its database, and this page proves the built client is served.
    url: `${urlOf(port)}/app/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    // SIGTERM rather than Playwright's default SIGKILL lets serve.ts drop the database it made.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
  })),
});
