/**
 * npm run bench:search: GET /api/v1/search over 100,000 posts, 10,000 people, 1,000
 * companies, 1,000 announcements and 1,000 interviews on the real PostgreSQL, at a steady 100 requests/s of one- to three-word
 * queries, beside the plain indexed SELECT route (scripts/bench/plain-server.ts) at the same
 * rate, in the same run.
 *
 *   DATABASE_URL   the server to use (default postgres://postgres@127.0.0.1:5432/postgres);
 *                  the bench works in a database of its own, pressroom_bench_search, made
 *                  anew and dropped at the end.
 *   BENCH_SECONDS  length of each measured window (default 20), after a 3 s warm-up
 *   BENCH_RATE     requests per second (default 100)
 *   BENCH_KEEP     when set, the database is kept for a look at the plans (EXPLAIN) afterwards
 *
 * Post text follows word frequencies as prose has them (Zipf's law over 20,000 words, the
 * commonest in about 40% of posts), and queries draw their words from the same law, so the
 * common words that match half the table are asked for as often as they are written.
 * Announcements and interviews are written by the same law, so every group of an overview
 * search has its matches to rank.
 */
import os from 'node:os';
import { sql } from 'kysely';
import { SESSION_COOKIE } from '../../server/modules/auth/sessions.ts';
import { AnnouncementDrafted, AnnouncementPublished } from '../../contracts/announcements/events.ts';
import { InterviewCreated, InterviewPublished, QuestionAdded } from '../../contracts/interviews/events.ts';
import { NewsroomCreated } from '../../contracts/newsrooms/events.ts';
import { CompanyRegistered } from '../../contracts/organizations/events.ts';
import { BEATS } from '../../contracts/users/enums.ts';
import { AccountCreated } from '../../contracts/users/events.ts';
import { JobTitleChanged } from '../../contracts/users/settings-events.ts';
import { openCore } from '../../server/core.ts';
import { createLog } from '../../server/log.ts';
import { productModel } from '../../server/model.ts';
import { metadata } from '../../server/testing/metadata.ts';
import { steadyLoad, type PlannedRequest } from './steady-load.ts';
import { APP_ARGS, appReady, connected, dropDatabase, fmt, freshDatabase, percentile, pick, seed, startChild, startPlainServer, stopChild, XHR, type Child } from './fixtures.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const DATABASE = 'pressroom_bench_search';
const PEOPLE = 10_000;
const POSTS = 100_000;
const COMPANIES = 1_000;
const ANNOUNCEMENTS = 1_000;
const INTERVIEWS = 1_000;
/** New streams appended (and projected) per transaction while seeding announcements and interviews. */
const STREAMS_PER_TRANSACTION = 250;
const HISTORY_DAYS = 365;
const WARMUP_SECONDS = 3;
const CONNECTIONS = 50;
const VOCABULARY = 20_000;
/** Zipf's offset: the commonest word is about 1.2% of all words, as a content word is in English prose. */
const ZIPF_OFFSET = 10;

const FIRST = `Ada Alex Amir Ana Ben Bea Cal Cara Dan Dee Eli Emma Finn Fay Gus Gia Hal Hana Ian Ivy Jay Jo Kai Kim Leo Lia Max Mia Ned Nia Oli Ora Pat Pia
  Quin Ria Sam Sia Ted Tia Uma Val Vic Wes Wyn Xan Yan Yas Zac Zoe Abel Bram Cleo Dora Enzo Flor Gwen Hugo Iris Jude Kira Lars Lena Milo Nora Otto
  Pola Remy Rosa Saul Tess Umar Vera Walt Xena Yuri Zara Arlo Bess Cruz Dina Ezra Fern Glen Hope Inez Joel Kate Luca Maya Nils Opal Penn Rhea Seth
  Tara Ugo Vida Wade Yara`.split(/\s+/);
const LAST = `Abbott Baker Castillo Dalton Ellis Foster Garcia Hughes Ibarra Jensen Keller Lopez Moreau Nakamura Okafor Patel Quinn Rossi Schmidt Tanaka
  Underwood Vargas Walsh Xu Young Zimmer Adeyemi Bergstrom Chen Dubois Eriksen Fischer Grant Haddad Ito Jovanovic Kowalski Larsen Mendes Novak
  Olsen Petrov Quist Reyes Silva Torres Ueda Varga Weber Yilmaz Andersen Becker Costa Diaz Evans Fernandes Gomez Hansen Ivanova Jones Kim Lambert
  Martin Nielsen Ortiz Perez Ramos Santos Thomas Urban Vidal Wong Yamamoto Zhou Alvarez Brown Cohen Dimitrov Estrada Fontaine Greco Horvath Ismail
  Jakobsen Kaur Laurent Meyer Nguyen Owusu Park Ruiz Sato Tran Ulrich Vogel Wagner Yang Zeller Fraser Lindqvist`.split(/\s+/);
