/**
 * npm run bench:announcements: an announcement's email version sent to a list of reporters
 * through a local SMTP sink, and its public page under a steady load, on the real PostgreSQL.
 *
 *   DATABASE_URL      the server to use; the bench works in pressroom_bench_announcements, made anew and dropped at the end
 *   BENCH_RECIPIENTS  the list's size (default 2,000)
 *   BENCH_SECONDS     the page's measured window (default 10)
 *
 * Sending runs in `server/worker.ts` processes, as a deployment does. The first run measures
 * emails rendered and accepted by the sink per second; the second kills the worker (SIGKILL)
 * half way, starts another, and counts every address lost or mailed twice. The page row runs
 * at 200 requests/s beside the plain SELECT route of bench:api, in the same run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import { openCore } from '../../server/core.ts';
import { buildTestApp } from '../../server/testing/app.ts';
import { productModel } from '../../server/model.ts';
import { createLog } from '../../server/log.ts';
import { SmtpSink } from '../../server/modules/announcements/distribution/smtp-sink.ts';
import { SESSION_COOKIE } from '../../server/modules/auth/sessions.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { APP_ARGS, appReady, dropDatabase, fmt, freshDatabase, percentile, preparePlainTable, startChild, startPlainServer, stopChild, XHR } from './fixtures.ts';
import { steadyLoad } from './steady-load.ts';

const DATABASE = 'pressroom_bench_announcements';
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PAGE_RATE = 200;
const LEASE_SECONDS = 2;

const url = await freshDatabase(DATABASE);
const core = await openCore({ database: { kind: 'postgres', url }, redisUrl: null, model: productModel, log: createLog('warn') });
await seedDemo(core);
const app = await buildTestApp(core);

async function call(token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, payload?: object | string, headers: Record<string, string> = {}) {
  const answer = await app.inject({ method, url: path, headers: { ...XHR, ...headers }, cookies: { [SESSION_COOKIE]: token }, ...(payload !== undefined ? { payload } : {}) });
  if (answer.statusCode >= 300) throw new Error(`${method} ${path}: ${answer.statusCode} ${answer.body}`);
  return answer.json();
}
async function signIn(email: string): Promise<string> {
  const answer = await app.inject({ method: 'POST', url: '/api/v1/auth/sign_in', headers: XHR, payload: { email, password: 'pressroom-demo' } });
  const cookie = answer.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`could not sign in as ${email}: ${answer.body}`);
  return cookie.value;
}

// A newsroom of a company of the demo PR person, and a list of reporters imported from a CSV.
const admin = await signIn('admin@pressroom.local');
const pr = await signIn('pr@pressroom.local');
const company = await call(admin, 'POST', '/api/v1/companies', { name: 'Bench Harbour', website: 'https://bench-harbour.example' });
const slug = (await call(pr, 'GET', '/api/v1/current_user/info')).slug as string;
await call(admin, 'PATCH', `/api/v1/u/${slug}/settings/company/${company.id}/join`);
const newsroom = await call(pr, 'POST', '/api/v1/newsrooms', { companyId: company.id, name: 'Bench Harbour', isPublic: true });
const boundary = '----bench-announcements';
const csv = ['name,email', ...Array.from({ length: RECIPIENTS }, (_, i) => `Reporter ${i + 1},reporter-${i + 1}@desk.example`)].join('\n');
const field = (key: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`;
await call(pr, 'POST', '/api/v1/contacts/import', `${field('consent', 'true')}${field('mapping', JSON.stringify({ name: 'name', email: 'emails' }))}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`, {
  'content-type': `multipart/form-data; boundary=${boundary}`,
});
const list = await call(pr, 'POST', '/api/v1/contact-lists', { name: 'Every desk' });
const ids = (await core.database.db.selectFrom('contacts').select('id').orderBy('id').execute()).map((row) => Number(row.id));
for (let start = 0; start < ids.length; start += 1000) await call(pr, 'POST', `/api/v1/contact-lists/${list.id}/contacts`, { contactIds: ids.slice(start, start + 1000) });

/** An announcement sent to the list: published, its recipients queued; its id. */
async function publishToList(headline: string): Promise<number> {
  const made = await call(pr, 'POST', '/api/v1/announcements', { newsroomId: newsroom.id, headline, body: '<p>Harbour PR opens in Perth. <a href="https://harbour.example/perth">The office</a></p>' });
  await call(pr, 'PUT', `/api/v1/announcements/${made.id}/audience`, { lists: [list.id], subscribers: false, addresses: [] });
  await call(pr, 'POST', `/api/v1/announcements/${made.id}/publish`);
  return made.id;
}

const sink = new SmtpSink({ keepRaw: false });
await sink.listen();
const times: number[] = [];
sink.onAccepted = () => times.push(performance.now());

