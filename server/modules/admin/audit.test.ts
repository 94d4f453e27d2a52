import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, StreamHistory } from '../../../contracts/admin/audit.ts';
import type { EventMetadata } from '../../../contracts/events/index.ts';
import { productModel } from '../../model.ts';
import { DEMO_PASSWORD, seedDemo } from '../../seed/demo.ts';
import { buildTestApp } from '../../testing/app.ts';
import { metadata, useTestCore } from '../../testing/core.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';

const t = useTestCore(productModel, { process: false });
let app: FastifyInstance;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const positions: Record<string, number> = {};

// Post and comment events are not in the registry yet, so the log gets them as rows, as stored.
async function record(name: string, streamId: string, version: number, type: string, data: object, meta: Partial<EventMetadata>) {
  const { rows } = await sql<{ position: number }>`
    insert into events (stream_id, stream_version, type, schema_version, data, metadata)
    values (${streamId}, ${version}, ${type}, 1, ${JSON.stringify(data)}::jsonb, ${JSON.stringify(metadata(meta))}::jsonb)
    returning position`.execute(t.database.db);
  positions[name] = rows[0]!.position;
}

beforeAll(async () => {
  await seedDemo(t.core);
  app = await buildTestApp(t.core);
  for (const who of ['admin', 'journalist']) {
    const response = await app.inject({ method: 'POST', url: '/api/v1/auth/sign_in', headers: { 'x-requested-with': 'XMLHttpRequest' }, payload: { email: `${who}@pressroom.local`, password: DEMO_PASSWORD } });
    tokens[who] = response.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    ids[who] = String(response.json().id);
  }
  const byAdmin = (requestId: string) => ({ actorId: ids.admin, actorRole: 'admin', requestId, correlationId: requestId, causationId: requestId });
  const byJournalist = (requestId: string) => ({ actorId: ids.journalist, actorRole: 'journo', requestId, correlationId: requestId, causationId: requestId });
  await record('created', 'post-1', 1, 'PostCreated', { postId: 1, kind: 'callout', title: 'Sources wanted' }, byJournalist('req-0'));
  await record('deleted', 'post-1', 2, 'PostDeleted', { postId: 1, kind: 'callout' }, byAdmin('req-1'));
  await record('restored', 'post-1', 3, 'PostRestored', { postId: 1, kind: 'callout' }, byAdmin('req-2'));
  await record('commentDeleted', 'comment-7', 1, 'CommentDeleted', { commentId: 7, postId: 1 }, byJournalist('req-3'));
});
afterAll(() => app?.close());

const get = (who: string | null, url: string) =>
  app.inject({ method: 'GET', url, headers: { 'x-requested-with': 'XMLHttpRequest' }, cookies: who ? { [SESSION_COOKIE]: tokens[who]! } : {} });

