/**
 * The benches that measure the client: a database of their own with seeded posts, the app as
 * production runs it (with the built client), and Chromium signed in as the first person.
 */
import { execFileSync } from 'node:child_process';
import { chromium, type BrowserContext } from '@playwright/test';
import { chromiumLaunchOptions } from '../../e2e/chromium.ts';
import { SESSION_COOKIE } from '../../server/modules/auth/sessions.ts';
import { APP_ARGS, appReady, dropDatabase, freshDatabase, seed, startChild, stopChild, type Child } from './fixtures.ts';

export type BrowserBench = { database: string; posts: number; viewport: { width: number; height: number } };

/**
 * Chromium runs without GPU: the packaged Chromium would otherwise rasterise through
 * SwiftShader, GL emulated on the CPU, and its frames stall for seconds while the page's own
 * thread is idle (seen in a trace: the GPU thread's raster flushes). That measures the
 * emulator; plain software raster, like a real GPU, keeps up, so what is left is the page.
 */
export async function withSignedInBrowser(bench: BrowserBench, run: (context: BrowserContext, app: Child) => Promise<void>): Promise<void> {
  execFileSync(process.execPath, ['scripts/ensure-client-build.mjs'], { stdio: 'inherit' });
  const url = await freshDatabase(bench.database);
  try {
    const { tokens } = await seed(url, { users: 10, posts: bench.posts, historyDays: 30 });
    const app = await startChild({ name: 'app', args: APP_ARGS, databaseUrl: url, ready: appReady, env: { RUN_PROCESSORS: 'false' } });
    const options = await chromiumLaunchOptions();
    const args = options.args ?? [];
    const browser = await chromium.launch({ ...options, args: args.includes('--disable-gpu') ? args : [...args, '--disable-gpu'] });
    try {
      const context = await browser.newContext({ viewport: bench.viewport });
      const { hostname } = new URL(app.base);
      await context.addCookies([{ name: SESSION_COOKIE, value: tokens[0]!, domain: hostname, path: '/', httpOnly: true }]);
      await run(context, app);
      await context.close();
    } finally {
      await browser.close();
      await stopChild(app);
    }
  } finally {
    await dropDatabase(bench.database);
  }
}
