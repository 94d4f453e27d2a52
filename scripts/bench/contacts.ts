/**
 * npm run bench:contacts: an account's contact directory at 100,000 contacts, against the real
 * PostgreSQL (issue 17): filter and sort at a steady rate, a 10,000-row CSV import and the
 * export of every contact, each through the app's HTTP API.
 *
 *   DATABASE_URL   the server to use (default postgres://postgres@127.0.0.1:5432/postgres); the
 *                  bench works in a database of its own, pressroom_bench_contacts, made anew and
 *                  dropped at the end
 *   BENCH_SECONDS  length of the directory window (default 10), after a 2 s warm-up
 *   BENCH_RATE     directory requests a second (default 100)
 *   BENCH_CONTACTS contacts seeded in the account (default 100,000)
 *   BENCH_KEEP     1 keeps the database afterwards, to look into with psql
 */
import { readFileSync } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import { CSV_COLUMNS } from '../../contracts/contacts/api.ts';
import { ContactAdded } from '../../contracts/contacts/events.ts';
import type { EventMetadata } from '../../contracts/events/index.ts';
import { AccountCreated, UserJoinedAccount } from '../../contracts/users/events.ts';
import { BEATS } from '../../contracts/users/enums.ts';
import { openCore } from '../../server/core.ts';
import { createLog } from '../../server/log.ts';
import { productModel } from '../../server/model.ts';
import { applyInlineBatch } from '../../server/projections/inline.ts';
import { SESSION_COOKIE } from '../../server/modules/auth/sessions.ts';
import { APP_ARGS, appReady, dropDatabase, fmt, freshDatabase, percentile, pick, seed, startChild, stopChild, XHR, type Child } from './fixtures.ts';
import { steadyLoad } from './steady-load.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const DATABASE = 'pressroom_bench_contacts';
const IMPORT_ROWS = 10_000;
const WARMUP_SECONDS = 2;
const CONNECTIONS = 20;
const COUNTRIES = ['AU', 'NZ', 'GB', 'US', 'DE', 'FR', 'JP', 'IN'];
const OUTLETS = ['The Daily', 'Weekend Post', 'Morning Herald', 'Tech Wire', 'City Radio', 'Business Review'];
const TAGS = ['vip', 'launch', 'regional', 'podcast', 'tv'];
const GOALS = { directoryP99Ms: 50, importSeconds: 5, exportSeconds: 5 };

const log = createLog('warn');
const metadata: EventMetadata = { actorId: null, actorRole: null, requestId: null, correlationId: 'bench-seed', causationId: null };

