import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_FAILED_LINE, type VideoView } from '../../../contracts/posts/media.ts';
import { productModel } from '../../model.ts';
import { seedDemo } from '../../seed/demo.ts';
import { buildTestApp } from '../../testing/app.ts';
import { createLog } from '../../log.ts';
import { useTestCore } from '../../testing/core.ts';
import { usingPostgres } from '../../testing/database.ts';
import { signInAs, type Caller } from '../../testing/people.ts';
import { probe, tagsOf } from './ffmpeg.ts';
import { makeClip, readHls, RECORDED_AT, RECORDED_WITH, uploadFile } from './testing.ts';
import { VideoWorker } from './worker.ts';

const t = useTestCore(productModel, { process: false });
const clips = fs.mkdtempSync(path.join(os.tmpdir(), 'pressroom-clips-'));
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pressroom-video-uploads-'));
let app: FastifyInstance;
let pat: Caller;
let worker: VideoWorker;

// What the workers warned of, so that a transcode that went wrong says why in the failure.
const workerLines: string[] = [];
const workerLog = createLog('warn', { destination: { write: (line: string) => void workerLines.push(line) } });
const newWorker = (options: { leaseMs?: number } = {}) =>
  new VideoWorker(t.core, { uploadsDir, concurrency: 1, maxSeconds: 600, pollMs: 100, retryDelayMs: 0, log: workerLog, ...options });

