import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { EventMetadata } from '../../../contracts/events/index.ts';
import type { VideoQuality } from '../../../contracts/posts/media.ts';
import type { Config } from '../../config.ts';
import type { Core, Logger } from '../../core.ts';
import type { RealtimeServer } from '../../realtime/processor.ts';
import { videoDecider, videoStream, type ProcessedVideo, type VideoCommand } from './commands.ts';
import { claimTranscode, releaseTranscode, removeTranscode, renewLease, type Claim } from './jobs.ts';
import { outputDir, sourceFile } from './storage.ts';
import { withVideoTables } from './tables.ts';
import { addRenditions, makePlayable, UnusableVideo } from './transcode.ts';

export type VideoWorkerOptions = {
  uploadsDir: string;
  concurrency: number;
  maxSeconds: number;
  /** How long a claim holds without renewal; renewed at a third of it while ffmpeg runs. */
  leaseMs?: number;
  /** How often an idle worker looks for work another process queued (its own wake it at once). */
  pollMs?: number;
  /** How long a transcode that failed for the machine's sake (disk, database, a killed ffmpeg) waits before its retry. */
  retryDelayMs?: number;
  /** How far the owner's transcode has got, at most about once a second per video. */
  onProgress?: (progress: { ownerId: number; videoId: number; percent: number }) => void;
  log: Logger;
};

// A video whose transcode took its worker down this many times is failed rather than retried:
// it is the input, not the machine.
const MAX_ATTEMPTS = 3;
const PROGRESS_EVERY_MS = 1000;

class LostClaim extends Error {}

const publicQualities = (files: Partial<Record<VideoQuality, string>>, publicPath: (file: string) => string) =>
  Object.fromEntries(Object.entries(files).map(([quality, file]) => [quality, publicPath(file)])) as Partial<Record<VideoQuality, string>>;

const workerMetadata: EventMetadata = { actorId: null, actorRole: 'system', requestId: null, correlationId: null, causationId: null };

/**
 * Runs queued transcodes, `concurrency` at a time in this process, each one claimed by its row
 * in `video_jobs` (so one worker across all processes has it) under a lease renewed while
 * ffmpeg runs. A transcode has two steps: the lowest rendition makes the video playable
 * (VideoProcessed), then the rest of the ladder completes it (VideoRenditionsAdded); the job
 * lives until the second. A worker that dies leaves its lease to run out; the next claim starts
 * over in a fresh directory (deleting what earlier attempts left), or, for a video that plays
 * already, makes the higher renditions again beside the lowest. Each step is an event on the
 * video's stream, appended in the transaction that renews or deletes the job: the decider
 * appends each once, however many workers finish the same video.
 */
export class VideoWorker {
  private readonly id = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly running = new Set<Promise<void>>();
  private readonly aborts = new Set<AbortController>();
  private wake: (() => void) | null = null;
  private stopped = true;
  private loop: Promise<void> = Promise.resolve();

