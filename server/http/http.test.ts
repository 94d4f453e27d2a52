import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/app.ts';
import type { Core } from '../core.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { metadata, openTestCore } from '../testing/core.ts';
import { createTallyTables, tallyDecider, tallyModel, tallyStream, type TallyEvent } from '../testing/fixtures/tally.ts';
import { created, eventMetadata } from './request-context.ts';

let database: TestDatabase;
let core: Core<TallyEvent>;
let app: FastifyInstance;
let tallyIds = 0;

/** Routes of the sample domain, written the way product modules write theirs. */
const tallyRoutes: FastifyPluginAsyncZod = async (api) => {
  api.post('/api/v1/tallies', { schema: { body: z.object({ title: z.string() }) } }, async (request, reply) => {
    const id = ++tallyIds;
    const actor = { id: 'ana', role: 'journo' };
    await core.commands.run(tallyDecider, tallyStream(String(id)), { type: 'open', tallyId: String(id), title: request.body.title, actorId: actor.id }, eventMetadata(request, actor));
    return created(reply, id).send();
  });
  api.post(
    '/api/v1/tallies/:id/count',
    { schema: { params: z.object({ id: z.string().regex(/^\d+$/) }), body: z.object({ amount: z.number().int(), note: z.string().max(20).optional() }) } },
    async (request) => {
      const result = await core.commands.run(
        tallyDecider,
        tallyStream(request.params.id),
        { type: 'count', tallyId: request.params.id, amount: request.body.amount, actorId: 'ben' },
        eventMetadata(request, { id: 'ben', role: 'pr' }),
      );
      return { total: result.state.total };
    },
  );
  api.post('/api/v1/tallies/:id/close', async (request) => {
    const { id } = request.params as { id: string };
    await core.commands.run(tallyDecider, tallyStream(id), { type: 'close', tallyId: id, actorId: 'ben' }, eventMetadata(request, null));
    return {};
  });
  api.get('/api/v1/broken', async () => {
    throw new Error('secret internals at /srv/app.ts:12');
  });
};

const xhr = { 'x-requested-with': 'XMLHttpRequest' };

beforeAll(async () => {
  database = await createTestDatabase();
  await createTallyTables(database.db);
  core = await openTestCore(database, tallyModel());
  app = await buildTestApp(core);
  await app.register(tallyRoutes);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await core?.close();
  await database?.drop();
});

describe('the API guard', () => {
  it('answers 403 with a detail to an /api request without X-Requested-With', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'API requests must carry the header X-Requested-With: XMLHttpRequest.' });
  });

  it('refuses a write without the header before it touches anything', async () => {
    const before = await core.store.head();
    const response = await app.inject({ method: 'POST', url: '/api/v1/tallies', payload: { title: 'Sneaky' } });
    expect(response.statusCode).toBe(403);
    expect(await core.store.head()).toBe(before);
  });
});

describe('errors', () => {
  it('lists every schema problem as a line, with 400', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/tallies/1/count', headers: xhr, payload: { amount: 'many', note: 'x'.repeat(30) } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: ['Amount must be a number', 'Note must be at most 20 characters'],
      fields: { amount: ['Amount must be a number'], note: ['Note must be at most 20 characters'] },
    });
  });

  it('maps domain refusals to 404, 422 and 403 with the decider’s words', async () => {
    const missing = await app.inject({ method: 'POST', url: '/api/v1/tallies/999/count', headers: xhr, payload: { amount: 1 } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'No such tally.' });

    const create = await app.inject({ method: 'POST', url: '/api/v1/tallies', headers: xhr, payload: { title: 'Pitches' } });
    const id = create.headers['object-id'];
    const invalid = await app.inject({ method: 'POST', url: `/api/v1/tallies/${id}/count`, headers: xhr, payload: { amount: -2 } });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({ errors: ['Amount must be a positive whole number.'] });

    const forbidden = await app.inject({ method: 'POST', url: `/api/v1/tallies/${id}/close`, headers: xhr });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ detail: 'Only the person who opened a tally may close it.' });
  });

  it('answers malformed JSON with 400 and a line, not 500', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/tallies', headers: { ...xhr, 'content-type': 'application/json' }, payload: '{"title":' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: ['The request body is not valid JSON'] });
  });

  it('answers an unexpected failure with 500 and no internals', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/broken', headers: xhr });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Something went wrong. We are already working to solve it.' });
    expect(response.body).not.toContain('/srv/app.ts');
  });

  it('answers an unknown route with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/nothing-here?x=1', headers: xhr });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'No route for GET /api/v1/nothing-here' });
  });
});