const audit = async (query = '') => {
  const response = await get('admin', `/api/v1/admin/audit${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as AuditPage;
};

describe('the admins’ audit of the log', () => {
  it('lists deletes and restores newest first: who, when, what, role and request id', async () => {
    const { data, nextBefore } = await audit();
    expect(data).toEqual([
      {
        position: positions.commentDeleted,
        streamId: 'comment-7',
        streamVersion: 1,
        type: 'CommentDeleted',
        recordedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        actor: { id: ids.journalist, name: 'Jo Reporter', role: 'journo' },
        requestId: 'req-3',
        correlationId: 'req-3',
        summary: 'Comment 7 deleted',
      },
      expect.objectContaining({ position: positions.restored, type: 'PostRestored', summary: 'Post 1 restored', requestId: 'req-2' }),
      {
        position: positions.deleted,
        streamId: 'post-1',
        streamVersion: 2,
        type: 'PostDeleted',
        recordedAt: expect.any(String),
        actor: { id: ids.admin, name: 'Ada Admin', role: 'admin' },
        requestId: 'req-1',
        correlationId: 'req-1',
        summary: 'Post 1 deleted',
      },
    ]);
    expect(nextBefore).toBeNull();
  });

  it('filters by event type, given several times or comma-separated', async () => {
    expect((await audit('?type=PostCreated')).data.map((row) => row.summary)).toEqual(['PostCreated on post-1']);
    const repeated = await audit('?type=PostCreated&type=CommentDeleted');
    const commas = await audit('?type=PostCreated,%20CommentDeleted');
    expect(repeated.data.map((row) => row.position)).toEqual([positions.commentDeleted, positions.created]);
    expect(commas).toEqual(repeated);
  });

  it('shows acts of the system with no person behind them', async () => {
    const { data } = await audit('?type=AccountCreated');
    expect(data.length).toBe(2);
    expect(data[0]).toMatchObject({ actor: { id: null, name: null, role: 'system' }, summary: expect.stringMatching(/^AccountCreated on account-\d+$/) });
  });

  it('filters by actor and by stream', async () => {
    expect((await audit(`?actorId=${ids.admin}`)).data.map((row) => row.type)).toEqual(['PostRestored', 'PostDeleted']);
    expect((await audit(`?actorId=${ids.journalist}`)).data.map((row) => row.type)).toEqual(['CommentDeleted']);
    expect((await audit('?streamId=post-1')).data.map((row) => row.streamVersion)).toEqual([3, 2]);
    expect((await audit('?streamId=post-1&type=PostCreated')).data.map((row) => row.streamVersion)).toEqual([1]);
    expect((await audit('?streamId=post-404')).data).toEqual([]);
  });

  it('pages back in time with before and nextBefore', async () => {
    const first = await audit('?limit=2');
    expect(first.data.map((row) => row.position)).toEqual([positions.commentDeleted, positions.restored]);
    expect(first.nextBefore).toBe(positions.restored);
    const second = await audit(`?limit=2&before=${first.nextBefore}`);
    expect(second.data.map((row) => row.position)).toEqual([positions.deleted]);
    expect(second.nextBefore).toBeNull();
    expect((await audit(`?limit=3`)).nextBefore).toBeNull();
  });

  it('shows the whole history of one post in order, as stored', async () => {
    const response = await get('admin', '/api/v1/admin/streams/post-1/events');
    expect(response.statusCode).toBe(200);
    const history = response.json() as StreamHistory;
    expect(history.streamId).toBe('post-1');
    expect(history.events.map((e) => [e.position, e.streamVersion, e.type])).toEqual([
      [positions.created, 1, 'PostCreated'],
      [positions.deleted, 2, 'PostDeleted'],
      [positions.restored, 3, 'PostRestored'],
    ]);
    expect(history.events[1]).toEqual({
      position: positions.deleted,
      streamVersion: 2,
      type: 'PostDeleted',
      schemaVersion: 1,
      data: { postId: 1, kind: 'callout' },
      metadata: { actorId: ids.admin, actorRole: 'admin', requestId: 'req-1', correlationId: 'req-1', causationId: 'req-1' },
      recordedAt: expect.any(String),
    });
  });

  it('refuses non-admins with 403 and guests with 401', async () => {
    for (const url of ['/api/v1/admin/audit', '/api/v1/admin/streams/post-1/events']) {
      const journalist = await get('journalist', url);
      expect(journalist.statusCode).toBe(403);
      expect(journalist.json()).toEqual({ detail: 'Sorry, you are not permitted to do this.' });
      expect((await get(null, url)).statusCode).toBe(401);
    }
  });

  it('answers an unknown stream with 404 and a limit over 200 with 400', async () => {
    const unknown = await get('admin', '/api/v1/admin/streams/post-404/events');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'No such stream.' });
    expect((await get('admin', '/api/v1/admin/audit?limit=201')).statusCode).toBe(400);
    expect((await get('admin', '/api/v1/admin/audit?limit=200')).statusCode).toBe(200);
    expect((await get('admin', '/api/v1/admin/audit?type=Post%20Deleted')).statusCode).toBe(400);
  });
});