/** An account with the contacts module, the seeded PR person in it, and its contacts written set-based as the import would have written them. */
async function seedAccount(url: string, prId: number): Promise<{ accountId: number; seedSeconds: number }> {
  const core = await openCore({ database: { kind: 'postgres', url }, redisUrl: null, log, model: productModel });
  try {
    const { db } = core.database;
    const started = performance.now();
    const accountId = (await sql<{ id: number }>`select nextval('account_ids')::int as id`.execute(db)).rows[0]!.id;
    await core.commands.transaction(async (unit) => {
      await unit.startStreams([
        { streamId: `account-${accountId}`, events: [{ type: 'AccountCreated', data: AccountCreated.schema.parse({ accountId, name: 'Bench PR', company: 'Bench PR', modules: ['ROLE_MODULE_CONTACTS'], system: false }) }], metadata },
      ]);
      const joined = await core.store.appendInTransaction(unit.trx, `user-${prId}`, 'any', [{ type: 'UserJoinedAccount', data: UserJoinedAccount.schema.parse({ userId: prId, accountId, managed: false }) }], metadata);
      await applyInlineBatch(productModel.inline, unit.trx, joined);
    });
    const beats = BEATS.map((beat) => beat.id);
    // The fields in SQL by the contact's number g, the shapes of contracts/contacts/fields.ts.
    await sql`
      with src as (
        select nextval('contact_record_ids') as id, g,
               'Contact ' || lpad(g::text, 6, '0') || ' ' || (array['Smith', 'Nguyen', 'Brown', 'Wilson', 'Taylor', 'Lee', 'Martin', 'Chen'])[1 + g % 8] as name,
               (${COUNTRIES}::text[])[1 + g % ${COUNTRIES.length}] as country,
               array[(${OUTLETS}::text[])[1 + g % ${OUTLETS.length}]] as outlets,
               array[(${beats}::int[])[1 + g % ${beats.length}]] as beats,
               case when g % 10 = 0 then '{}'::text[] else array['contact' || g || '@bench.example'] end as emails,
               case when g % 7 = 0 then array[(${TAGS}::text[])[1 + g % ${TAGS.length}]] else '{}'::text[] end as tags,
               now() - make_interval(secs => ${CONTACTS} - g) as at
        from generate_series(1, ${CONTACTS}) g
      ),
      appended as (
        insert into events (stream_id, stream_version, type, schema_version, data, metadata, recorded_at)
        select 'contact-' || id, 1, 'ContactAdded', ${ContactAdded.schemaVersion},
               jsonb_build_object('accountId', ${accountId}::int, 'contactId', id, 'userId', null, 'addedBy', ${prId}::int, 'fields', jsonb_build_object(
                 'name', name, 'jobTitle', 'Reporter', 'outlets', to_jsonb(outlets), 'companies', '[]'::jsonb, 'beats', to_jsonb(beats), 'emails', to_jsonb(emails),
                 'phones', '{}'::jsonb, 'links', '{}'::jsonb, 'addresses', '{}'::jsonb, 'timezone', null, 'country', country, 'tags', to_jsonb(tags))),
               ${JSON.stringify(metadata)}::jsonb, at
        from src order by id
      )
      insert into contacts (id, account_id, user_id, name, job_title, outlets, companies, beats, emails, phones, links, addresses, timezone, country, tags, do_not_contact, created_at, updated_at)
      select id, ${accountId}, null, name, 'Reporter', outlets, '{}', beats, emails, '{}', '{}', '{}', null, country, tags, false, at, at from src`.execute(db);
    // The directory's filter counts, as the projection keeps them.
    await sql`
      insert into contact_facet_counts (account_id, facet, value, contacts, with_email)
      select c.account_id, f.facet, f.value, count(*), count(*) filter (where cardinality(c.emails) > 0)
      from contacts c cross join lateral contact_facets(c.beats, c.outlets, c.country, c.tags) f
      where c.account_id = ${accountId}
      group by 1, 2, 3`.execute(db);
    const sample = await sql<{ data: unknown }>`select data from events where type = 'ContactAdded' limit 1`.execute(db);
    ContactAdded.schema.parse(sample.rows[0]!.data);
    await sql`vacuum analyze`.execute(db);
    return { accountId, seedSeconds: (performance.now() - started) / 1000 };
  } finally {
    await core.close();
  }
}

/** A directory request as the table makes them: a filter or two, a sort, the first page, the count on some. */
function directoryPath(): string {
  const query = new URLSearchParams();
  const roll = Math.random();
  if (roll < 0.3) query.set('beat', String(pick(BEATS).id));
  else if (roll < 0.5) query.set('country', pick(COUNTRIES));
  else if (roll < 0.65) query.set('q', pick(['smith', 'nguyen', 'contact 0123', 'tech wire', 'brown']));
  else if (roll < 0.75) query.set('tag', pick(TAGS));
  else if (roll < 0.85) query.set('outlet', pick(OUTLETS));
  if (Math.random() < 0.3) query.set('hasEmail', 'true');
  query.set('sort', pick(['name', '-name', 'recent']));
  if (Math.random() < 0.3) query.set('total', 'true');
  return `/api/v1/contacts?${query}`;
}

function importFile(): string {
  const rows = Array.from({ length: IMPORT_ROWS }, (_, i) =>
    Object.fromEntries(
      CSV_COLUMNS.map((column) => [
        column,
        column === 'name'
          ? `Imported ${i}`
          : column === 'emails'
            ? `imported${i}@bench.example`
            : column === 'outlets'
              ? pick(OUTLETS)
              : column === 'beats'
                ? pick(BEATS).name
                : column === 'country'
                  ? pick(COUNTRIES)
                  : column === 'tags'
                    ? 'imported'
                    : '',
      ]),
    ),
  );
  return stringify(rows, { header: true, columns: [...CSV_COLUMNS] });
}