describe('creates and request ids', () => {
  it('answers a create with 201 and the numeric id in object-id', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/tallies', headers: xhr, payload: { title: 'Deadlines' } });
    expect(response.statusCode).toBe(201);
    expect(response.headers['object-id']).toMatch(/^\d+$/);
  });

  it('carries the request id, the actor and the correlation id into the event metadata', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/tallies',
      headers: { ...xhr, 'x-request-id': 'req-abc-123', 'x-correlation-id': 'flow-9' },
      payload: { title: 'Traced' },
    });
    expect(response.headers['x-request-id']).toBe('req-abc-123');
    const [event] = await core.store.readStream(database.db, tallyStream(String(response.headers['object-id'])));
    expect(event!.metadata).toEqual({ actorId: 'ana', actorRole: 'journo', requestId: 'req-abc-123', correlationId: 'flow-9', causationId: 'req-abc-123' });
  });

  it('answers with the request id whatever the answer: a refusal, a failure, an unknown route, a cross-site call', async () => {
    const answers = await Promise.all(
      [
        { method: 'POST' as const, url: '/api/v1/tallies', headers: { ...xhr, 'content-type': 'application/json' }, payload: '{"title":' },
        { method: 'GET' as const, url: '/api/v1/broken', headers: xhr },
        { method: 'GET' as const, url: '/api/v1/nothing-here', headers: xhr },
        { method: 'GET' as const, url: '/api/v1/health', headers: {} },
      ].map((request, i) => app.inject({ ...request, headers: { ...request.headers, 'x-request-id': `req-${i}` } })),
    );
    expect(answers.map((answer) => [answer.statusCode, answer.headers['x-request-id']])).toEqual([
      [400, 'req-0'],
      [500, 'req-1'],
      [404, 'req-2'],
      [403, 'req-3'],
    ]);
  });

  it('makes up a request id when the caller sends none or an unsafe one', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/health', headers: { ...xhr, 'x-request-id': 'bad id with spaces' } });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /api/v1/health', () => {
  it('reports the database, Redis and each processor with its position and lag', async () => {
    await core.processors.caughtUp();
    const response = await app.inject({ method: 'GET', url: '/api/v1/health', headers: xhr });
    expect(response.statusCode).toBe(200);
    const health = response.json();
    expect(health).toMatchObject({ status: 'ok', database: { status: 'ok', driver: database.driver }, redis: { status: 'not configured' } });
    expect(health.head).toBe(await core.store.head());
    expect(health.processors).toEqual([
      { name: 'tally_feed', version: 1, state: 'live', paused: false, position: health.head, lagEvents: 0, lagSeconds: 0, error: null, errorPosition: null },
    ]);
  });

  it('shows lag while a processor is behind', async () => {
    await core.processors.stop();
    await core.store.append('tally-lag', 'any', [{ type: 'TallyCounted', data: { tallyId: 'lag', amount: 1, note: '' } }], metadata());
    const health = (await app.inject({ method: 'GET', url: '/api/v1/health', headers: xhr })).json();
    expect(health.processors[0]).toMatchObject({ lagEvents: 1 });
    expect(health.processors[0].lagSeconds).toBeGreaterThanOrEqual(0);
  });
});