const JOBS = ['Journalist', 'Senior reporter', 'Editor', 'News editor', 'Photographer', 'PR manager', 'Communications director', 'Press officer', 'Economist', 'Climate scientist',
  'Data analyst', 'Producer', 'Columnist', 'Correspondent', 'Marketing lead', 'Researcher', 'Professor of law', 'Investigative journalist', 'Sub-editor', 'Publicist'];
const COMPANY_SUFFIXES = ['Media', 'Analytics', 'Partners', 'Labs', 'Group', 'Communications', 'Health', 'Energy', 'Capital', 'Press'];

// Pronounceable words from their rank: distinct, and stemmed like any English word.
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'pa', 'do', 'fi', 'gu', 'ha', 'je', 'ly', 'bra', 'cor', 'den', 'mar'];
function word(rank: number): string {
  let n = rank + SYLLABLES.length;
  let out = '';
  while (n > 0) {
    out = SYLLABLES[n % SYLLABLES.length]! + out;
    n = Math.floor(n / SYLLABLES.length);
  }
  return out;
}
const vocabulary = Array.from({ length: VOCABULARY }, (_, rank) => word(rank));
/** A word's rank drawn by Zipf's law (continuous inverse CDF of 1 / (rank + offset)). */
const zipfRank = (u: number) => Math.min(VOCABULARY - 1, Math.floor(ZIPF_OFFSET * ((VOCABULARY + ZIPF_OFFSET) / ZIPF_OFFSET) ** u - ZIPF_OFFSET));

/** `n` words by the same law in SQL, deterministic per post and salt, from bench_words (an array subscript walks the array). */
const words = (n: number, salt: number) => sql`(
  select string_agg(w.word, ' ' order by k) from generate_series(1, ${n}) k
  join bench_words w on w.rank = least(${VOCABULARY - 1}, floor(${ZIPF_OFFSET} * power(${(VOCABULARY + ZIPF_OFFSET) / ZIPF_OFFSET}::float8,
    ((hashint8(id * 1000 + k * 10 + ${salt})::int8 & 2147483647)::float8 / 2147483648)) - ${ZIPF_OFFSET})::int)
)`;

/** FIELDS_SQL's shapes, with titles of 4-8 words and bodies of 40. */
const POST_FIELDS = sql`case kind
  when 'communityPost' then jsonb_build_object('content', '<p>' || ${words(40, 1)} || '</p>', 'attachments', '[]'::jsonb)
  when 'callout' then jsonb_build_object('title', ${words(6, 2)}, 'content', '<p>' || ${words(40, 3)} || '</p>',
    'deadline', null, 'interviewId', null, 'showQuestions', false, 'allowSkip', false)
  when 'job' then jsonb_build_object('title', ${words(4, 4)}, 'description', '<p>' || ${words(40, 5)} || '</p>', 'company', ${words(2, 6)},
    'workplace', 'remote', 'jobType', 'full-time', 'location', 'Sydney', 'img', null, 'url', null)
  when 'event' then jsonb_build_object('name', ${words(8, 7)}, 'eventType', 'online', 'timezone', null,
    'address', '', 'venue', '', 'link', null, 'description', '<p>' || ${words(40, 8)} || '</p>', 'img', null, 'start', null, 'end', null)
  end`;

const personName = (i: number): [string, string] => [FIRST[i % FIRST.length]!, LAST[Math.floor(i / FIRST.length) % LAST.length]!];
const companyName = (i: number) => `${word(500 + i * 7)[0]!.toUpperCase()}${word(500 + i * 7).slice(1)} ${COMPANY_SUFFIXES[i % COMPANY_SUFFIXES.length]}`;

