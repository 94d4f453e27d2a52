/**
 * npm run bench:bundle: the JavaScript a signed-in reader's browser downloads before the home
 * feed shows its first post, file by file: as built, as a browser that accepts only gzip gets
 * it, and as this Chromium got it (brotli). The build writes the compressed copies the server
 * sends (client/build/precompress.ts); files under 1 kB go as they are.
 *
 * Builds the client when it is missing or stale; needs the real PostgreSQL (DATABASE_URL). The
 * bench works in a database of its own, pressroom_bench_bundle, made anew and dropped at the end.
 */
import fs from 'node:fs';
import path from 'node:path';
import { withSignedInBrowser } from './browser.ts';
import { fmt } from './fixtures.ts';

const DATABASE = 'pressroom_bench_bundle';
const GOAL_KB = 250;
const DIST = path.resolve('client/dist');

type Script = { file: string; wireBytes: number; encoding: string; rawBytes: number; gzipBytes: number };

/** What a browser that accepts gzip only receives: the build's .gz copy, or the file when it has none. */
const gzipSent = (file: string) => (fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : fs.statSync(file).size);

await withSignedInBrowser({ database: DATABASE, posts: 40, viewport: { width: 1440, height: 1000 } }, async (context, app) => {
  const page = await context.newPage();
  const pending: Promise<Script>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const file = new URL(response.url()).pathname.replace(/^\/app\//, '');
    pending.push(
      (async () => {
        const sizes = await response.request().sizes();
        const encoding = (await response.headerValue('content-encoding')) ?? 'none';
        const built = path.join(DIST, file);
        return { file, wireBytes: sizes.responseBodySize, encoding, rawBytes: fs.statSync(built).size, gzipBytes: gzipSent(built) };
      })(),
    );
  });
  await page.goto(`${app.base}/app/`);
  await page.locator('main article').first().waitFor();
  const scripts = (await Promise.all(pending)).sort((a, b) => b.gzipBytes - a.gzipBytes);
  const kb = (bytes: number) => fmt(bytes / 1000, 1);
  const sum = (of: (script: Script) => number) => scripts.reduce((total, script) => total + of(script), 0);
  const gzip = sum((script) => script.gzipBytes);

  console.log(`\nJavaScript loaded before the home feed's first post, from the built client (${scripts.length} files)\n`);
  console.log('| file | built kB | gzip kB | sent to this Chromium kB (encoding) |');
  console.log('|---|---:|---:|---:|');
  for (const script of scripts) console.log(`| ${script.file} | ${kb(script.rawBytes)} | ${kb(script.gzipBytes)} | ${kb(script.wireBytes)} (${script.encoding}) |`);
  console.log(`| total | ${kb(sum((script) => script.rawBytes))} | ${kb(gzip)} | ${kb(sum((script) => script.wireBytes))} |`);
  console.log(`\nGoal: initial JavaScript of the feed route <= ${GOAL_KB} kB gzipped: ${kb(gzip)} kB ${gzip <= GOAL_KB * 1000 ? 'PASS' : 'FAIL'}`);
});
