import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { binaries } from '../video/index.ts';

let clip: Promise<Buffer> | null = null;

/** A one-second recording, made once per test file with the product's own ffmpeg. */
export function recording(): Promise<Buffer> {
  clip ??= (async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'interview-clip-')), 'answer.mp4');
    const made = spawnSync(binaries().ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-y', file], { encoding: 'utf8' });
    if (!fs.existsSync(file)) throw new Error(`ffmpeg made no clip: ${made.stderr}`);
    return fs.readFileSync(file);
  })();
  return clip;
}

/** Uploads a recording as a browser's form would: to `url`, signed in with `token` or as a guest. */
export async function uploadRecording(app: FastifyInstance, url: string, token: string | null): Promise<number> {
  const boundary = `----interview${Math.random().toString(36).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="answer.mp4"\r\nContent-Type: video/mp4\r\n\r\n`),
    await recording(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': `multipart/form-data; boundary=${boundary}` },
    ...(token ? { cookies: { [SESSION_COOKIE]: token } } : {}),
    payload,
  });
  if (response.statusCode !== 201) throw new Error(`upload to ${url}: ${response.statusCode} ${response.body}`);
  return response.json().id;
}
