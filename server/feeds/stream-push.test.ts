import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { productModel } from '../model.ts';
import { seedDemo } from '../seed/demo.ts';
import { buildTestApp } from '../testing/app.ts';
import { silentLog, useTestCore } from '../testing/core.ts';
import { signInAs, type Caller } from '../testing/people.ts';
import { withStreamPush } from './model.ts';

const API_KEY = 'stream-test-key';
const API_SECRET = 'stream-test-secret';

type Recorded = { method: string; path: string; query: Record<string, string>; token: jwt.JwtPayload | null; body: Record<string, unknown> | null; status: number };

function verified(authorization: string | undefined): jwt.JwtPayload | null {
  try {
    return jwt.verify(authorization ?? '', API_SECRET, { algorithms: ['HS256'] }) as jwt.JwtPayload;
  } catch {
    return null;
  }
}

/** Stands in for Stream's API: answers like it does, and records every request it gets. */
function startRecorder() {
  const requests: Recorded[] = [];
  const failures: number[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url!, 'http://stream.test');
      const text = Buffer.concat(chunks).toString();
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      const token = verified(request.headers.authorization);
      // Like Stream, refuse a call not signed with the app's secret.
      const status = token ? (failures.shift() ?? (request.method === 'POST' ? 201 : 200)) : 403;
      requests.push({ method: request.method!, path: url.pathname, query: Object.fromEntries(url.searchParams), token, body, status });
      const answer =
        status >= 400
          ? { detail: 'recorded failure', status_code: status, code: 0, exception: 'Failure' }
          : request.method === 'POST'
            ? { ...body, id: 'x', duration: '1.00ms' }
            : { removed: url.pathname.split('/').at(-2), duration: '1.00ms' };
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  return new Promise<{ url: string; requests: Recorded[]; failNext: (...statuses: number[]) => void; close: () => void }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`,
        requests,
        failNext: (...statuses) => failures.push(...statuses),
        close: () => {
          server.closeAllConnections();
          server.close();
        },
      });
    });
  });
}

const recorder = await startRecorder();
const logs: { level: 'warn' | 'error'; msg: string }[] = [];
const log = { warn: (_: object, msg: string) => logs.push({ level: 'warn', msg }), error: (_: object, msg: string) => logs.push({ level: 'error', msg }) };
const t = useTestCore(withStreamPush(productModel, { apiKey: API_KEY, apiSecret: API_SECRET, apiUrl: recorder.url, push: true }, log), { process: true });

let app: FastifyInstance;
let journalist: Caller;

beforeAll(async () => {
  await seedDemo(t.core);
  app = await buildTestApp(t.core);
  journalist = await signInAs(app, 'journalist@pressroom.local');
});
beforeEach(() => {
  logs.length = 0;
});
afterAll(async () => {
  await app?.close();
  recorder.close();
});

const feedPath = (userId: number) => `/api/v1.0/feed/user/${userId}/`;
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const callout = (extra: object = {}) => ({ title: 'Experts on the budget?', content: 'Looking for economists', deadline: future(3), ...extra });

async function createCallout(extra: object = {}): Promise<number> {
  const created = await journalist.call('POST', '/api/v1/callouts', callout(extra));
  expect(created.statusCode, created.body).toBe(201);
  return Number(created.headers['object-id']);
}

const requestsFor = (postId: number) => recorder.requests.filter((r) => r.body?.foreign_id === `post:${postId}` || r.path.endsWith(`/post:${postId}/`));

/** The pushes go out after the commit, on their own: wait until `count` of them have arrived. */
async function pushesFor(postId: number, count: number): Promise<Recorded[]> {
  await t.core.processors.caughtUp();
  const deadline = Date.now() + 5000;
  while (requestsFor(postId).length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} Stream requests for post ${postId}, got ${JSON.stringify(requestsFor(postId))}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return requestsFor(postId);
}

async function publishedTime(postId: number): Promise<string> {
  const row = await t.database.db.selectFrom('posts').select('published_at').where('id', '=', postId).executeTakeFirstOrThrow();
  return new Date(row.published_at).toISOString().replace(/Z$/, '');
}

describe('stream_push', () => {
  it("adds a public post to its author's feed and beats, and removes it by foreign id when deleted", async () => {
    const postId = await createCallout();
    const [add] = await pushesFor(postId, 1);
    expect(add).toMatchObject({
      method: 'POST',
      path: feedPath(journalist.id),
      query: { api_key: API_KEY },
      token: { resource: '*', action: '*', feed_id: `user${journalist.id}` },
      status: 201,
    });
    expect(add!.body).toEqual({
      actor: `user:${journalist.id}`,
      verb: 'post',
      object: `callout:${postId}`,
      foreign_id: `post:${postId}`,
      time: await publishedTime(postId),
      kind: 'callout',
      title: 'Experts on the budget?',
      to: ['beat:62', 'beat:356'],
    });

    expect((await journalist.call('DELETE', `/api/v1/callouts/${postId}`)).statusCode).toBe(204);
    const [, remove] = await pushesFor(postId, 2);
    expect(remove).toMatchObject({
      method: 'DELETE',
      path: `${feedPath(journalist.id)}post:${postId}/`,
      query: { api_key: API_KEY, foreign_id: '1' },
      token: { feed_id: `user${journalist.id}` },
      body: null,
    });
    expect(logs).toEqual([]);
  });

  it("keeps a post for some user types on its author's feed, out of the public beat feeds", async () => {
    const postId = await createCallout({ userTypes: ['journo'] });
    const [add] = await pushesFor(postId, 1);
    expect(add).toMatchObject({ method: 'POST', path: feedPath(journalist.id), body: { foreign_id: `post:${postId}`, actor: `user:${journalist.id}` } });
    expect(add!.body).not.toHaveProperty('to');
  });

  it('re-places an edited post with its new audience, and brings a restored one back at its first time', async () => {
    const postId = await createCallout();
    await pushesFor(postId, 1);
    const edited = await journalist.call('PATCH', `/api/v1/callouts/${postId}`, callout({ title: 'Economists, anyone?', userTypes: ['journo'] }));
    expect(edited.statusCode, edited.body).toBe(200);
    const [, remove, add] = await pushesFor(postId, 3);
    expect(remove).toMatchObject({ method: 'DELETE', path: `${feedPath(journalist.id)}post:${postId}/` });
    expect(add).toMatchObject({ method: 'POST', body: { foreign_id: `post:${postId}`, title: 'Economists, anyone?', time: await publishedTime(postId) } });
    expect(add!.body).not.toHaveProperty('to');

    expect((await journalist.call('DELETE', `/api/v1/callouts/${postId}`)).statusCode).toBe(204);
    expect((await journalist.call('POST', `/api/v1/callouts/${postId}/restore`)).statusCode).toBe(200);
    const [, , , , restored] = await pushesFor(postId, 5);
    expect(restored).toMatchObject({ method: 'POST', body: { foreign_id: `post:${postId}`, time: await publishedTime(postId) } });
  });

  it('retries a push Stream failed, and it lands', async () => {
    recorder.failNext(500, 500);
    const postId = await createCallout();
    const attempts = await pushesFor(postId, 3);
    expect(attempts.map((r) => [r.method, r.status])).toEqual([
      ['POST', 500],
      ['POST', 500],
      ['POST', 201],
    ]);
    expect(attempts[2]!.body).toEqual(attempts[0]!.body);
    expect(logs.map((l) => l.level)).toEqual(['warn', 'warn']);
  });

  it('logs a push Stream refuses and moves on to the next', async () => {
    recorder.failNext(400);
    const refused = await createCallout();
    const next = await createCallout();
    await pushesFor(next, 1);
    expect(requestsFor(refused).map((r) => r.status)).toEqual([400]);
    expect(logs.map((l) => l.level)).toEqual(['error']);
  });
});

describe('withStreamPush', () => {
  const names = (stream: ReturnType<typeof loadConfig>['stream']) => withStreamPush(productModel, stream, silentLog).processors.map((p) => p.name);

  it('adds the processor only when Stream keys are given in the environment', () => {
    expect(names(loadConfig({}).stream)).not.toContain('stream_push');
    expect(names(loadConfig({ STREAM_API_KEY: 'key' }).stream)).not.toContain('stream_push');
    expect(names(loadConfig({ STREAM_API_KEY: 'key', STREAM_API_SECRET: 'secret' }).stream)).toContain('stream_push');
  });
});
