import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { seedDemo } from '../../seed/demo.ts';
import { buildTestApp } from '../../testing/app.ts';
import { useTestCore } from '../../testing/core.ts';
import { signInAs, type Caller } from '../../testing/people.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { TUS_PATH } from './routes.ts';
import { makeClip } from './testing.ts';

const t = useTestCore(productModel, { process: false });
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pressroom-tus-'));
let app: FastifyInstance;
let pat: Caller;
let jo: Caller;
let clip: Buffer;

beforeAll(async () => {
  await seedDemo(t.core);
  app = await buildTestApp(t.core, { uploads: { dir: uploadsDir } });
  pat = await signInAs(app, 'pr@pressroom.local');
  jo = await signInAs(app, 'journalist@pressroom.local');
  await makeClip(path.join(uploadsDir, 'clip.mp4'), { width: 160, height: 120, seconds: 1 });
  clip = fs.readFileSync(path.join(uploadsDir, 'clip.mp4'));
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

const TUS = { 'tus-resumable': '1.0.0', 'x-requested-with': 'XMLHttpRequest' };
const as = (who: Caller) => ({ cookies: { [SESSION_COOKIE]: who.token } });

async function create(who: Caller, length: number): Promise<string> {
  const name = Buffer.from('recording.mp4').toString('base64');
  const response = await app.inject({ method: 'POST', url: TUS_PATH, headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': `filename ${name}` }, ...as(who) });
  expect(response.statusCode, response.body).toBe(201);
  return response.headers.location as string;
}

const patch = (who: Caller, url: string, offset: number, bytes: Buffer) =>
  app.inject({ method: 'PATCH', url, headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, payload: bytes, ...as(who) });

describe('a resumable upload (tus) at /api/v1/uploads/tus', () => {
  it('continues where it stopped and ends as the same video upload as POST /api/v1/uploads', async () => {
    const url = await create(pat, clip.length);
    expect(url).toMatch(new RegExp(`^${TUS_PATH}/${pat.id}-[0-9a-f]{32}$`));
    const half = Math.floor(clip.length / 2);
    expect((await patch(pat, url, 0, clip.subarray(0, half))).statusCode).toBe(204);

    // The connection dropped: the client asks where to go on from.
    const head = await app.inject({ method: 'HEAD', url, headers: TUS, ...as(pat) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(half));

    const last = await patch(pat, url, half, clip.subarray(half));
    expect(last.statusCode, last.body).toBe(201);
    const upload = JSON.parse(last.body);
    expect(upload).toMatchObject({ type: 'video', status: 'processing', path: expect.stringMatching(/^\/uploads\/\.kept\/[0-9a-f]{2}\/[0-9a-f]{32}\.mp4$/) });
    expect(last.headers['object-id']).toBe(String(upload.id));
    expect(fs.readFileSync(path.join(uploadsDir, upload.path.slice('/uploads/'.length))).equals(clip)).toBe(true);
    expect((await pat.call('GET', `/api/v1/videos/${upload.id}`)).json()).toMatchObject({ id: upload.id, status: 'processing' });
    const queued = await sql<{ video_id: number }>`select video_id from video_jobs`.execute(t.database.db);
    expect(queued.rows.map((row) => Number(row.video_id))).toContain(upload.id);
    // Nothing of it is left in the resumable area.
    expect(fs.readdirSync(path.join(uploadsDir, '.tus'))).toEqual([]);
  });

  it('is its owner’s alone, and nobody’s without a session', async () => {
    const url = await create(pat, clip.length);
    expect((await app.inject({ method: 'HEAD', url, headers: TUS, ...as(jo) })).statusCode).toBe(404);
    expect((await patch(jo, url, 0, clip)).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: TUS_PATH, headers: { ...TUS, 'upload-length': '10' } })).statusCode).toBe(401);
  });

  it('refuses a file that is not a video with 422 and its line once it is whole', async () => {
    const text = Buffer.from('just words, no pictures');
    const url = await create(pat, text.length);
    const response = await patch(pat, url, 0, text);
    expect(response.statusCode).toBe(422);
    expect(JSON.parse(response.body)).toEqual({ errors: ['This file type is not supported'] });
  });

  it('answers a request that is not tus in the error shape', async () => {
    const response = await app.inject({ method: 'POST', url: TUS_PATH, headers: { 'x-requested-with': 'XMLHttpRequest', 'upload-length': '10' }, ...as(pat) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: ['Send a tus 1.0.0 request: the Tus-Resumable header is missing'] });
    const noLength = await app.inject({ method: 'POST', url: TUS_PATH, headers: TUS, ...as(pat) });
    expect(noLength.statusCode).toBe(400);
    expect(noLength.json()).toEqual({ detail: expect.any(String) });
  });

  it('refuses an upload larger than the video limit when it is created', async () => {
    const response = await app.inject({ method: 'POST', url: TUS_PATH, headers: { ...TUS, 'upload-length': String(600 * 1024 * 1024) }, ...as(pat) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: expect.any(String) });
  });
});
