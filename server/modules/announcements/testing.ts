import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import type { Caller } from '../../testing/people.ts';
import { binaries } from '../video/index.ts';

/** A company with these people answering for it, and a newsroom of it made by the first of them. */
export async function newsroomOf(admin: Caller, name: string, people: Caller[], body: object = {}): Promise<{ id: number; slug: string; companyId: number }> {
  const made = await admin.call('POST', '/api/v1/companies', { name, website: `https://${name.toLowerCase().replace(/[^a-z]+/g, '')}-${Math.random().toString(36).slice(2, 6)}.example` });
  expect(made.statusCode, made.body).toBe(201);
  const companyId = made.json().id as number;
  for (const person of people) {
    const info = await person.call('GET', '/api/v1/current_user/info');
    const joined = await admin.call('PATCH', `/api/v1/u/${info.json().slug}/settings/company/${companyId}/join`);
    expect(joined.statusCode, joined.body).toBe(200);
  }
  const newsroom = await people[0]!.call('POST', '/api/v1/newsrooms', { companyId, name, isPublic: true, ...body });
  expect(newsroom.statusCode, newsroom.body).toBe(201);
  return { ...(newsroom.json() as { id: number; slug: string }), companyId };
}

let picture: Promise<Buffer> | null = null;
let clip: Buffer | null = null;

/** Uploads a small PNG as the person, as the app's image picker does; its upload id. */
export async function uploadImage(app: FastifyInstance, who: Caller): Promise<number> {
  picture ??= sharp({ create: { width: 640, height: 360, channels: 3, background: { r: 15, g: 118, b: 110 } } }).png().toBuffer();
  return upload(app, who, await picture, 'launch.png', 'image/png');
}

/** Uploads a one-second clip made with the product's own ffmpeg; its upload id (the video pipeline's). */
export async function uploadVideo(app: FastifyInstance, who: Caller): Promise<number> {
  if (!clip) {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'announcement-clip-')), 'launch.mp4');
    const made = spawnSync(binaries().ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-y', file], { encoding: 'utf8' });
    if (!fs.existsSync(file)) throw new Error(`ffmpeg made no clip: ${made.stderr}`);
    clip = fs.readFileSync(file);
  }
  return upload(app, who, clip, 'launch.mp4', 'video/mp4');
}

async function upload(app: FastifyInstance, who: Caller, content: Buffer, filename: string, type: string): Promise<number> {
  const boundary = `----announcement${Math.random().toString(36).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': `multipart/form-data; boundary=${boundary}` },
    cookies: { [SESSION_COOKIE]: who.token },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** An announcement of the newsroom, drafted by `who`; its id. */
export async function draft(who: Caller, newsroomId: number, body: object = {}): Promise<number> {
  const answer = await who.call('POST', '/api/v1/announcements', { newsroomId, headline: 'Harbour opens a Perth office', body: '<p>Harbour PR opens in Perth on Monday.</p>', ...body });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().id;
}

export const inMinutes = (minutes: number, from = Date.now()) => new Date(from + minutes * 60_000);