  constructor(
    private readonly core: Core,
    private readonly options: VideoWorkerOptions,
  ) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.pollMs = options.pollMs ?? 2000;
  }

  start(): void {
    this.stopped = false;
    this.loop = this.run();
  }

  /** Stops claiming, kills running transcodes and gives their jobs back for any worker to take at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const abort of this.aborts) abort.abort();
    this.poke();
    await this.loop;
    await Promise.all(this.running);
  }

  poke(): void {
    this.wake?.();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      while (!this.stopped && this.running.size < this.options.concurrency) {
        let claim: Claim | null;
        try {
          claim = await claimTranscode(this.core.database.db, this.id, this.leaseMs);
        } catch (error) {
          this.options.log.warn({ err: error }, 'could not look for video transcodes');
          break;
        }
        if (!claim) break;
        const job = this.handle(claim)
          .catch((error: unknown) => this.options.log.error({ err: error, videoId: claim.videoId }, 'video transcode broke off; its lease will run out and it will be tried again'))
          .finally(() => {
          this.running.delete(job);
          this.poke();
        });
        this.running.add(job);
      }
      if (this.stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, this.pollMs);
        const wake = () => done();
        this.wake = wake;
        function done() {
          clearTimeout(timer);
          resolve();
        }
      });
      this.wake = null;
    }
  }

  private async handle(claim: Claim): Promise<void> {
    const { db } = this.core.database;
    const video = await withVideoTables(db).selectFrom('videos').select(['owner_id', 'source_path', 'status', 'master_path']).where('id', '=', claim.videoId).executeTakeFirst();
    // Failed, or never was (a hand-edited table): nothing to make.
    const playing = video?.status === 'processed' ? video.master_path : null;
    if (!video || (video.status !== 'processing' && !playing)) {
      await this.settle(claim, null);
      return;
    }
    if (claim.attempts > MAX_ATTEMPTS) {
      // A video that plays keeps its lowest rendition; one that does not, fails.
      await this.settle(claim, playing ? null : { type: 'fail', videoId: claim.videoId, reason: `gave up after ${MAX_ATTEMPTS} attempts that did not finish` });
      return;
    }

    // A video that plays already is completed in the directory people watch it from.
    const attempt = playing ? path.basename(path.dirname(playing)) : `${claim.attempts}-${randomBytes(6).toString('hex')}`;
    const out = outputDir(this.options.uploadsDir, claim.videoId, attempt);
    await this.clearEarlierAttempts(out.videoDir, attempt);
    const source = sourceFile(this.options.uploadsDir, video.source_path);
    const abort = new AbortController();
    this.aborts.add(abort);
    let lostLease = false;
    const heartbeat = setInterval(() => {
      renewLease(db, claim, this.id, this.leaseMs)
        .then((held) => {
          if (held) return;
          lostLease = true;
          abort.abort();
        })
        .catch((error: unknown) => this.options.log.warn({ err: error, videoId: claim.videoId }, 'could not renew a transcode lease'));
    }, this.leaseMs / 3);
    let lastProgress = 0;
    const options = { maxSeconds: this.options.maxSeconds, signal: abort.signal };
    try {
      if (!playing) {
        const made = await makePlayable(source, out.dir, {
          ...options,
          onProgress: (percent) => {
            const now = Date.now();
            if (now - lastProgress < PROGRESS_EVERY_MS) return;
            lastProgress = now;
            this.options.onProgress?.({ ownerId: video.owner_id, videoId: claim.videoId, percent: Math.floor(percent) });
          },
        });
        const processed: ProcessedVideo = {
          ...made,
          master: out.publicPath(made.master),
          fallback: out.publicPath(made.fallback),
          cover: out.publicPath(made.cover),
          qualities: publicQualities(made.qualities, out.publicPath),
        };
        const won = await this.settle(claim, { type: 'finish', videoId: claim.videoId, processed }, { done: made.complete });
        if (!won) {
          clearInterval(heartbeat);
          await fsp.rm(out.dir, { recursive: true, force: true });
          return;
        }
        this.options.onProgress?.({ ownerId: video.owner_id, videoId: claim.videoId, percent: 100 });
        if (made.complete) return;
      }
      const added = await addRenditions(source, out.dir, options);
      await this.settle(claim, { type: 'complete', videoId: claim.videoId, added: { master: out.publicPath(added.master), qualities: publicQualities(added.qualities, out.publicPath) } });
    } catch (error) {
      if (abort.signal.aborted) {
        // Stopping, or another worker holds the job now: either way it is not ours to settle.
        if (!lostLease) await releaseTranscode(db, claim, this.id, 0).catch(() => undefined);
        return;
      }
      if (error instanceof UnusableVideo && !playing) {
        await fsp.rm(out.dir, { recursive: true, force: true });
        this.options.log.warn({ videoId: claim.videoId, reason: error.message }, 'video could not be processed');
        await this.settle(claim, { type: 'fail', videoId: claim.videoId, reason: error.message });
        return;
      }
      this.options.log.error({ err: error, videoId: claim.videoId }, 'video transcode failed; it will be tried again');
      await releaseTranscode(db, claim, this.id, this.options.retryDelayMs ?? 30_000).catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
      this.aborts.delete(abort);
    }
  }

  /**
   * Appends the outcome and, when the job is `done`, removes it, in one transaction and only
   * while this worker holds the job; true when this call moved the video on.
   */
  private async settle(claim: Claim, command: VideoCommand | null, { done } = { done: true }): Promise<boolean> {
    try {
      return await this.core.commands.transaction(async (unit) => {
        const decided = command ? await unit.run(videoDecider, videoStream(claim.videoId), command, workerMetadata) : null;
        const held = done ? await removeTranscode(unit.trx, claim, this.id) : await renewLease(unit.trx, claim, this.id, this.leaseMs);
        if (!held) throw new LostClaim();
        return (decided?.events.length ?? 0) > 0;
      });
    } catch (error) {
      if (error instanceof LostClaim) return false;
      throw error;
    }
  }

  private async clearEarlierAttempts(videoDir: string, keep: string): Promise<void> {
    const entries = await fsp.readdir(videoDir).catch(() => [] as string[]);
    await Promise.all(entries.filter((name) => name !== keep).map((name) => fsp.rm(path.join(videoDir, name), { recursive: true, force: true })));
  }
}

/**
 * The worker of a process that runs processors: configured from the environment, telling the
 * owner's tabs how far their transcode has got (through Redis when the process has no sockets).
 */
export function videoWorkerFor(core: Core, config: Pick<Config, 'uploads' | 'video'>, log: Logger, io: () => RealtimeServer | null): VideoWorker {
  return new VideoWorker(core, {
    uploadsDir: config.uploads.dir,
    concurrency: config.video.concurrency,
    maxSeconds: config.video.maxSeconds,
    log,
    onProgress: ({ ownerId, videoId, percent }) => io()?.to(`user:${ownerId}`).emit('video:progress', { videoId, percent }),
  });
}

/** Runs this process's worker until no video is waiting (the seed's demo videos), telling how far it got. */
export async function settleQueuedVideos(core: Core, config: Pick<Config, 'uploads' | 'video'>, say: (line: string) => void): Promise<void> {
  const waiting = async () => Number((await withVideoTables(core.database.db).selectFrom('video_jobs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const total = await waiting();
  if (total === 0) return;
  const worker = new VideoWorker(core, { uploadsDir: config.uploads.dir, concurrency: config.video.concurrency, maxSeconds: config.video.maxSeconds, pollMs: 250, log: { info() {}, warn() {}, error() {} } });
  worker.start();
  try {
    for (let left = total; left > 0; left = await waiting()) {
      say(`Transcoding the demo videos: ${total - left}/${total} done`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    say(`Transcoded the ${total} demo videos.`);
  } finally {
    await worker.stop();
  }
}
