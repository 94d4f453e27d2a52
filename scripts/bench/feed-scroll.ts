/**
 * npm run bench:scroll: a feed of 1,000 loaded posts in Chromium, scrolled from the bottom to
 * the top, counting the frames that took longer than a 60 Hz frame and a half (dropped).
 * Needs a built client (`npm run build:client`) and the real PostgreSQL (DATABASE_URL).
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../e2e/chromium.ts';
import { SESSION_COOKIE } from '../../server/modules/auth/sessions.ts';
import { APP_ARGS, appReady, dropDatabase, fmt, freshDatabase, percentile, seed, startChild, stopChild } from './fixtures.ts';

const DATABASE = 'pressroom_bench_scroll';
const POSTS = 1_000;
const FRAME_MS = 1000 / 60;
const DROPPED_MS = FRAME_MS * 1.5;
const SCROLL_PX_PER_FRAME = 60;

if (!existsSync('client/dist/index.html')) {
  console.error('client/dist is missing: run `npm run build:client` first.');
  process.exit(1);
}

const url = await freshDatabase(DATABASE);
try {
  const { tokens } = await seed(url, { users: 10, posts: POSTS, historyDays: 30 });
  const app = await startChild({ name: 'app', args: APP_ARGS, databaseUrl: url, ready: appReady, env: { RUN_PROCESSORS: 'false' } });
  const browser = await chromium.launch(await chromiumLaunchOptions());
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const { hostname, port } = new URL(app.base);
    await context.addCookies([{ name: SESSION_COOKIE, value: tokens[0]!, domain: hostname, path: '/', httpOnly: true }]);
    const page = await context.newPage();
    await page.goto(`${app.base}/app/`);
    await page.locator('main article').first().waitFor();

    // Load every batch: each visit to the bottom asks for the next 20.
    const loaded = Date.now();
    const end = page.getByText('You are all caught up');
    while (!(await end.isVisible())) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(50);
      if (Date.now() - loaded > 300_000) throw new Error('the feed did not load to its end within 5 minutes');
    }
    const rendered = await page.locator('main article').count();

    // As a string: tsx's transform names functions with a helper the page does not have.
    const frames = await page.evaluate<number[]>(`new Promise((resolve) => {
      const times = [];
      const tick = (now) => {
        times.push(now);
        if (window.scrollY <= 0) return resolve(times.slice(1).map((t, i) => t - times[i]));
        window.scrollBy(0, -${SCROLL_PX_PER_FRAME});
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })`);
    const sorted = [...frames].sort((a, b) => a - b);
    const dropped = frames.filter((ms) => ms > DROPPED_MS).length;
    console.log(`Feed scroll in Chromium (1440x1000), ${fmt(POSTS)} posts loaded (port ${port}), ${rendered} cards in the DOM at the end`);
    console.log('| frames | p50 ms | p99 ms | max ms | dropped (> 25 ms) | dropped % |');
    console.log('|---:|---:|---:|---:|---:|---:|');
    console.log(`| ${frames.length} | ${fmt(percentile(sorted, 50), 1)} | ${fmt(percentile(sorted, 99), 1)} | ${fmt(sorted.at(-1)!, 1)} | ${dropped} | ${fmt((dropped / frames.length) * 100, 1)}% |`);
    await context.close();
  } finally {
    await browser.close();
    await stopChild(app);
  }
} finally {
  await dropDatabase(DATABASE);
}