async function importOnce(base: string, token: string, csv: string): Promise<{ seconds: number; status: number; report: unknown }> {
  const form = new FormData();
  form.append('consent', 'true');
  form.append('mapping', JSON.stringify(Object.fromEntries(CSV_COLUMNS.map((column) => [column, column]))));
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'contacts.csv');
  const started = performance.now();
  const response = await fetch(`${base}/api/v1/contacts/import`, { method: 'POST', headers: { ...XHR, cookie: `${SESSION_COOKIE}=${token}` }, body: form });
  const report = await response.json();
  return { seconds: (performance.now() - started) / 1000, status: response.status, report };
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** The whole export read as it streams, the app's resident memory sampled every 50 ms. */
async function exportAll(app: Child, token: string) {
  const pid = app.child.pid!;
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 50);
  const started = performance.now();
  const response = await fetch(`${app.base}/api/v1/contacts/export`, { headers: { ...XHR, cookie: `${SESSION_COOKIE}=${token}` } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  clearInterval(sampler);
  return { seconds: (performance.now() - started) / 1000, status: response.status, bytes, rows: lines - 1, before, peak };
}

const url = await freshDatabase(DATABASE);
const started: Child[] = [];
try {
  process.stderr.write('seeding people...\n');
  const { tokens, userIds } = await seed(url, { users: 3, posts: 1, historyDays: 1 });
  // The seed gives roles in turn: journalist, PR, expert.
  const prToken = tokens[1]!;
  process.stderr.write(`seeding ${fmt(CONTACTS)} contacts...\n`);
  const { seedSeconds } = await seedAccount(url, userIds[1]!);
  // The API alone: processors would spend the run catching up on the 100,000 seeded events
  // (bench:api's reason); the directory, import and export are inline reads and writes.
  const app = await startChild({ name: 'app', args: APP_ARGS, databaseUrl: url, ready: appReady, env: { RUN_PROCESSORS: 'false' } });
  started.push(app);
  const headers = { ...XHR, cookie: `${SESSION_COOKIE}=${prToken}` };
  const probe = await fetch(`${app.base}/api/v1/contacts?total=true`, { headers });
  if (probe.status !== 200) throw new Error(`directory answered ${probe.status}: ${await probe.text()}`);
  const { total } = (await probe.json()) as { total: number | null };

  process.stderr.write('directory at a steady rate...\n');
  await steadyLoad(app.base, () => ({ method: 'GET', path: directoryPath(), headers }), RATE, WARMUP_SECONDS, CONNECTIONS);
  const shot = await steadyLoad(app.base, () => ({ method: 'GET', path: directoryPath(), headers }), RATE, seconds, CONNECTIONS);
  const latencies = shot.latencies.sort((a, b) => a - b);

  process.stderr.write('import...\n');
  const imported = await importOnce(app.base, prToken, importFile());
  if (imported.status !== 200) throw new Error(`import answered ${imported.status}: ${JSON.stringify(imported.report)}`);
  process.stderr.write('export...\n');
  const exported = await exportAll(app, prToken);

  const p99 = percentile(latencies, 99);
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const report = imported.report as { imported: number; updated: number; unchanged: number; failed: unknown[] };
  console.log(`\n## Contacts at ${fmt(total ?? CONTACTS)} contacts in one account\n`);
  console.log(`Seeded set-based in ${fmt(seedSeconds, 1)} s. One app process without its processors, PostgreSQL on the same machine.\n`);
  console.log('| measure | figure | goal | verdict |');
  console.log('|---|---|---|---|');
  console.log(
    `| directory filter + sort at ${RATE}/s for ${seconds} s (${fmt(shot.ok)} ok, ${fmt(shot.non2xx)} non-2xx, ${fmt(shot.errors)} errors) | p50 ${fmt(percentile(latencies, 50), 1)} ms, p95 ${fmt(percentile(latencies, 95), 1)} ms, p99 ${fmt(p99, 1)} ms | p99 ≤ ${GOALS.directoryP99Ms} ms | ${verdict(p99 <= GOALS.directoryP99Ms && shot.non2xx === 0 && shot.errors === 0)} |`,
  );
  console.log(
    `| CSV import of ${fmt(IMPORT_ROWS)} rows (${fmt(report.imported)} imported, ${fmt(report.updated)} updated, ${fmt(report.unchanged)} unchanged, ${fmt(report.failed.length)} failed) | ${fmt(imported.seconds, 2)} s | < ${GOALS.importSeconds} s | ${verdict(imported.seconds < GOALS.importSeconds && report.imported === IMPORT_ROWS)} |`,
  );
  console.log(
    `| CSV export of ${fmt(exported.rows)} rows (${fmt(exported.bytes / 1024 / 1024, 1)} MB) | ${fmt(exported.seconds, 2)} s; app RSS ${fmt(exported.before)} MB before, peak ${fmt(exported.peak)} MB | < ${GOALS.exportSeconds} s, memory flat | ${verdict(exported.status === 200 && exported.seconds < GOALS.exportSeconds && exported.peak - exported.before < 100)} |`,
  );
  if (Object.keys(shot.codes).length > 0) console.log(`\nNon-2xx codes: ${JSON.stringify(shot.codes)}`);
  console.log('\n"Memory flat" means the app grew by less than 100 MB while streaming the whole export.');
} finally {
  for (const child of started.reverse()) await stopChild(child);
  if (process.env.BENCH_KEEP !== '1') await dropDatabase(DATABASE);
}
