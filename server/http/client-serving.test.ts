import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../core.ts';
import { buildTestApp } from '../testing/app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { openTestCore } from '../testing/core.ts';
import { tallyModel } from '../testing/fixtures/tally.ts';

// A client build as Vite and client/build/precompress.ts leave it: hashed assets with their copies.
const script = `console.log(${JSON.stringify('pressroom '.repeat(400))});`;
const shell = '<!doctype html><title>Pressroom</title><div id="root"></div>';
let database: TestDatabase;
let core: Core;
let app: FastifyInstance;
let clientDir: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pressroom-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), shell);
  const asset = path.join(clientDir, 'assets', 'index-Ab12Cd34.js');
  fs.writeFileSync(asset, script);
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
  database = await createTestDatabase();
  core = await openTestCore(database, tallyModel([]), { process: false });
  app = await buildTestApp(core, { clientDir });
});
afterAll(async () => {
  await app?.close();
  await core?.close();
  await database?.drop();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('the built client', () => {
  it('sends the brotli or gzip copy of an asset to a browser that accepts it, and the file itself otherwise', async () => {
    const brotli = await app.inject({ method: 'GET', url: '/app/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);

    const gzip = await app.inject({ method: 'GET', url: '/app/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(script.length / 10);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ method: 'GET', url: '/app/assets/index-Ab12Cd34.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('lets browsers keep hashed assets for a year, and asks again for the shell every time', async () => {
    const asset = await app.inject({ method: 'GET', url: '/app/assets/index-Ab12Cd34.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/app', '/app/', '/app/community/press-club']) {
      for (const encoding of [undefined, 'gzip, deflate, br']) {
        const page = await app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
        expect(page.statusCode, `${url} (${encoding ?? 'no encoding'})`).toBe(200);
        expect(page.body).toBe(shell);
        expect(page.headers['cache-control']).toBe('no-cache');
      }
    }
  });
});
