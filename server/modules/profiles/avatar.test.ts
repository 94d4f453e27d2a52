import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { seedDemo } from '../../seed/demo.ts';
import { buildTestApp } from '../../testing/app.ts';
import { useTestCore } from '../../testing/core.ts';
import { signInAs, type Caller } from '../../testing/people.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { AVATAR_ICON_SIZE, AVATAR_SIZE } from './avatar.ts';

const t = useTestCore(productModel, { process: false });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pressroom-avatars-'));
let app: FastifyInstance;
let jo: Caller;
let eve: Caller;
let photo: Buffer;

beforeAll(async () => {
  await seedDemo(t.core);
  app = await buildTestApp(t.core, { uploads: { dir } });
  jo = await signInAs(app, 'journalist@pressroom.local');
  eve = await signInAs(app, 'expert@pressroom.local');
  // A wide photo with an EXIF block that says where it was taken.
  photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withExifMerge({ IFD0: { Copyright: 'GPS -33.86 151.21' } })
    .toBuffer();
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function multipart(content: Buffer, filename: string, contentType: string, field = 'avatar') {
  const boundary = `----pressroom-avatar-${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(who: Caller, slug: string, body: ReturnType<typeof multipart>) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/u/${slug}/settings/avatar`,
    headers: { 'x-requested-with': 'XMLHttpRequest', ...body.headers },
    cookies: { [SESSION_COOKIE]: who.token },
    payload: body.payload,
  });
}

const onDisk = (publicPath: string) => path.join(dir, publicPath.replace(/^\/uploads\//, ''));
const filesIn = () => fs.readdirSync(dir, { recursive: true }).filter((name) => String(name).endsWith('.webp')).length;

describe('the avatar', () => {
  it('is cut to two squares without the original’s metadata, shown as the person’s logo and logoIcon', async () => {
    const response = await upload(jo, 'jo-reporter', multipart(photo, 'me.png', 'image/png'));
    expect(response.statusCode, response.body).toBe(200);
    const { logo, logoIcon } = response.json();
    expect(logo).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{32}\.webp$/);
    for (const [file, size] of [
      [logo, AVATAR_SIZE],
      [logoIcon, AVATAR_ICON_SIZE],
    ] as const) {
      const metadata = await sharp(onDisk(file)).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: size, height: size });
      expect(metadata.exif).toBeUndefined();
    }
    expect((await jo.call('GET', '/api/v1/current_user/info')).json()).toMatchObject({ logo, logoIcon });
    expect((await app.inject({ method: 'GET', url: logo })).statusCode).toBe(200);
  });

  it('replaces the old files when changed, and removes them when deleted', async () => {
    const first = (await upload(jo, 'jo-reporter', multipart(photo, 'a.jpg', 'image/jpeg'))).json();
    const second = (await upload(jo, 'jo-reporter', multipart(photo, 'b.jpg', 'image/jpeg'))).json();
    expect(second.logo).not.toBe(first.logo);
    expect(fs.existsSync(onDisk(first.logo))).toBe(false);
    expect(fs.existsSync(onDisk(first.logoIcon))).toBe(false);
    expect(fs.existsSync(onDisk(second.logo))).toBe(true);

    const removed = await jo.call('DELETE', '/api/v1/u/jo-reporter/settings/avatar');
    expect(removed.json()).toMatchObject({ logo: null, logoIcon: null });
    expect(fs.existsSync(onDisk(second.logo))).toBe(false);
    expect(filesIn()).toBe(0);
  });

  it('is judged by its bytes: a script named .png is refused, and nothing is kept', async () => {
    const response = await upload(jo, 'jo-reporter', multipart(Buffer.from('<script>alert(1)</script>'), 'evil.png', 'image/png'));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(['This file type is not supported']);
    const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(12)]);
    expect((await upload(jo, 'jo-reporter', multipart(video, 'clip.mp4', 'video/mp4'))).json().errors).toEqual(['This file type is not supported']);
    expect(filesIn()).toBe(0);
  });

  it('is at most 10 MB', async () => {
    const huge = Buffer.concat([await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer(), Buffer.alloc(10 * 1024 * 1024)]);
    const response = await upload(jo, 'jo-reporter', multipart(huge, 'huge.png', 'image/png'));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(['This image is larger than 10 MB']);
    expect(filesIn()).toBe(0);
  });

  it('comes in the avatar field, and only from the person (or an admin)', async () => {
    expect((await upload(jo, 'jo-reporter', multipart(photo, 'a.jpg', 'image/jpeg', 'file'))).json().errors).toEqual(['Choose a picture to upload']);
    expect((await upload(eve, 'jo-reporter', multipart(photo, 'a.jpg', 'image/jpeg'))).statusCode).toBe(403);
    expect(filesIn()).toBe(0);
  });
});