beforeAll(async () => {
  await seedDemo(t.core);
  app = await buildTestApp(t.core, { uploads: { dir: uploadsDir }, video: { maxSeconds: 600, onQueued: () => worker?.poke() } });
  pat = await signInAs(app, 'pr@pressroom.local');
});
afterAll(async () => {
  await worker?.stop();
  await app?.close();
  fs.rmSync(clips, { recursive: true, force: true });
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

const onDisk = (publicPath: string) => path.join(uploadsDir, publicPath.slice('/uploads/'.length));

async function videoOf(id: number): Promise<VideoView> {
  const response = await pat.call('GET', `/api/v1/videos/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const jobsOf = async (id: number) => (await sql<{ n: number }>`select count(*)::int as n from video_jobs where video_id = ${id}`.execute(t.database.db)).rows[0]!.n;

/** The video once its transcode is over: failed, or processed with its whole ladder. */
async function settled(id: number, timeoutMs = 150_000): Promise<VideoView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // The job first: it goes in the transaction that completes the video, so a video read after
    // it is gone is whole. Read the other way round, a video read just before its last
    // renditions landed passed for settled once the job was gone.
    const jobs = await jobsOf(id);
    const video = await videoOf(id);
    if (video.status !== 'processing' && jobs === 0) return video;
    if (Date.now() > deadline) throw new Error(`video ${id} still processing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function uploaded(file: string): Promise<number> {
  const response = await uploadFile(app, pat.token, file);
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json()).toMatchObject({ type: 'video', status: 'processing' });
  return response.json().id;
}

// Numeric keys of an object come out in ascending order whatever order they went in.
const qualities = (video: VideoView) => Object.keys(video.qualityUrls).sort((a, b) => Number(b) - Number(a));

const logOf = async (id: number) =>
  (await sql<{ type: string; data: Record<string, unknown> }>`select type, data from events where stream_id = ${`video-${id}`} order by stream_version`.execute(t.database.db)).rows;
const eventsOf = async (id: number) => (await logOf(id)).map((row) => row.type);
const LADDER_EVENTS = ['VideoUploaded', 'VideoProcessed', 'VideoRenditionsAdded'];

// Real ffmpeg on small clips; a loaded CI machine can take tens of seconds for the 1080p ladder.
const SLOW = { timeout: 240_000 };

describe('a video upload', SLOW, () => {
  it('goes from processing to processed: four HLS renditions under a playable master, an MP4 fallback, a cover, its duration, and no location anywhere', async () => {
    const clip = path.join(clips, 'tagged-1080.mp4');
    await makeClip(clip, { width: 1920, height: 1080, seconds: 2, tagged: true });
    // The fixture carries what a phone writes, or the test proves nothing.
    expect(await tagsOf(clip)).toMatchObject({ location: RECORDED_AT, make: RECORDED_WITH });

    const id = await uploaded(clip);
    const post = await pat.call('POST', '/api/v1/records', { video: id, content: 'From the floor' });
    expect(post.statusCode, post.body).toBe(201);
    expect(post.json().video).toMatchObject({ id, status: 'processing', qualityUrls: {}, error: null });

    worker = newWorker();
    worker.start();
    const video = await settled(id);
    expect(video).toMatchObject({ id, status: 'processed', error: null });
    expect(qualities(video), workerLines.join('')).toEqual(['1080', '720', '480', '360']);
    expect(video.duration).toBeCloseTo(2, 0);
    expect(video.url).toMatch(/^\/uploads\/videos\/\d+\/[\w-]+\/master\.m3u8$/);
    expect(video.fallbackUrl).toMatch(/fallback\.mp4$/);
    expect(video.coverUrl).toMatch(/cover\.jpg$/);

    // The upload's own metadata follows the video too.
    expect((await pat.call('GET', `/api/v1/uploads/${id}`)).json()).toMatchObject({ id, type: 'video', status: 'processed', path: video.url, thumbnail: video.coverUrl });

    // The post shows it as it is now, and so does the list.
    expect((await pat.call('GET', `/api/v1/records/${post.headers['object-id']}`)).json().video).toEqual(video);

    const master = await app.inject({ method: 'GET', url: video.url });
    expect(master.statusCode).toBe(200);
    expect(master.body.match(/#EXT-X-STREAM-INF/g)).toHaveLength(4);
    for (const [quality, playlist] of Object.entries(video.qualityUrls)) {
      expect(master.body).toContain(path.relative(path.dirname(video.url), playlist));
      const rendition = await readHls(onDisk(playlist));
      expect(rendition).toMatchObject({ decodes: true, height: Number(quality) });
      expect(rendition.duration).toBeCloseTo(2, 0);
    }
    // A player reads the whole ladder from the master playlist, and every stream of it plays to the end.
    expect(await readHls(onDisk(video.url))).toMatchObject({ decodes: true, width: 1920, height: 1080 });
    expect(await probe(onDisk(video.fallbackUrl!))).toMatchObject({ height: 360, width: 640, hasAudio: true });
    const cover = await probe(onDisk(video.coverUrl!));
    expect(cover).toMatchObject({ width: 1280, height: 720 });
    expect(fs.readFileSync(onDisk(video.coverUrl!)).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const outputs = fs.readdirSync(path.dirname(onDisk(video.url)), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(outputs.length).toBeGreaterThan(8);
    for (const output of outputs) {
      const file = path.join(output.parentPath, output.name);
      const bytes = fs.readFileSync(file);
      expect(bytes.includes(RECORDED_AT), file).toBe(false);
      expect(bytes.includes(RECORDED_WITH), file).toBe(false);
      if (/\.(mp4|jpg)$/.test(file)) expect(Object.keys(await tagsOf(file)).filter((tag) => /location|gps|make|model|creation/i.test(tag)), file).toEqual([]);
    }
    expect(await eventsOf(id)).toEqual(LADDER_EVENTS);
    // It played before the ladder was done: at its lowest rendition, under a master of that one.
    const [, playable] = await logOf(id);
    expect(playable!.data).toMatchObject({ qualities: { '360': expect.stringMatching(/\/360\/index\.m3u8$/) }, master: expect.stringMatching(/\/first\.m3u8$/) });
    expect(Object.keys(playable!.data.qualities as object)).toEqual(['360']);
    expect(await readHls(onDisk(playable!.data.master as string))).toMatchObject({ decodes: true, height: 360 });
  });

  it('from a 480p source makes only 480 and 360, and the fallback is the lowest', async () => {
    const clip = path.join(clips, 'small.mp4');
    await makeClip(clip, { width: 854, height: 480, seconds: 1 });
    const id = await uploaded(clip);
    const video = await settled(id);
    expect(video.status).toBe('processed');
    expect(qualities(video), workerLines.join('')).toEqual(['480', '360']);
    expect(await probe(onDisk(video.fallbackUrl!))).toMatchObject({ height: 360 });
    expect(await readHls(onDisk(video.qualityUrls['480']!))).toMatchObject({ decodes: true, width: 854, height: 480 });

    // Attached to a community post, it shows as it is now: its playlist, never the file as sent.
    const admin = await signInAs(app, 'admin@pressroom.local');
    const community = (await admin.call('POST', '/api/v1/communities', { name: 'Video desk', type: 'public' })).json();
    await pat.call('POST', `/api/v1/communities/${community.slug}/join`);
    const post = await pat.call('POST', '/api/v1/communityPosts', { content: 'Clip attached', communities: [community.id], attachments: [id] });
    expect(post.statusCode, post.body).toBe(201);
    const [attached] = (await pat.call('GET', `/api/v1/communityPosts/${post.headers['object-id']}`)).json().attachments;
    expect(attached).toMatchObject({ type: 'video', id, path: video.url, thumbnail: video.coverUrl, video: { status: 'processed', qualityUrls: video.qualityUrls } });
  });

  it('that is cut short ends failed with its line, and the app stays healthy', async () => {
    const clip = path.join(clips, 'whole.mp4');
    await makeClip(clip, { width: 320, height: 240, seconds: 1 });
    const truncated = path.join(clips, 'truncated.mp4');
    const bytes = fs.readFileSync(clip);
    // ffmpeg writes the index (moov) last: without its tail the file starts like a video and is none.
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));

    const id = await uploaded(truncated);
    const video = await settled(id);
    expect(video).toMatchObject({ id, status: 'failed', error: VIDEO_FAILED_LINE, qualityUrls: {}, fallbackUrl: null });
    expect((await pat.call('GET', `/api/v1/uploads/${id}`)).json()).toMatchObject({ id, status: 'failed' });
    expect(await eventsOf(id)).toEqual(['VideoUploaded', 'VideoFailed']);
    expect((await app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-requested-with': 'XMLHttpRequest' } })).statusCode).toBe(200);
    // Nothing of the failed attempt is left to serve.
    const attempts = path.join(uploadsDir, 'videos', String(id));
    expect(fs.existsSync(attempts) ? fs.readdirSync(attempts) : []).toEqual([]);
  });

  it('that is not a video is refused with 422, and one that runs too long too', async () => {
    const text = path.join(clips, 'notes.mp4');
    fs.writeFileSync(text, 'just words, no pictures');
    const response = await uploadFile(app, pat.token, text);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: ['This file type is not supported'] });

    const strict = await buildTestApp(t.core, { uploads: { dir: uploadsDir }, video: { maxSeconds: 1 } });
    try {
      const clip = path.join(clips, 'long.mp4');
      await makeClip(clip, { width: 160, height: 120, seconds: 3 });
      const tooLong = await uploadFile(strict, pat.token, clip);
      expect(tooLong.statusCode).toBe(422);
      expect(tooLong.json()).toEqual({ errors: ['This video is longer than 1 second'] });
    } finally {
      await strict.close();
    }
  });
});

describe('the transcode job', SLOW, () => {
  it('is taken over when its worker stops renewing its lease: the partial output goes, and the video is processed once', async () => {
    await worker.stop();
    const clip = path.join(clips, 'takeover.mp4');
    await makeClip(clip, { width: 640, height: 360, seconds: 1 });
    const id = await uploaded(clip);

    // A worker that died holding the job: it claimed it, wrote part of an attempt, and went silent.
    const { claimTranscode } = await import('./jobs.ts');
    expect(await claimTranscode(t.database.db, 'dead-worker', 300)).toEqual({ videoId: id, attempts: 1 });
    const partial = path.join(uploadsDir, 'videos', String(id), '1-deadbeef', '360');
    fs.mkdirSync(partial, { recursive: true });
    fs.writeFileSync(path.join(partial, 'segment-000.ts'), 'half a segment');

    worker = newWorker();
    worker.start();
    const video = await settled(id);
    expect(video.status).toBe('processed');
    expect(video.url).toContain(`/videos/${id}/2-`);
    expect(fs.readdirSync(path.join(uploadsDir, 'videos', String(id)))).toEqual([path.basename(path.dirname(onDisk(video.url)))]);
    // A 360p source is whole at its first step.
    expect(await eventsOf(id)).toEqual(['VideoUploaded', 'VideoProcessed']);
    expect((await sql<{ n: number }>`select count(*)::int as n from video_jobs`.execute(t.database.db)).rows[0]!.n).toBe(0);
  });

  it('survives ffmpeg being killed mid-transcode: tried again from the start, processed once', async () => {
    const clip = path.join(clips, 'killed.mp4');
    await makeClip(clip, { width: 640, height: 360, seconds: 3 });
    const id = await uploaded(clip);
    const ffmpeg = await runningFfmpeg();
    process.kill(ffmpeg, 'SIGKILL');
    const video = await settled(id);
    expect(video.status).toBe('processed');
    expect(video.url).toContain(`/videos/${id}/2-`);
    expect(await eventsOf(id)).toEqual(['VideoUploaded', 'VideoProcessed']);
  });

  it('killed while making the higher renditions: the video keeps playing at its lowest, and is completed beside it', async () => {
    const clip = path.join(clips, 'killed-late.mp4');
    await makeClip(clip, { width: 1280, height: 720, seconds: 3 });
    const id = await uploaded(clip);
    const ffmpeg = await runningFfmpeg(60_000, process.pid, '720/index.m3u8');
    const playing = await videoOf(id);
    expect(playing).toMatchObject({ status: 'processed', qualityUrls: { '360': expect.any(String) } });
    expect(playing.url).toMatch(/\/first\.m3u8$/);
    process.kill(ffmpeg, 'SIGKILL');
    const video = await settled(id);
    expect(qualities(video)).toEqual(['720', '480', '360']);
    // The same directory: what people were watching was never taken away.
    expect(path.dirname(video.url)).toBe(path.dirname(playing.url));
    expect(video.fallbackUrl).toBe(playing.fallbackUrl);
    expect(await readHls(onDisk(video.url))).toMatchObject({ decodes: true, height: 720 });
    expect(await eventsOf(id)).toEqual(LADDER_EVENTS);
  });
});

describe('the worker process', SLOW, () => {
  // A second process needs a database server to share: PGlite is one process's alone.
  it.runIf(usingPostgres)('killed mid-transcode and restarted: the video ends processed, with one VideoProcessed', async () => {
    await worker.stop();
    const clip = path.join(clips, 'crash.mp4');
    await makeClip(clip, { width: 1280, height: 720, seconds: 4 });
    const id = await uploaded(clip);

    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const { REDIS_URL: _redis, ...inherited } = process.env;
    const env = { ...inherited, DATABASE_URL: t.database.url!, UPLOADS_DIR: uploadsDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' };
    // `npm run worker` as production runs it, in a process group of its own so its ffmpeg dies with it.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], { cwd: root, env, detached: true, stdio: 'ignore' });
    try {
      await runningFfmpeg(120_000, child.pid!);
      const held = await sql<{ locked_by: string }>`select locked_by from video_jobs where video_id = ${id}`.execute(t.database.db);
      expect(held.rows[0]!.locked_by).toContain(`:${child.pid}:`);
    } finally {
      process.kill(-child.pid!, 'SIGKILL');
    }
    const partial = fs.readdirSync(path.join(uploadsDir, 'videos', String(id)));
    expect(partial).toHaveLength(1);
    // The dead worker's lease would run out in 30 s; the test does not wait for the clock.
    await sql`update video_jobs set locked_until = now() where video_id = ${id}`.execute(t.database.db);

    worker = newWorker();
    worker.start();
    const video = await settled(id);
    expect(video.status).toBe('processed');
    expect(video.url).toContain(`/videos/${id}/2-`);
    expect(fs.readdirSync(path.join(uploadsDir, 'videos', String(id)))).toEqual([path.basename(path.dirname(onDisk(video.url)))]);
    expect(await eventsOf(id)).toEqual(LADDER_EVENTS);
  });
});

/** The pid of an ffmpeg that `parent` runs, once one is encoding a rendition (the one writing `output`, when given). */
async function runningFfmpeg(timeoutMs = 60_000, parent = process.pid, output?: string): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const ppid = Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
        const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        if (ppid === parent && args.includes('-progress') && args.includes('hls') && (!output || args.some((arg) => arg.endsWith(output)))) return Number(pid);
      } catch {
        // Gone between the listing and the read.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no ffmpeg started');
}
