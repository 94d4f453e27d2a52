/**
 * npm run bench:scroll: the home feed in Chromium with 1,000 posts loaded, scrolled from the
 * bottom to the top and back, one step each animation frame. Prints the frame times and the
 * dropped frames (a frame that took longer than one and a half frames of 60 Hz), the long
 * tasks the page reported, and the most cards the DOM held while scrolling.
 *
 * Builds the client when it is missing or stale; needs the real PostgreSQL (DATABASE_URL). The
 * bench works in a database of its own, pressroom_bench_scroll, made anew and dropped at the end.
 * Chromium runs without GPU (see browser.ts).
 *
 *   BENCH_SCROLL_PX  pixels scrolled per frame (default 60: a brisk flick on a trackpad)
 */
import type { CDPSession, Page } from '@playwright/test';
import { withSignedInBrowser } from './browser.ts';
import { fmt, percentile } from './fixtures.ts';

const DATABASE = 'pressroom_bench_scroll';
const POSTS = 1_000;
const VIEWPORT = { width: 1440, height: 1000 };
const FRAME_MS = 1000 / 60;
const DROPPED_MS = FRAME_MS * 1.5;
const SCROLL_PX = Number(process.env.BENCH_SCROLL_PX ?? 60);
const LOAD_TIMEOUT_MS = 120_000;

type Pass = { direction: string; frames: number[]; longTasks: number[]; mostCards: number; mainThread: MainThread };
/** Main-thread time (ms) the pass cost the page, from Chromium's own counters. */
type MainThread = { script: number; layout: number; style: number };
type InPage = Omit<Pass, 'mainThread'>;

/** Scrolls to the bottom until the list says it has everything, and answers how long that took (ms). */
async function loadEveryBatch(page: Page): Promise<number> {
  const started = Date.now();
  const end = page.getByText('You are all caught up');
  while (!(await end.isVisible())) {
    if (Date.now() - started > LOAD_TIMEOUT_MS) {
      const cards = await page.locator('[data-index]').last().getAttribute('data-index');
      throw new Error(`the feed did not load to its end within ${LOAD_TIMEOUT_MS / 1000} s (last card rendered: ${cards})`);
    }
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    await page.waitForTimeout(50);
  }
  return Date.now() - started;
}

/**
 * One pass, in the page: a step of SCROLL_PX each animation frame until a step no longer moves
 * the page, with the gap between frames, the long tasks (over 50 ms of main thread) and the
 * cards in the DOM. Passed as a string: tsx names functions with a helper the page does not have.
 */
async function scrollPass(page: Page, cdp: CDPSession, direction: 'up' | 'down'): Promise<Pass> {
  const step = direction === 'up' ? -SCROLL_PX : SCROLL_PX;
  const before = await mainThread(cdp);
  const pass = await page.evaluate<InPage>(`new Promise((resolve) => {
    const frames = [];
    const longTasks = [];
    let mostCards = 0;
    let last = null;
    let lastY = null;
    const observer = new PerformanceObserver((list) => { for (const entry of list.getEntries()) longTasks.push(entry.duration); });
    observer.observe({ type: 'longtask' });
    const tick = (now) => {
      if (last !== null) frames.push(now - last);
      last = now;
      mostCards = Math.max(mostCards, document.querySelectorAll('main article').length);
      // Reading the page's height to find the end would force a layout every frame: a cost
      // of the measurement, not of the feed.
      const y = window.scrollY;
      if (y === lastY) {
        observer.disconnect();
        return resolve({ direction: '${direction}', frames, longTasks, mostCards });
      }
      lastY = y;
      window.scrollBy(0, ${step});
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`);
  const after = await mainThread(cdp);
  return { ...pass, mainThread: { script: after.script - before.script, layout: after.layout - before.layout, style: after.style - before.style } };
}

async function mainThread(cdp: CDPSession): Promise<MainThread> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const seconds = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? NaN;
  return { script: seconds('ScriptDuration') * 1000, layout: seconds('LayoutDuration') * 1000, style: seconds('RecalcStyleDuration') * 1000 };
}

function row(pass: Pass): string {
  const sorted = [...pass.frames].sort((a, b) => a - b);
  const dropped = pass.frames.filter((ms) => ms > DROPPED_MS).length;
  const longest = pass.longTasks.length > 0 ? fmt(Math.max(...pass.longTasks), 0) : '-';
  const perFrame = (ms: number) => fmt(ms / pass.frames.length, 2);
  const { script, layout, style } = pass.mainThread;
  return `| ${pass.direction} | ${fmt(pass.frames.length)} | ${fmt(percentile(sorted, 50), 1)} | ${fmt(percentile(sorted, 99), 1)} | ${fmt(sorted.at(-1) ?? NaN, 1)} | ${dropped} (${fmt((dropped / pass.frames.length) * 100, 2)}%) | ${pass.longTasks.length} (${longest}) | ${perFrame(script)} / ${perFrame(layout)} / ${perFrame(style)} | ${pass.mostCards} |`;
}

await withSignedInBrowser({ database: DATABASE, posts: POSTS, viewport: VIEWPORT }, async (context, app) => {
  const page = await context.newPage();
  await page.goto(`${app.base}/app/`);
  await page.locator('main article').first().waitFor();
  const loadMs = await loadEveryBatch(page);
  if ((await page.locator('.post-list').getAttribute('aria-busy')) !== 'false') throw new Error('the feed is still busy after its last batch');

  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const passes = [await scrollPass(page, cdp, 'up'), await scrollPass(page, cdp, 'down')];
  const total = passes.flatMap((pass) => pass.frames);
  const dropped = total.filter((ms) => ms > DROPPED_MS).length;
  console.log(`\nFeed scroll in Chromium ${VIEWPORT.width}x${VIEWPORT.height}, ${fmt(POSTS)} posts loaded in ${fmt(loadMs / 1000, 1)} s (batches of 20), ${SCROLL_PX} px per frame\n`);
  console.log('| pass | frames | p50 ms | p99 ms | max ms | dropped (> 25 ms) | long tasks (longest ms) | main thread per frame, ms: script / layout / style | most cards in the DOM |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const pass of passes) console.log(row(pass));
  console.log(`\nGoal: no dropped frames: ${dropped} of ${fmt(total.length)} ${dropped === 0 ? 'PASS' : 'FAIL'}`);
});