/** Job titles and companies, with their events, as the settings and registration commands write them. */
async function seedPeopleAndCompanies(url: string, userIds: number[]) {
  await connected(url, async (client) => {
    const jobs = userIds.map((userId, i) => JobTitleChanged.schema.parse({ userId, jobTitle: JOBS[i % JOBS.length] }));
    await client.query(
      `with input as (select (j->>'userId')::int8 as id, j as data from jsonb_array_elements($1::jsonb) j),
       appended as (
         insert into events (stream_id, stream_version, type, schema_version, data, metadata)
         select 'user-' || id, 2, 'JobTitleChanged', $2, data, jsonb_build_object('actorId', id::text, 'actorRole', null, 'requestId', null, 'correlationId', 'bench-seed', 'causationId', null)
         from input order by id)
       update users u set job_title = input.data->>'jobTitle' from input where u.id = input.id`,
      [JSON.stringify(jobs), JobTitleChanged.schemaVersion],
    );
    const ids = (await client.query<{ id: string }>(`select nextval('contact_ids') as id from generate_series(1, $1)`, [COMPANIES])).rows.map((row) => Number(row.id));
    const companies = ids.map((companyId, i) => {
      const name = companyName(i);
      const domain = `${name.toLowerCase().replace(/[^a-z]+/g, '-')}-${i}.example`;
      return CompanyRegistered.schema.parse({ companyId, slug: `${name.toLowerCase().replace(/[^a-z]+/g, '-')}-${i}`, name, website: `https://${domain}`, domain, registeredBy: userIds[i % userIds.length] });
    });
    await client.query(
      `with input as (select j as data from jsonb_array_elements($1::jsonb) j),
       appended as (
         insert into events (stream_id, stream_version, type, schema_version, data, metadata)
         select 'company-' || (data->>'companyId'), 1, 'CompanyRegistered', $2, data, jsonb_build_object('actorId', data->>'registeredBy', 'actorRole', null, 'requestId', null, 'correlationId', 'bench-seed', 'causationId', null)
         from input)
       insert into companies (id, slug, name, website, domain, logo, registered_by, created_at)
       select (data->>'companyId')::int8, data->>'slug', data->>'name', data->>'website', data->>'domain', null, (data->>'registeredBy')::int8, now() from input`,
      [JSON.stringify(companies), CompanyRegistered.schemaVersion],
    );
  });
}

/** `n` words by the posts' law. */
const phrase = (n: number) => Array.from({ length: n }, () => vocabulary[zipfRank(Math.random())]).join(' ');

/**
 * Announcements, all public, in one public newsroom of the first company (and an account of
 * its own), and interviews by
 * journalists, published and for everyone, with two written questions each: their events
 * appended through the event store and projected by the product's own inline projections, so
 * their rows and search columns are what the commands would have left.
 */
async function seedAnnouncementsAndInterviews(url: string, userIds: number[]) {
  const core = await openCore({ database: { kind: 'postgres', url }, redisUrl: null, log: createLog('warn'), model: productModel });
  try {
    const { db } = core.database;
    const ids = async (sequence: string, n: number) => (await sql<{ id: number }>`select nextval(${sequence})::int as id from generate_series(1, ${n})`.execute(db)).rows.map((row) => row.id);
    const by = (userId: number, role: string) => metadata({ actorId: String(userId), actorRole: role, correlationId: 'bench-seed' });
    // seed() gives people the roles journo, pr, expert in turn.
    const publicist = userIds[1]!;
    const journalist = (i: number) => userIds[(i * 3) % userIds.length]!;
    const company = await db.selectFrom('companies').select(['id', 'name', 'slug']).orderBy('id').executeTakeFirstOrThrow();
    const [newsroomId] = await ids('newsroom_ids', 1);
    const [accountId] = await ids('account_ids', 1);
    const account = {
      streamId: `account-${accountId}`,
      events: [{ type: AccountCreated.type, data: AccountCreated.schema.parse({ accountId, name: company.name, company: company.name, modules: [], system: false }) }],
      metadata: by(publicist, 'pr'),
    };
    const newsroom = {
      streamId: `newsroom-${newsroomId}`,
      events: [{ type: NewsroomCreated.type, data: NewsroomCreated.schema.parse({ newsroomId, companyId: Number(company.id), accountId, fields: { name: company.name, slug: company.slug, logo: null, brandColour: null, about: phrase(20), pressContacts: [publicist], links: {}, languages: ['en'], isPublic: true }, createdBy: publicist }) }],
      metadata: by(publicist, 'pr'),
    };
    const publishedAt = new Date().toISOString();
    const announcements = (await ids('announcement_ids', ANNOUNCEMENTS)).map((announcementId, i) => ({
      streamId: `announcement-${announcementId}`,
      events: [
        {
          type: AnnouncementDrafted.type,
          data: AnnouncementDrafted.schema.parse({
            announcementId,
            newsroomId,
            accountId,
            fields: { headline: phrase(8), subtitle: phrase(10), body: `<p>${phrase(120)}</p>`, headerImage: null, gallery: [], video: null, attachments: [], beats: [BEATS[i % BEATS.length]!.id], language: 'en', embargoUntil: null, tracking: false },
            createdBy: publicist,
          }),
        },
        { type: AnnouncementPublished.type, data: AnnouncementPublished.schema.parse({ announcementId, publishedAt, scheduled: false, embargoedUntil: null }) },
      ],
      metadata: by(publicist, 'pr'),
    }));
    const questionIds = await ids('interview_question_ids', INTERVIEWS * 2);
    const interviews = (await ids('interview_ids', INTERVIEWS)).map((interviewId, i) => ({
      streamId: `interview-${interviewId}`,
      events: [
        {
          type: InterviewCreated.type,
          data: InterviewCreated.schema.parse({ interviewId, creatorId: journalist(i), accountId: null, title: phrase(6), brief: phrase(30), deadline: null, showQuestions: true, allowSkip: false, closeAfterAnswers: null }),
        },
        ...questionIds.slice(i * 2, i * 2 + 2).map((questionId) => ({
          type: QuestionAdded.type,
          data: QuestionAdded.schema.parse({ interviewId, questionId, kind: 'text', text: `${phrase(12)}?`, timeLimitSeconds: null, maxLength: 2000, thinkSeconds: 0, retakes: 0 }),
        })),
        { type: InterviewPublished.type, data: InterviewPublished.schema.parse({ interviewId }) },
      ],
      metadata: by(journalist(i), 'journo'),
    }));
    const streams = [account, newsroom, ...announcements, ...interviews];
    for (let at = 0; at < streams.length; at += STREAMS_PER_TRANSACTION) {
      await core.commands.transaction((unit) => unit.startStreams(streams.slice(at, at + STREAMS_PER_TRANSACTION)));
    }
  } finally {
    await core.close();
  }
}

