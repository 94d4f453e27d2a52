import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { binaries, run } from '../modules/video/ffmpeg.ts';
import { uploadFile } from '../modules/video/testing.ts';
import type { Caller } from './callers.ts';

/** A few seconds of ffmpeg's test picture with a tone: nothing is fetched. */
async function clip(file: string): Promise<void> {
  const result = await run(binaries().ffmpeg, [
    '-nostdin', '-y', '-v', 'error',
    '-f', 'lavfi', '-i', 'testsrc2=size=854x480:rate=24:duration=4',
    '-f', 'lavfi', '-i', 'sine=frequency=330:beep_factor=4:duration=4',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
  ]);
  if (result.code !== 0) throw new Error(`showcase: could not make a demo clip: ${result.stderr}`);
}

/**
 * Video updates, a reaction and a statement, each with a clip uploaded through the API like a
 * person's: they go through the video pipeline, so they play once the worker has made them.
 */
export async function seedVideoPosts(app: FastifyInstance, people: { pr: Caller; expert: Caller }): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pressroom-demo-clips-'));
  try {
    const posts = [
      { who: people.pr, url: '/api/v1/records', body: { content: '<p>From the launch floor: the new harbour ferries, first look.</p>' } },
      { who: people.expert, url: '/api/v1/reactions', body: { content: '<p>My take on the grid report, in a minute.</p>', url: 'https://example.com/grid-report' } },
      { who: people.pr, url: '/api/v1/statements', body: { content: '<p>Our statement on the ferry timetable.</p>' } },
    ];
    // One clip, uploaded once per post: each post shows its author's own upload.
    const file = path.join(dir, 'demo.mp4');
    await clip(file);
    for (const post of posts) {
      const upload = await uploadFile(app, post.who.token, file);
      if (upload.statusCode !== 201) throw new Error(`showcase: the demo clip upload answered ${upload.statusCode} ${upload.body}`);
      const created = await post.who.call('POST', post.url, { ...post.body, video: upload.json().id });
      if (created.statusCode !== 201) throw new Error(`showcase: POST ${post.url} answered ${created.statusCode} ${created.body}`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