function startWorker(): { child: ChildProcess; exited: Promise<unknown> } {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: url, SMTP_URL: sink.url, NODE_ENV: 'production', LOG_LEVEL: 'error', LINK_SECRET: 'bench-link-secret-0123456789', DISTRIBUTION_LEASE_SECONDS: String(LEASE_SECONDS), PUBLIC_URL: 'http://pressroom.bench' };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], { env, stdio: ['ignore', 2, 2] });
  return { child, exited: once(child, 'exit') };
}
async function until(check: () => boolean, limitMs = 300_000) {
  const deadline = performance.now() + limitMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const outcome = (from: number) => {
  const counts = new Map<string, number>();
  for (const message of sink.accepted.slice(from)) counts.set(message.to, (counts.get(message.to) ?? 0) + 1);
  return { lost: RECIPIENTS - counts.size, doubled: [...counts.values()].filter((n) => n > 1).length };
};

// Run 1: the whole list, one worker, no interruption.
await publishToList('Harbour opens in Perth');
let worker = startWorker();
await until(() => sink.accepted.length >= RECIPIENTS);
const rate = (RECIPIENTS - 1) / ((times[RECIPIENTS - 1]! - times[0]!) / 1000);
const clean = outcome(0);
worker.child.kill('SIGTERM');
await worker.exited;

// Run 2: killed half way, then another worker takes over once the lease runs out.
const before = sink.accepted.length;
await publishToList('Harbour opens in Darwin');
worker = startWorker();
await until(() => sink.accepted.length - before >= RECIPIENTS / 2);
worker.child.kill('SIGKILL');
await worker.exited;
const atKill = sink.accepted.length - before;
worker = startWorker();
await until(() => sink.accepted.length - before >= RECIPIENTS && new Set(sink.accepted.slice(before).map((m) => m.to)).size >= RECIPIENTS);
await new Promise((resolve) => setTimeout(resolve, 1000));
const killed = outcome(before);
worker.child.kill('SIGTERM');
await worker.exited;

// The public page at a steady rate beside the plain SELECT route, in the same run.
const pageId = await publishToList('Harbour opens in Hobart');
await app.close();
await core.close();
await preparePlainTable(url);
const page = await startChild({ name: 'app', args: APP_ARGS, databaseUrl: url, ready: appReady, env: { RUN_PROCESSORS: 'false' } });
const plain = await startPlainServer(url);
const measure = async (base: string, path: string) => {
  await steadyLoad(base, () => ({ method: 'GET', path, headers: {} }), PAGE_RATE, 2, 20);
  const shot = await steadyLoad(base, () => ({ method: 'GET', path, headers: {} }), PAGE_RATE, SECONDS, 20);
  const sorted = [...shot.latencies].sort((a, b) => a - b);
  return { ok: shot.ok, non2xx: shot.non2xx + shot.errors, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};
const pageRow = await measure(page.base, `/app/announcements/${pageId}`);
const plainRow = await measure(plain.base, '/plain?id=1');
await Promise.all([stopChild(page), stopChild(plain)]);
await sink.close();
await dropDatabase(DATABASE);

const load = os.loadavg().map((n) => n.toFixed(2)).join(' ');
console.log(`\nbench:announcements on ${os.cpus().length} cores, load average ${load}; ${fmt(RECIPIENTS)} recipients\n`);
console.log('| run | emails/s | accepted | lost | mailed twice |');
console.log('|---|---|---|---|---|');
console.log(`| one worker | ${fmt(rate)} | ${fmt(RECIPIENTS - clean.lost)} | ${clean.lost} | ${clean.doubled} |`);
console.log(`| worker killed (SIGKILL) at ${fmt(atKill)}, another takes over | - | ${fmt(RECIPIENTS - killed.lost)} | ${killed.lost} | ${killed.doubled} |`);
console.log(`\n| route at ${PAGE_RATE} req/s | 2xx | non-2xx | p50 ms | p99 ms |`);
console.log('|---|---|---|---|---|');
console.log(`| public announcement page | ${fmt(pageRow.ok)} | ${pageRow.non2xx} | ${fmt(pageRow.p50, 1)} | ${fmt(pageRow.p99, 1)} |`);
console.log(`| plain SELECT route (bench:api's) | ${fmt(plainRow.ok)} | ${plainRow.non2xx} | ${fmt(plainRow.p50, 1)} | ${fmt(plainRow.p99, 1)} |`);
console.log(
  `\nGoals: emails >= 200/s: ${fmt(rate)} ${rate >= 200 ? 'PASS' : 'FAIL'}; none lost or doubled across a kill: ${killed.lost + killed.doubled === 0 ? 'PASS' : 'FAIL'}; page p99 <= 20 ms: ${fmt(pageRow.p99, 1)} ms ${pageRow.p99 <= 20 ? 'PASS' : 'FAIL'}`,
);
process.exit(0);