/** What people type: one to three words of the posts' own law, and now and then a name, a misspelt name or a company. */
function query(): string {
  const roll = Math.random();
  if (roll < 0.15) return personName(Math.floor(Math.random() * PEOPLE)).join(' ');
  if (roll < 0.2) {
    const [first, last] = personName(Math.floor(Math.random() * PEOPLE));
    const at = 1 + Math.floor(Math.random() * (last.length - 2));
    return `${first} ${last.slice(0, at)}${last[at + 1]}${last[at]}${last.slice(at + 2)}`;
  }
  if (roll < 0.25) return companyName(Math.floor(Math.random() * COMPANIES)).split(' ')[0]!;
  const count = 1 + Math.floor(Math.random() * 3);
  return Array.from({ length: count }, () => vocabulary[zipfRank(Math.random())]).join(' ');
}

type Row = { workload: string; rate: number; p50: number; p90: number; p99: number; max: number; failed: number };

/** Requests per second low enough that none waits for another: what one search costs on its own. */
const LIGHT_RATE = 5;

async function measure(workload: string, server: Child, next: () => PlannedRequest, rate = RATE): Promise<Row> {
  await steadyLoad(server.base, next, rate, WARMUP_SECONDS, CONNECTIONS);
  const shot = await steadyLoad(server.base, next, rate, seconds, CONNECTIONS);
  const latencies = [...shot.latencies].sort((a, b) => a - b);
  const failed = shot.non2xx + shot.errors;
  const row = { workload, rate: shot.ok / shot.seconds, p50: percentile(latencies, 50), p90: percentile(latencies, 90), p99: percentile(latencies, 99), max: latencies.at(-1) ?? NaN, failed };
  process.stderr.write(`  ${workload}: p50 ${fmt(row.p50, 2)} ms, p99 ${fmt(row.p99, 2)} ms${failed ? `, failed: ${JSON.stringify(shot.codes)} ${shot.errors} errors` : ''}\n`);
  if (failed > (shot.ok + failed) * 0.01) throw new Error(`${workload}: ${failed} requests failed; a benchmark of failures is worthless`);
  return row;
}

