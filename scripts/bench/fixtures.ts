/**
 * What the benches share: a database of their own made anew, people with sessions and posts
 * seeded set-based, and the app (or another server) run as a child process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import type { EventMetadata } from '../../contracts/events/index.ts';
import { Liked, PostCreated } from '../../contracts/posts/events.ts';
import { postFields } from '../../contracts/posts/fields.ts';
import { KIND_PATHS, type PostKind } from '../../contracts/posts/kinds.ts';
import type { AccountRole } from '../../contracts/users/enums.ts';
import { DEFAULT_TIMEZONE } from '../../contracts/users/enums.ts';
import { UserRegistered } from '../../contracts/users/events.ts';
import { openCore } from '../../server/core.ts';
import { createLog } from '../../server/log.ts';
import { productModel } from '../../server/model.ts';
import { hashPassword } from '../../server/modules/auth/passwords.ts';
import { startSession } from '../../server/modules/auth/sessions.ts';
import { slugify } from '../../server/modules/users/slugs.ts';

export const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const log = createLog('warn');

export type SeededPost = { id: number; kind: PostKind };
export type Fixtures = { tokens: string[]; userIds: number[]; posts: SeededPost[]; seedSeconds: number };
export type Child = { name: string; child: ChildProcess; exited: Promise<unknown>; base: string };

// Not server/testing/core.ts's helper: that module starts vitest's state on import.
const metadata = (actorId: string | null, actorRole: string | null): EventMetadata => ({ actorId, actorRole, requestId: null, correlationId: 'bench-seed', causationId: null });
export const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
export const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
export const likePath = (post: SeededPost) => `/api/v1/${KIND_PATHS[post.kind]}/${post.id}/toggleLike`;

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function connected<T>(connectionString: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Drops and creates `name` on the server; answers its URL. */
/**
 * The plain INSERT route's table (plain-server.ts), a like's columns with no key beyond its own
 * id, made in the bench's database; answers the server's version for the table's caption.
 */
