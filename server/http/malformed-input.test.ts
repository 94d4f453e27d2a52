import fc from 'fast-check';
import type { FastifyInstance, HTTPMethods, LightMyRequestResponse, RouteOptions } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productModel } from '../model.ts';
import { SESSION_COOKIE } from '../modules/auth/sessions.ts';
import { seedDemo } from '../seed/demo.ts';
import { buildTestApp } from '../testing/app.ts';
import { useTestCore } from '../testing/core.ts';
import { bodyFor, multipartBody, queryFor, segmentFor } from '../testing/malformed-input.ts';
import { signInAs, type Caller } from '../testing/people.ts';

/**
 * Every route, for every role, fed generated requests: no answer may be a 5xx, every refusal
 * carries the error shape, and a refusal leaves nothing written. The seed is fixed so CI is
 * repeatable; FUZZ_SEED and FUZZ_RUNS replay a failure or search wider.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 14);

const t = useTestCore(productModel, { process: false });
const routes: RouteOptions[] = [];
let app: FastifyInstance;
const roles: Record<string, Caller | null> = { anonymous: null };
const realValues: Record<string, string[]> = {};

// Sessions slide on every signed-in request, and sign-in and recovery count failed attempts:
// in those tables only rows coming and going are writes.
const COUNTED_ONLY = new Set(['sessions', 'password_recoveries', 'credentials']);

/**
 * Every table notes in `written_tables` each row a statement adds, removes or changes (and a
 * truncation): what a request wrote is then read in one statement, where hashing every table
 * after every request took a minute.
 */
async function noteWrites(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(db);
  await sql`create unlogged table written_tables (name text not null)`.execute(db);
  await sql`create function note_write() returns trigger language plpgsql as $$ begin insert into written_tables values (tg_table_name); return null; end $$`.execute(db);
  for (const { table_name: table } of rows) {
    const name = sql.table(table);
    await sql`create trigger note_rows after insert or delete on ${name} for each row execute function note_write()`.execute(db);
    await sql`create trigger note_truncate after truncate on ${name} for each statement execute function note_write()`.execute(db);
    if (COUNTED_ONLY.has(table)) continue;
    await sql`create trigger note_changes after update on ${name} for each row when (old::text is distinct from new::text) execute function note_write()`.execute(db);
  }
}

/** The tables written since the last call. */
async function writtenTables(): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`delete from written_tables returning name`.execute(t.core.database.db);
  return [...new Set(rows.map(({ name }) => name))].sort();
}

beforeAll(async () => {
  await seedDemo(t.core);
  app = await buildTestApp(t.core, { onRoute: (route) => routes.push(route) });
  for (const who of ['admin', 'journalist', 'pr', 'expert'] as const) roles[who] = await signInAs(app, `${who}@pressroom.local`);

  const callout = await roles.journalist!.call('POST', '/api/v1/callouts', { title: 'Sources', content: 'Who can talk?' });
  const postId = String(callout.headers['object-id']);
  const comment = await roles.pr!.call('POST', `/api/v1/callouts/${postId}/comments`, { content: 'I can' });
  const community = await roles.admin!.call('POST', '/api/v1/communities', { name: 'Fuzz Desk', description: 'Tests', private: false });
  const { db } = t.core.database;
  const slugs = await db.selectFrom('users').select(['slug', 'id']).execute();
  realValues.id = [postId, String(comment.json().id)];
  realValues.interviewId = ['1'];
  realValues.userId = slugs.map(({ id }) => String(id));
  realValues.user = slugs.map(({ slug }) => slug);
  realValues.slug = [community.json().slug ?? 'fuzz-desk', 'harbour-pr'];

  await noteWrites(db);
});

afterAll(() => app?.close());

type Sent = { role: string; method: string; url: string; contentType?: string; payload?: string };