const url = await freshDatabase(DATABASE);
const started: Child[] = [];
try {
  process.stderr.write(`seeding ${fmt(PEOPLE)} people, ${fmt(POSTS)} posts, ${fmt(COMPANIES)} companies, ${fmt(ANNOUNCEMENTS)} announcements and ${fmt(INTERVIEWS)} interviews...\n`);
  const seedStarted = performance.now();
  await connected(url, async (client) => {
    await client.query('create table bench_words (rank int primary key, word text not null)');
    await client.query('insert into bench_words select r - 1, w from unnest($1::text[]) with ordinality as v(w, r)', [vocabulary]);
  });
  const { tokens, userIds } = await seed(url, { users: PEOPLE, posts: POSTS, historyDays: HISTORY_DAYS, names: personName, fields: POST_FIELDS });
  await seedPeopleAndCompanies(url, userIds);
  await seedAnnouncementsAndInterviews(url, userIds);
  // Vacuumed as well as analysed: otherwise autovacuum wakes for the fresh rows in the middle of a window.
  await connected(url, (client) => client.query('vacuum analyze'));
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const facts = await connected(url, async (client) => {
    const version = (await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
    // How common the commonest word is: the worst a one-word query gets.
    const top = (await client.query<{ n: string }>(`select count(*) as n from posts where search_vector @@ to_tsquery('english', $1)`, [vocabulary[0]])).rows[0]!.n;
    return { version, top: Number(top) };
  });
  process.stderr.write(`seeded in ${fmt(seedSeconds, 1)} s; measuring (${WARMUP_SECONDS} s warm-up + ${seconds} s per row at ${RATE} req/s)...\n`);

  const app = await startChild({ name: 'app', args: APP_ARGS, databaseUrl: url, ready: appReady, env: { RUN_PROCESSORS: 'false' } });
  started.push(app);
  const plain = await startPlainServer(url);
  started.push(plain);

  const signedIn = () => ({ ...XHR, cookie: `${SESSION_COOKIE}=${pick(tokens)}` });
  const asked: string[] = [];
  const plainSelect = (): PlannedRequest => ({ method: 'GET', path: `/plain?id=${1 + Math.floor(Math.random() * POSTS)}`, headers: signedIn() });
  const everyGroup = (): PlannedRequest => {
    const q = query();
    asked.push(q);
    return { method: 'GET', path: `/api/v1/search?q=${encodeURIComponent(q)}`, headers: signedIn() };
  };
  const rows = [
    await measure(`plain SELECT route (one post by id), ${LIGHT_RATE} req/s`, plain, plainSelect, LIGHT_RATE),
    await measure(`GET /api/v1/search, every group, ${LIGHT_RATE} req/s`, app, everyGroup, LIGHT_RATE),
    await measure(`plain SELECT route (one post by id), ${RATE} req/s`, plain, plainSelect),
    await measure(`GET /api/v1/search, every group, ${RATE} req/s`, app, everyGroup),
    await measure(`GET /api/v1/search?kind=posts, ${RATE} req/s`, app, () => ({ method: 'GET', path: `/api/v1/search?kind=posts&q=${encodeURIComponent(query())}`, headers: signedIn() })),
    await measure(`GET /api/v1/search?kind=people, ${RATE} req/s`, app, () => ({ method: 'GET', path: `/api/v1/search?kind=people&q=${encodeURIComponent(query())}`, headers: signedIn() })),
  ];

  console.log(`\nSearch on PostgreSQL ${facts.version}, a steady ${RATE} requests/s over up to ${CONNECTIONS} connections, ${seconds} s per row after ${WARMUP_SECONDS} s of warm-up, same run`);
  console.log(
    `Fixtures: ${fmt(POSTS)} posts (4 kinds, 40-word bodies from a ${fmt(VOCABULARY)}-word Zipf vocabulary; the commonest word is in ${fmt(facts.top)}), ${fmt(PEOPLE)} people with job titles, ${fmt(COMPANIES)} companies, ${fmt(ANNOUNCEMENTS)} public announcements (120-word bodies), ${fmt(INTERVIEWS)} published interviews (two questions each), seeded in ${fmt(seedSeconds, 1)} s`,
  );
  console.log(`Queries: 75% one to three words drawn by the same law, 15% a person's name, 5% a misspelt name, 5% a company's first word; e.g. ${asked.slice(0, 4).map((q) => `"${q}"`).join(', ')}\n`);
  console.log('| workload | req/s | p50 ms | p90 ms | p99 ms | max ms | failed |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.workload} | ${fmt(r.rate)} | ${fmt(r.p50, 2)} | ${fmt(r.p90, 2)} | ${fmt(r.p99, 2)} | ${fmt(r.max, 1)} | ${fmt(r.failed)} |`);
  const overview = rows[3]!;
  console.log(`\nGoal: search p99 <= 50 ms at ${RATE} req/s: ${fmt(overview.p99, 1)} ms ${overview.p99 <= 50 ? 'PASS' : 'FAIL'} (the plain SELECT route's p99 at the same rate: ${fmt(rows[2]!.p99, 1)} ms)`);
  console.log(`Load on the machine during the run (1-minute average): ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`);
} finally {
  await Promise.all(started.map(stopChild));
  if (!process.env.BENCH_KEEP) await dropDatabase(DATABASE);
}
