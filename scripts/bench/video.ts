/**
 * npm run bench:video: a 60 s 1080p test clip through the whole video pipeline (upload over
 * HTTP, the durable job, the worker, ffmpeg, the VideoProcessed event), beside one bare ffmpeg
 * command line that makes the same four-rendition HLS ladder with the same encoder settings,
 * measured in the same run, turn about.
 *
 *   DATABASE_URL   PostgreSQL to use; unset, an embedded PGlite in a temporary directory
 *   BENCH_SECONDS  length of the clip (default 60)
 *   BENCH_RUNS     rounds of (pipeline, bare ffmpeg) (default 1)
 *
 * The clip is made once with ffmpeg's test sources and kept in the system's temporary
 * directory; nothing is fetched.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../server/app.ts';
import { openCore } from '../../server/core.ts';
import { createLog } from '../../server/log.ts';
import { productModel } from '../../server/model.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { createServices } from '../../server/services.ts';
import { signInAs } from '../../server/testing/people.ts';
import { binaries, probe, run } from '../../server/modules/video/ffmpeg.ts';
import { makeClip, uploadFile } from '../../server/modules/video/testing.ts';
import { ladderFor, renditionArgs } from '../../server/modules/video/transcode.ts';
import { findVideo } from '../../server/modules/video/queries.ts';
import { VideoWorker } from '../../server/modules/video/worker.ts';

const clipSeconds = Number(process.env.BENCH_SECONDS ?? 60);
const runs = Number(process.env.BENCH_RUNS ?? 1);
const log = createLog('warn');
const cores = os.availableParallelism();

type Round = { firstPlayable: number; all: number; bare: number };

async function clip(): Promise<string> {
  const file = path.join(os.tmpdir(), `pressroom-bench-${clipSeconds}s-1080p30.mp4`);
  if (!fs.existsSync(file)) {
    process.stderr.write(`making a ${clipSeconds} s 1080p30 test clip (once)...\n`);
    await makeClip(`${file}.partial.mp4`, { width: 1920, height: 1080, seconds: clipSeconds, fps: 30 });
    fs.renameSync(`${file}.partial.mp4`, file);
  }
  return file;
}

/** The same ladder by one ffmpeg process, nothing around it: the floor the pipeline is measured against. */
async function bare(source: string, outDir: string): Promise<number> {
  const info = (await probe(source))!;
  const ladder = ladderFor(info.width!, info.height!);
  fs.rmSync(outDir, { recursive: true, force: true });
  for (const r of ladder) fs.mkdirSync(path.join(outDir, r.quality), { recursive: true });
  const started = performance.now();
  const result = await run(binaries().ffmpeg, ['-nostdin', '-y', '-v', 'error', '-i', source, ...ladder.flatMap((r) => renditionArgs(r, outDir, info.hasAudio))]);
  const elapsed = performance.now() - started;
  if (result.code !== 0) throw new Error(`bare ffmpeg failed: ${result.stderr}`);
  return elapsed / 1000;
}

async function pipeline(source: string, work: string): Promise<Omit<Round, 'bare'>> {
  const uploadsDir = path.join(work, 'uploads');
  const database = process.env.DATABASE_URL ? { kind: 'postgres' as const, url: process.env.DATABASE_URL } : { kind: 'pglite' as const, dataDir: path.join(work, 'db') };
  const core = await openCore({ database, redisUrl: null, model: productModel, log });
  let worker: VideoWorker | null = null;
  const services = createServices(core, { env: 'test', stream: { apiKey: 'bench', apiSecret: 'bench', apiUrl: null, push: false }, publicUrl: 'http://localhost', secureCookies: false, devTools: false });
  const app = await buildApp(core, { logLevel: 'warn', services, uploads: { dir: uploadsDir, maxImageBytes: 10 << 20, maxVideoBytes: 500 << 20 }, video: { maxSeconds: 600, onQueued: () => worker?.poke() } });
  try {
    await seedDemo(core);
    const pat = await signInAs(app, 'pr@pressroom.local');
    worker = new VideoWorker(core, { uploadsDir, concurrency: 1, maxSeconds: 600, log });
    worker.start();
    const info = (await probe(source))!;
    const ladder = ladderFor(info.width!, info.height!);
    const response = await uploadFile(app, pat.token, source);
    if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
    // The clock starts when the upload is done: the answer is in.
    const uploaded = performance.now();
    const id: number = response.json().id;
    let firstPlayable = 0;
    for (;;) {
      const video = await findVideo(core.database.db, id);
      if (video?.status === 'failed') throw new Error('the bench video failed');
      // Playable is what people see: the video's view says processed, at its lowest rendition.
      if (!firstPlayable && video?.status === 'processed') firstPlayable = (performance.now() - uploaded) / 1000;
      if (firstPlayable && Object.keys(video!.qualityUrls).length === ladder.length) return { firstPlayable, all: (performance.now() - uploaded) / 1000 };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await worker?.stop();
    await app.close();
    await core.close();
  }
}

const source = await clip();
const rounds: Round[] = [];
for (let i = 0; i < runs; i++) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pressroom-bench-video-'));
  try {
    process.stderr.write(`round ${i + 1}/${runs}: pipeline...\n`);
    const made = await pipeline(source, work);
    process.stderr.write(`round ${i + 1}/${runs}: bare ffmpeg...\n`);
    rounds.push({ ...made, bare: await bare(source, path.join(work, 'bare')) });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const first = median(rounds.map((r) => r.firstPlayable));
const all = median(rounds.map((r) => r.all));
const floor = median(rounds.map((r) => r.bare));
const overhead = (all / floor - 1) * 100;
const s = (value: number) => `${value.toFixed(1)} s`;

console.log(`\nVideo pipeline: a ${clipSeconds} s 1080p30 test clip (H.264/AAC), ladder 1080/720/480/360 (x264 veryfast), ${cores} cores, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, median of ${runs} round(s)\n`);
console.log('| measure | pipeline | bare ffmpeg, one process, same ladder | goal | result |');
console.log('|---|---:|---:|---|---|');
console.log(`| upload done -> first playable rendition (VideoProcessed, 360p) | ${s(first)} | - | <= 15 s | ${first <= 15 ? 'PASS' : 'FAIL'} |`);
console.log(`| upload done -> all renditions (VideoRenditionsAdded) | ${s(all)} (${(all / clipSeconds).toFixed(2)}x the clip) | ${s(floor)} (${(floor / clipSeconds).toFixed(2)}x) | <= ${1.5 * clipSeconds} s (1.5x) | ${all <= 1.5 * clipSeconds ? 'PASS' : 'FAIL'} |`);
console.log(`| overhead over bare ffmpeg | ${overhead.toFixed(1)}% | - | <= 10% | ${overhead <= 10 ? 'PASS' : 'FAIL'} |`);
console.log(`\nRounds: ${rounds.map((r) => `first ${s(r.firstPlayable)}, all ${s(r.all)}, bare ${s(r.bare)}`).join('; ')}`);
console.log(`Load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (other work on the machine slows both columns alike)`);