export async function preparePlainTable(url: string): Promise<string> {
  return connected(url, async (client) => {
    await client.query(`create table bench_plain_likes (
      id bigint generated always as identity primary key,
      target_kind text not null, target_id bigint not null, user_id bigint not null, liked_at timestamptz not null)`);
    return (await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
  });
}

export async function freshDatabase(name: string): Promise<string> {
  await connected(serverUrl, async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(name: string): Promise<void> {
  await connected(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
}

// An ISO date-time with offset, as the API accepts and posts store them.
const isoUtc = (at: string) => `to_char((${at}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * Fields per kind, valid for contracts/posts/fields.ts; the kind follows the id, so that
 * `shaped` below can build them in SQL for the whole table in one pass.
 */
const FIELDS_SQL = sql.raw(`case kind
  when 'communityPost' then jsonb_build_object('content', '<p>Community note ' || id || ': who is covering the budget?</p>', 'attachments', '[]'::jsonb)
  when 'callout' then jsonb_build_object('title', 'Callout ' || id || ': experts on housing supply', 'content', '<p>Looking for comment by Friday.</p>',
    'deadline', ${isoUtc(`at + interval '7 days'`)}, 'interviewId', null, 'showQuestions', false, 'allowSkip', false)
  when 'job' then jsonb_build_object('title', 'Reporter ' || id, 'description', '<p>Cover local politics.</p>', 'company', 'The Bugle',
    'workplace', (array['on-site', 'remote', 'hybrid'])[1 + (id / 4) % 3], 'jobType', (array['full-time', 'part-time', 'temporary', 'volunteer'])[1 + (id / 4) % 4],
    'location', 'Sydney', 'img', null, 'url', 'https://example.com/jobs/' || id)
  when 'event' then jsonb_build_object('name', 'Press briefing ' || id, 'eventType', (array['online', 'offline'])[1 + (id / 4) % 2], 'timezone', '${DEFAULT_TIMEZONE}',
    'address', '', 'venue', '', 'link', 'https://example.com/events/' || id, 'description', '<p>Questions welcome.</p>', 'img', null,
    'start', ${isoUtc(`at + interval '3 days'`)}, 'end', ${isoUtc(`at + interval '3 days 1 hour'`)})
  end`);
const SEEDED_KINDS: PostKind[] = ['communityPost', 'callout', 'job', 'event'];

/**
 * Text for benches that read it (search): a person's name by their index, and post fields
 * as SQL over `id`, `kind` and `at` in FIELDS_SQL's shapes. Without them, every post of a kind
 * says the same.
 */
export type SeedText = { names?: (i: number) => [string, string]; fields?: RawBuilder<unknown> };

/**
 * The log and its read models written set-based, as the commands and inline projections
 * would have written them (one argon2 hash shared by everyone: hashing 1,000 would take
 * minutes), then one session per person through the app's own startSession. Posts are
 * untargeted and in no community: everyone may read them and they reach the open feed.
 */
export async function seed(
  url: string,
  { users, posts, historyDays, likesPerPost = 0, names, fields }: { users: number; posts: number; historyDays: number; likesPerPost?: number } & SeedText,
): Promise<Fixtures> {
  const core = await openCore({ database: { kind: 'postgres', url }, redisUrl: null, log, model: productModel });
  try {
    const { db } = core.database;
    const started = performance.now();
    // Times to the millisecond, as an event's time reaches the projections: finer, every row of
    // the fixtures differed from its rebuild, and a bench's first rebuild replaced them all.
    const registeredAt = sql`date_trunc('milliseconds', now() - make_interval(days => ${historyDays + 1}))`;

    const userIds = (await sql<{ id: number }>`select nextval('contact_ids') as id from generate_series(1, ${users})`.execute(db)).rows.map((row) => row.id);
    const roles: AccountRole[] = ['journo', 'pr', 'expert'];
    const people = userIds.map((userId, i) => {
      const role = roles[i % roles.length]!;
      const [firstname, lastname] = names ? names(i) : ['Reader', `Number ${i + 1}`];
      const data = UserRegistered.schema.parse({ userId, email: `reader${i + 1}@bench.local`, firstname, lastname, slug: slugify(firstname, lastname), role, accountId: null, timezone: DEFAULT_TIMEZONE });
      return { data, metadata: metadata(String(userId), role) };
    });
    await sql`
      with input as (
        select (p->'data'->>'userId')::int8 as id, p->'data' as data, p->'metadata' as metadata from jsonb_array_elements(${JSON.stringify(people)}::jsonb) p
      ),
      appended as (
        insert into events (stream_id, stream_version, type, schema_version, data, metadata, recorded_at)
        select 'user-' || id, 1, 'UserRegistered', ${UserRegistered.schemaVersion}, data, metadata, ${registeredAt} from input order by id
      )
      insert into users (id, email, slug, firstname, lastname, job_title, logo, logo_icon, timezone, roles, account_id, is_read_only, is_managed, two_factor, onboarding, created_at)
      select id, data->>'email', data->>'slug', data->>'firstname', data->>'lastname', null, null, null, data->>'timezone', array[data->>'role'], null, false, false, false, null, ${registeredAt}
      from input`.execute(db);
    const passwordHash = await hashPassword('bench-password-nobody-types');
    await sql`insert into credentials (user_id, password_hash) select unnest(${userIds}::int8[]), ${passwordHash}`.execute(db);
    const tokens = await db.transaction().execute(async (trx) => {
      const made: string[] = [];
      for (const userId of userIds) made.push(await startSession(trx, userId, { userAgent: 'autocannon', ip: '127.0.0.1' }));
      return made;
    });

    // Published one every historyDays / posts apart, oldest first, so positions and times agree.
    await sql`
      with src as (
        select g as id, (${SEEDED_KINDS}::text[])[1 + g % ${SEEDED_KINDS.length}] as kind,
               (${userIds}::int8[])[1 + (g * 7919) % ${users}] as author_id, (${roles}::text[])[1 + ((g * 7919) % ${users}) % ${roles.length}] as author_role,
               date_trunc('milliseconds', now() - (${posts} - g) * make_interval(secs => ${(historyDays * 86_400) / posts})) as at
        from generate_series(1, ${posts}) g
      ),
      shaped as (select src.*, ${fields ?? FIELDS_SQL} as fields from src),
      appended as (
        insert into events (stream_id, stream_version, type, schema_version, data, metadata, recorded_at)
        select 'post-' || id, 1, 'PostCreated', ${PostCreated.schemaVersion},
               jsonb_build_object('postId', id, 'kind', kind, 'authorId', author_id, 'authorType', 'person', 'creatorId', author_id,
                                  'communityIds', '[]'::jsonb, 'userTypes', '[]'::jsonb, 'fields', fields, 'mentions', '[]'::jsonb),
               ${JSON.stringify(metadata(null, null))}::jsonb || jsonb_build_object('actorId', author_id::text, 'actorRole', author_role),
               at
        from shaped order by id
      )
      insert into posts (id, kind, author_id, author_type, creator_id, community_ids, user_types, fields, is_deleted, published_at, updated_at, likes_count, comments_count, total_comments_count)
      select id, kind, author_id, 'person', author_id, '{}', '{}', fields, false, at, at, 0, 0, 0 from shaped`.execute(db);
    await sql`select setval('post_ids', ${posts})`.execute(db);

    // Likes, each with its Liked event, spread between the post and now; no one likes a post
    // twice (the people a post's likes come from are 7919 apart modulo the head count).
    if (likesPerPost > 0) {
      await sql`
        with src as (
          select p.id as post_id, (${userIds}::int8[])[1 + (p.id + k * 7919) % ${users}] as user_id,
                 date_trunc('milliseconds', p.published_at + (now() - p.published_at) * (k::float8 / ${likesPerPost + 1})) as at
          from posts p, generate_series(1, ${likesPerPost}) k
        ),
        appended as (
          insert into events (stream_id, stream_version, type, schema_version, data, metadata, recorded_at)
          select 'like-post-' || post_id || '-' || user_id, 1, 'Liked', ${Liked.schemaVersion},
                 jsonb_build_object('targetKind', 'post', 'targetId', post_id, 'userId', user_id),
                 ${JSON.stringify(metadata(null, null))}::jsonb || jsonb_build_object('actorId', user_id::text),
                 at
          from src order by at, post_id
        )
        insert into likes (target_kind, target_id, user_id, liked_at) select 'post', post_id, user_id, at from src`.execute(db);
      await sql`update posts set likes_count = ${likesPerPost}`.execute(db);
    }

    // What SQL built must be what the commands would have: one event of each kind through the contracts.
    const samples = await sql<{ data: unknown }>`select distinct on (data->>'kind') data from events where type = 'PostCreated' order by data->>'kind', position`.execute(db);
    for (const { data } of samples.rows) {
      const event = PostCreated.schema.parse(data);
      postFields[event.kind].parse(event.fields);
    }
    const liked = await sql<{ data: unknown }>`select data from events where type = 'Liked' limit 1`.execute(db);
    for (const { data } of liked.rows) Liked.schema.parse(data);
    // Vacuumed as well as analysed: otherwise autovacuum wakes for the fresh rows in the middle of a window.
    await sql`vacuum analyze`.execute(db);
    const seedSeconds = (performance.now() - started) / 1000;

    const seeded = (await sql<SeededPost>`select id, kind from posts order by id`.execute(db)).rows;
    return { tokens, userIds, posts: seeded, seedSeconds };
  } finally {
    await core.close();
  }
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** The Node flags before `--import` in an npm script's last command (`node <flags> --import tsx <file>`). */
export function nodeFlags(script: string): string[] {
  const args = script.split('&&').at(-1)!.trim().split(/\s+/);
  return args.slice(1, args.indexOf('--import'));
}

export const npmScripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
/** How production runs the app: `npm start`'s flags. */
const NODE_FLAGS = nodeFlags(npmScripts.start!);
/**
 * The app as production starts it, less the client build. BENCH_APP_NODE_ARGS adds Node flags to
 * the app's process, to profile it under load (`--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
export const APP_ARGS = [...NODE_FLAGS, ...(process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', 'server/main.ts'];
export const appReady = async (base: string) => (await fetch(`${base}/api/v1/health`, { headers: XHR })).status === 200;

/** The baseline routes of plain-server.ts, under the same Node flags as the app. */
export function startPlainServer(databaseUrl: string): Promise<Child> {
  // Any answer at all means it listens: its one route writes, so nothing is asked of it.
  return startChild({ name: 'plain server', args: [...NODE_FLAGS, '--import', 'tsx', 'scripts/bench/plain-server.ts'], databaseUrl, ready: async (base) => (await fetch(`${base}/`)).status > 0 });
}

/**
 * Starts `node ...args` from the repository root on a free port of 127.0.0.1, as the bench
 * runs the app (processors on, warn logs, production, no demo; `env` adds to that), and
 * resolves once `ready` says so.
 */
export async function startChild(options: { name: string; args: string[]; databaseUrl: string; ready: (base: string) => Promise<boolean>; env?: Record<string, string> }): Promise<Child> {
  const { name, args, databaseUrl, ready } = options;
  const port = await freePort();
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    SEED_DEMO: 'false',
    RUN_PROCESSORS: 'true',
    ...options.env,
  };
  // Their output goes to stderr: stdout is the report.
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 2, 2] });
  const exited = once(child, 'exit');
  const running: Child = { name, child, exited, base: `http://127.0.0.1:${port}` };
  const deadline = performance.now() + 60_000;
  let gone = false;
  void exited.then(() => (gone = true));
  while (!(await ready(running.base).catch(() => false))) {
    if (gone) throw new Error(`${name} exited before it was ready (code ${child.exitCode})`);
    if (performance.now() > deadline) {
      await stopChild(running);
      throw new Error(`${name} was not ready after 60 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return running;
}

export async function stopChild({ child, exited }: Pick<Child, 'child' | 'exited'>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
