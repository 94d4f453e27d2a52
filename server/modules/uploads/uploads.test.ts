import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { buildTestApp } from '../../testing/app.ts';
import { useTestCore } from '../../testing/core.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';

const t = useTestCore(productModel, { process: false });
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const dirs: string[] = [];
const apps: FastifyInstance[] = [];

let app: FastifyInstance;
let dir: string;
let ana: string;
let ben: string;
let png: Buffer;

async function appWith(limits: { maxImageBytes?: number; maxVideoBytes?: number } = {}) {
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pressroom-uploads-test-'));
  dirs.push(uploadsDir);
  const built = await buildTestApp(t.core, { uploads: { dir: uploadsDir, ...limits } });
  apps.push(built);
  return { app: built, dir: uploadsDir };
}

async function signUp(target: FastifyInstance, lastname: string): Promise<string> {
  const payload = { email: `${lastname.toLowerCase()}@example.com`, password: 'correct horse battery', firstname: 'Sam', lastname };
  const response = await target.inject({ method: 'POST', url: '/api/v1/auth/sign_up', headers: XHR, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
}

/** A multipart body as a browser's FormData sends it, one file in one field. */
function multipart(content: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----pressroom-test-${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(target: FastifyInstance, token: string | null, body: ReturnType<typeof multipart>) {
  return target.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: { ...XHR, ...body.headers },
    payload: body.payload,
    ...(token ? { cookies: { [SESSION_COOKIE]: token } } : {}),
  });
}

/** The smallest MP4 file-type knows by its bytes: an ftyp box, then an empty mdat. */
function mp4(padding = 16): Buffer {
  const box = (type: string, body: Buffer) => {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(8 + body.length);
    header.write(type, 4, 'latin1');
    return Buffer.concat([header, body]);
  };
  return Buffer.concat([box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2avc1mp41', 'latin1')), box('mdat', Buffer.alloc(padding))]);
}

/** Every file under an uploads directory, in-flight ones included. */
function filesIn(root: string): string[] {
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Where a stored file of the test app lives on disk. */
const onDisk = (publicPath: string) => path.join(dir, publicPath.slice('/uploads/'.length));

const sizeRecorded = async (id: number) => (await sql<{ size_bytes: number }>`select size_bytes from uploads where id = ${id}`.execute(t.database.db)).rows[0]!.size_bytes;

const MARKER = 'secret-location-test';
const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:rights>${MARKER}</dc:rights></rdf:Description></rdf:RDF></x:xmpmeta>`;

/** A GIF with a comment extension carrying `text`, placed after the global colour table as a camera app would. */
function withGifComment(gif: Buffer, text: string): Buffer {
  const packed = gif[10]!;
  const end = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  const body = Buffer.from(text, 'latin1');
  return Buffer.concat([gif.subarray(0, end), Buffer.from([0x21, 0xfe, body.length]), body, Buffer.from([0]), gif.subarray(end)]);
}

const uploadCount = async () => (await sql<{ n: number }>`select count(*)::int as n from uploads`.execute(t.database.db)).rows[0]!.n;

beforeAll(async () => {
  ({ app, dir } = await appWith());
  ana = await signUp(app, 'Ana');
  ben = await signUp(app, 'Ben');
  png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } }).png().toBuffer();
});
afterAll(async () => {
  for (const each of apps) await each.close();
  for (const each of dirs) fs.rmSync(each, { recursive: true, force: true });
});

describe('uploading attachments', () => {
  it('stores an image, answers its media item with the object-id, and makes a 480 px webp thumbnail', async () => {
    const response = await upload(app, ana, multipart(png, 'harbour.png', 'image/png'));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(response.headers['object-id']).toBe(String(body.id));
    expect(body).toEqual({
      id: expect.any(Number),
      type: 'image',
      path: expect.stringMatching(/^\/uploads\/([0-9a-f]{2})\/\1[0-9a-f]{30}\.png$/),
      thumbnail: body.path.replace(/\.png$/, '.thumb.webp'),
      status: 'processed',
      width: 800,
      height: 600,
    });

    const thumbnail = await sharp(onDisk(body.thumbnail)).metadata();
    expect(thumbnail).toMatchObject({ format: 'webp', width: 480, height: 360 });

    const stored = fs.readFileSync(onDisk(body.path));
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 800, height: 600 });
    expect(await sizeRecorded(body.id)).toBe(stored.length);
    const served = await app.inject({ method: 'GET', url: body.path });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(stored)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const metadata = await app.inject({ method: 'GET', url: `/api/v1/uploads/${body.id}`, headers: XHR, cookies: { [SESSION_COOKIE]: ben } });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.json()).toEqual(body);
  });

  it('stores a photo without its metadata: no EXIF, no location, no XMP; orientation turned into the pixels, colours in sRGB', async () => {
    const photo = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#aa3322' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: MARKER, Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 27/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '30/1 31/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .withXmp(XMP)
      .withIccProfile('p3')
      .toBuffer();
    // The fixture carries what a phone writes, or the test proves nothing.
    expect(await sharp(photo).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer), xmp: expect.any(Buffer), icc: expect.any(Buffer) });
    expect(photo.includes(MARKER)).toBe(true);

    const response = await upload(app, ana, multipart(photo, 'field.jpg', 'image/jpeg'));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    // Orientation 6 is a quarter turn: the picture as seen is 80 wide and 120 high.
    expect(body).toMatchObject({ type: 'image', path: expect.stringMatching(/\.jpg$/), width: 80, height: 120 });

    const stored = fs.readFileSync(onDisk(body.path));
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 80, height: 120, space: 'srgb' });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(stored.includes(MARKER)).toBe(false);
    expect(stored.includes('PhoneCo')).toBe(false);
    expect(fs.readFileSync(onDisk(body.thumbnail)).includes(MARKER)).toBe(false);
    expect(await sizeRecorded(body.id)).toBe(stored.length);
    expect((await app.inject({ method: 'GET', url: body.path })).rawPayload.equals(stored)).toBe(true);
  });

  it.each([
    { format: 'png', mime: 'image/png', encode: (image: Sharp) => image.png() },
    { format: 'webp', mime: 'image/webp', encode: (image: Sharp) => image.webp() },
  ])('stores a $format in its format without its EXIF and XMP', async ({ format, mime, encode }) => {
    const image = await encode(sharp({ create: { width: 64, height: 48, channels: 4, background: '#33669980' } }))
      .withExif({ IFD0: { Copyright: MARKER } })
      .withXmp(XMP)
      .toBuffer();
    expect(await sharp(image).metadata()).toMatchObject({ exif: expect.any(Buffer), xmp: expect.any(Buffer) });

    const response = await upload(app, ana, multipart(image, `image.${format}`, mime));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ path: expect.stringMatching(new RegExp(`\\.${format}$`)), width: 64, height: 48 });
    const stored = fs.readFileSync(onDisk(body.path));
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format, width: 64, height: 48, hasAlpha: true });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(stored.includes(MARKER)).toBe(false);
    expect(await sizeRecorded(body.id)).toBe(stored.length);
  });

  it('keeps a palette PNG a palette PNG, every pixel as sent', async () => {
    const pixels = Buffer.alloc(200 * 100 * 3, 0);
    for (let i = 0; i < pixels.length; i += 3) pixels[i] = (i / 3) % 200 < 100 ? 255 : 0;
    const palette = await sharp(pixels, { raw: { width: 200, height: 100, channels: 3 } }).png({ palette: true }).toBuffer();

    const response = await upload(app, ana, multipart(palette, 'logo.png', 'image/png'));
    expect(response.statusCode, response.body).toBe(201);
    const stored = onDisk(response.json().path);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', isPalette: true });
    expect((await sharp(stored).raw().toBuffer()).equals(await sharp(palette).raw().toBuffer())).toBe(true);
  });

  it('keeps an animated GIF animated, frames, delays and loop, without its comment', async () => {
    const frames = await Promise.all(['#ff0000', '#00ff00', '#0000ff'].map((background) => sharp({ create: { width: 30, height: 20, channels: 3, background } }).png().toBuffer()));
    const animated = await sharp(frames, { join: { animated: true } }).gif({ delay: [100, 200, 300], loop: 2 }).toBuffer();
    const gif = withGifComment(animated, MARKER);
    expect(await sharp(gif).metadata()).toMatchObject({ pages: 3 });

    const response = await upload(app, ana, multipart(gif, 'loop.gif', 'image/gif'));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    // One frame's size, not the strip of all three.
    expect(body).toMatchObject({ path: expect.stringMatching(/\.gif$/), width: 30, height: 20 });
    const stored = fs.readFileSync(onDisk(body.path));
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'gif', pages: 3, width: 30, height: 20, delay: [100, 200, 300], loop: 2 });
    expect(stored.includes(MARKER)).toBe(false);
    expect(await sharp(onDisk(body.thumbnail)).metadata()).toMatchObject({ format: 'webp', width: 30, height: 20 });
    expect(await sizeRecorded(body.id)).toBe(stored.length);
  });

  it('refuses bytes that start like an image but do not decode, and keeps nothing of them', async () => {
    const before = filesIn(dir);
    const count = await uploadCount();
    const broken = Buffer.concat([png.subarray(0, 64), Buffer.alloc(64)]);
    const response = await upload(app, ana, multipart(broken, 'broken.png', 'image/png'));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: ['This image could not be read'] });
    expect(filesIn(dir)).toEqual(before);
    expect(await uploadCount()).toBe(count);
  });

  it('keeps a video as processing until the video pipeline exists, and never serves it as sent', async () => {
    const video = mp4();
    const response = await upload(app, ana, multipart(video, 'clip.mp4', 'video/mp4'));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      id: Number(response.headers['object-id']),
      type: 'video',
      path: expect.stringMatching(/^\/uploads\/\.kept\/[0-9a-f]{2}\/[0-9a-f]{32}\.mp4$/),
      thumbnail: null,
      status: 'processing',
      width: null,
      height: null,
    });
    // The original carries where and on what it was recorded: it is the pipeline's input only.
    expect(fs.readFileSync(path.join(dir, response.json().path.slice('/uploads/'.length))).equals(video)).toBe(true);
    expect((await app.inject({ method: 'GET', url: response.json().path })).statusCode).toBe(404);
  });

  it('judges a file by its bytes: text named photo.png is not supported, and nothing of it stays', async () => {
    const before = filesIn(dir);
    const response = await upload(app, ana, multipart(Buffer.from('just words, no pixels'), 'photo.png', 'image/png'));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: ['This file type is not supported'] });
    expect(filesIn(dir)).toEqual(before);
  });

  it('refuses a file over the limit of its kind and keeps nothing of it', async () => {
    const small = await appWith({ maxImageBytes: 1024, maxVideoBytes: 64 * 1024 });
    const token = await signUp(small.app, 'Cleo');
    const count = await uploadCount();

    const image = await upload(small.app, token, multipart(png, 'harbour.png', 'image/png'));
    expect(image.statusCode).toBe(422);
    expect(image.json()).toEqual({ errors: ['This image is larger than 1 KB'] });
    // Past the larger limit the stream is cut short; its first bytes still say what it is.
    const video = await upload(small.app, token, multipart(mp4(100 * 1024), 'clip.mp4', 'video/mp4'));
    expect(video.statusCode).toBe(422);
    expect(video.json()).toEqual({ errors: ['This video is larger than 64 KB'] });

    expect(filesIn(small.dir)).toEqual([]);
    expect(await uploadCount()).toBe(count);
  });

  it('asks for the file in the field named file', async () => {
    const response = await upload(app, ana, multipart(png, 'harbour.png', 'image/png', 'picture'));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: ['Choose a file to upload'] });
  });

  it('lets no guest upload or read an upload', async () => {
    const before = filesIn(dir);
    const response = await upload(app, null, multipart(png, 'harbour.png', 'image/png'));
    expect(response.statusCode).toBe(401);
    expect(filesIn(dir)).toEqual(before);
    expect((await app.inject({ method: 'GET', url: '/api/v1/uploads/1', headers: XHR })).statusCode).toBe(401);
  });

  it('answers 404 for an upload that does not exist, and never serves a file still arriving', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/v1/uploads/999999', headers: XHR, cookies: { [SESSION_COOKIE]: ana } });
    expect(missing.statusCode).toBe(404);
    fs.writeFileSync(path.join(dir, '.incoming', 'half-written'), 'partial bytes');
    expect((await app.inject({ method: 'GET', url: '/uploads/.incoming/half-written' })).statusCode).toBe(404);
  });
});