async function send(request: Sent): Promise<LightMyRequestResponse> {
  const caller = roles[request.role];
  return app.inject({
    method: request.method as HTTPMethods,
    url: request.url,
    headers: { 'x-requested-with': 'XMLHttpRequest', ...(request.contentType ? { 'content-type': request.contentType } : {}) },
    ...(caller ? { cookies: { [SESSION_COOKIE]: caller.token } } : {}),
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
}

/** What is wrong with an answer to a malformed request, or null when it is a proper one. */
function problemWith(response: LightMyRequestResponse, written: string[]): string | null {
  if (response.statusCode >= 500) return `answered ${response.statusCode}: ${response.body.slice(0, 200)}`;
  if (response.statusCode < 400) return null;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `answered ${response.statusCode} without a JSON body: ${response.body.slice(0, 200)}`;
  }
  const { errors, detail } = (body ?? {}) as { errors?: unknown; detail?: unknown };
  const shaped = (Array.isArray(errors) && errors.length > 0 && errors.every((line) => typeof line === 'string')) || typeof detail === 'string';
  if (!shaped) return `answered ${response.statusCode} without errors or detail: ${response.body.slice(0, 200)}`;
  if (written.length > 0) return `answered ${response.statusCode} but wrote to ${written.join(', ')}`;
  return null;
}

function methodOf(route: RouteOptions): string {
  return Array.isArray(route.method) ? route.method[0]! : route.method;
}

/** The routes of the API; the static file routes and the log tail's websocket are not. */
function apiRoutes(): RouteOptions[] {
  return routes.filter((route) => route.url.startsWith('/api/') && !route.url.includes('*') && !(route as { websocket?: boolean }).websocket && methodOf(route) !== 'HEAD');
}

function requestFor(route: RouteOptions): fc.Arbitrary<Sent> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const segments = fc.tuple(...names.map((name) => segmentFor(realValues[name] ?? [])));
  const method = methodOf(route);
  const takesBody = method !== 'GET' && method !== 'DELETE';
  const body = takesBody ? (route.schema?.body ? bodyFor(route) : fc.oneof(bodyFor(route), multipartBody)) : fc.constant(null);
  return fc.record({ role: fc.constantFrom(...Object.keys(roles)), segments, query: queryFor(route), body }).map(({ role, segments: values, query, body: sent }) => {
    let index = 0;
    const path = route.url.replace(/:(\w+)/g, () => values[index++]!);
    return { role, method, url: query ? `${path}?${query}` : path, ...(sent ?? {}) };
  });
}

describe('malformed requests', () => {
  it('answer every route and role with a 4xx in the error shape, never a 5xx, and write nothing when refused', async () => {
    const api = apiRoutes();
    expect(api.length).toBeGreaterThan(90);
    const failures: string[] = [];
    // The notes see writes: a sign-in adds a session.
    await writtenTables();
    await signInAs(app, 'admin@pressroom.local');
    expect(await writtenTables()).toEqual(['sessions']);
    // Nothing else writes between two requests: what is written after one is the next one's.
    for (const route of api) {
      const result = await fc.check(
        fc.asyncProperty(requestFor(route), async (request) => {
          const response = await send(request);
          const written = await writtenTables();
          // A session the request ended (sign-out, a password change) is opened again for the next one.
          if (response.statusCode === 401 && request.role !== 'anonymous') {
            roles[request.role] = await signInAs(app, `${request.role}@pressroom.local`);
            await writtenTables();
          }
          const problem = problemWith(response, response.statusCode >= 400 ? written : []);
          if (problem) throw new Error(problem);
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
      if (result.failed) {
        const sent = result.counterexample?.[0] as Sent | undefined;
        const cut = (text = '') => (text.length > 160 ? `${text.slice(0, 160)}…` : text);
        const problem = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
        failures.push(`${methodOf(route)} ${route.url} (seed ${SEED}, path ${result.counterexamplePath}): ${cut(problem)}\n    ${JSON.stringify({ ...sent, url: cut(sent?.url), payload: cut(sent?.payload) })}`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
