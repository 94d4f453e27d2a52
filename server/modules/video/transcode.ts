import fsp from 'node:fs/promises';
import path from 'node:path';
import { VIDEO_QUALITIES, type VideoQuality } from '../../../contracts/posts/media.ts';
import { binaries, probe, run } from './ffmpeg.ts';

/** One rendition of the ladder: its quality label and the frame it is encoded at. */
export type Rendition = { quality: VideoQuality; width: number; height: number; videoKbps: number; audioKbps: number };

// Bitrates of the common streaming ladders (Apple's HLS authoring guide, rounded); the
// MP4 fallback is the lowest rendition remuxed, so it costs no encode of its own.
const BITRATES: Record<VideoQuality, { video: number; audio: number }> = {
  '1080': { video: 5000, audio: 128 },
  '720': { video: 2800, audio: 128 },
  '480': { video: 1400, audio: 96 },
  '360': { video: 800, audio: 96 },
};

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * The ladder for a source of this size, highest first: every quality at or below the source's
 * short side (its height when landscape; a phone's upright video is 1080 wide, not 1920 high).
 * A source smaller than the lowest quality still gets that one rung, at its own size.
 */
export function ladderFor(width: number, height: number): Rendition[] {
  const short = Math.min(width, height);
  const fitting = VIDEO_QUALITIES.filter((quality) => Number(quality) <= short);
  const qualities: VideoQuality[] = fitting.length > 0 ? fitting : ['360'];
  return qualities.map((quality) => {
    const side = Math.min(Number(quality), even(short));
    const scale = side / short;
    const size = width <= height ? { width: side, height: even(height * scale) } : { width: even(width * scale), height: side };
    return { quality, ...size, videoKbps: BITRATES[quality].video, audioKbps: BITRATES[quality].audio };
  });
}

export type TranscodeResult = {
  master: string;
  qualities: Partial<Record<VideoQuality, string>>;
  fallback: string;
  cover: string;
  duration: number;
  width: number;
  height: number;
};

/** Files of a transcode, relative to its output directory (public paths are made from them). */
export const OUTPUT = {
  master: 'master.m3u8',
  /** The master playlist of the lowest rendition alone, served until the whole ladder exists. */
  firstMaster: 'first.m3u8',
  playlist: (quality: VideoQuality) => `${quality}/index.m3u8`,
  fallback: 'fallback.mp4',
  cover: 'cover.jpg',
} as const;

/** A failure of the input (unreadable, not a video): retrying cannot help. */
export class UnusableVideo extends Error {}

export type TranscodeOptions = {
  /** Work stops at this many seconds of input, whatever the file claims. */
  maxSeconds: number;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

// Every output starts without the source's metadata: phones write where and with what a video
// was recorded into its container and stream tags, and people record in the field.
const STRIP = ['-map_metadata', '-1', '-map_chapters', '-1', '-sn', '-dn'];
// Keyframes every 2 s in every rendition, whatever its frame rate, so that segments line up
// across qualities and a player can switch between them at any segment boundary.
const GOP = ['-force_key_frames', 'expr:gte(t,n_forced*2)', '-sc_threshold', '0'];
const SEGMENT_SECONDS = '4';

async function usableSource(source: string) {
  const info = await probe(source);
  if (!info || info.width === null) throw new UnusableVideo('ffprobe found no video stream');
  return { ...info, width: info.width, ladder: ladderFor(info.width, info.height) };
}

/**
 * The first stage, what makes a video playable: the lowest rendition, the MP4 fallback and the
 * cover, under a master playlist of that rendition alone (`complete` when the source is too small
 * for more). `outDir` is emptied first: a crashed attempt's partial files go. The cheapest encode
 * proves the input readable and lets people watch within seconds of the upload, as the higher
 * renditions are made after it (`addRenditions`).
 *
 * One ffmpeg per stage, never `-var_stream_map`: the npm build of ffmpeg crashes at exit with
 * it (status 139 after writing every file), and a run is judged by its exit status and by its
 * outputs both: a playlist without its end marker is a failure whatever the status says.
 */
export async function makePlayable(source: string, outDir: string, options: TranscodeOptions): Promise<TranscodeResult & { complete: boolean }> {
  const info = await usableSource(source);
  await fsp.rm(outDir, { recursive: true, force: true });
  await fsp.mkdir(outDir, { recursive: true });
  const lowest = info.ladder.at(-1)!;
  const complete = info.ladder.length === 1;
  const expected = Math.min(info.duration ?? options.maxSeconds, options.maxSeconds);
  await encode(source, outDir, [lowest], info.hasAudio, expected, options, (fraction) => options.onProgress?.(Math.min(99, 100 * fraction)));
  await Promise.all([remuxFallback(outDir, lowest, options.signal), grabCover(source, outDir, info.duration ?? 0, options.signal)]);
  const master = complete ? OUTPUT.master : OUTPUT.firstMaster;
  await writeMaster(path.join(outDir, master), [lowest], info.hasAudio);

  const fallbackInfo = await probe(path.join(outDir, OUTPUT.fallback));
  const duration = fallbackInfo?.duration ?? info.duration;
  if (duration === null) throw new Error('the fallback has no duration');
  options.onProgress?.(100);
  return {
    master,
    qualities: { [lowest.quality]: OUTPUT.playlist(lowest.quality) },
    fallback: OUTPUT.fallback,
    cover: OUTPUT.cover,
    duration: Math.round(duration * 100) / 100,
    width: info.width,
    height: info.height,
    complete,
  };
}

/**
 * The second stage, in the directory of the first: every rendition above the lowest, in one
 * ffmpeg process that decodes the source once for all of them, then the master of the whole
 * ladder. What an interrupted run left of these renditions goes first; the first stage's files,
 * which people may be watching, stay.
 */
export async function addRenditions(source: string, outDir: string, options: TranscodeOptions): Promise<Pick<TranscodeResult, 'master' | 'qualities'>> {
  const info = await usableSource(source);
  const higher = info.ladder.slice(0, -1);
  await Promise.all(higher.map((r) => fsp.rm(path.join(outDir, r.quality), { recursive: true, force: true })));
  const expected = Math.min(info.duration ?? options.maxSeconds, options.maxSeconds);
  await encode(source, outDir, higher, info.hasAudio, expected, options, () => undefined);
  await writeMaster(path.join(outDir, OUTPUT.master), info.ladder, info.hasAudio);
  return { master: OUTPUT.master, qualities: Object.fromEntries(info.ladder.map((r) => [r.quality, OUTPUT.playlist(r.quality)])) };
}

async function encode(source: string, outDir: string, renditions: Rendition[], hasAudio: boolean, expected: number, options: TranscodeOptions, onFraction: (f: number) => void): Promise<void> {
  if (renditions.length === 0) return;
  const outputs: string[] = [];
  for (const r of renditions) {
    await fsp.mkdir(path.join(outDir, r.quality), { recursive: true });
    outputs.push(...renditionArgs(r, outDir, hasAudio));
  }
  const result = await run(binaries().ffmpeg, ['-nostdin', '-y', '-v', 'error', '-progress', 'pipe:1', '-t', String(options.maxSeconds), '-i', source, ...outputs], {
    signal: options.signal,
    onLine(line) {
      const match = /^out_time_(?:ms|us)=(\d+)/.exec(line);
      if (match && options.onProgress) onFraction(Math.min(1, Number(match[1]) / 1e6 / Math.max(expected, 0.1)));
    },
  });
  options.signal?.throwIfAborted();
  // Killed from outside (the kernel out of memory, an operator): the machine's trouble, tried again.
  if (result.signal === 'SIGKILL' || result.signal === 'SIGTERM') throw new Error(`ffmpeg was killed (${result.signal})`);
  const complete = await Promise.all(renditions.map((r) => playlistComplete(path.join(outDir, OUTPUT.playlist(r.quality)))));
  if (result.code !== 0 || complete.includes(false)) {
    throw new UnusableVideo(`ffmpeg ended with ${result.code ?? result.signal}: ${result.stderr.trim().split('\n').slice(-3).join(' | ')}`);
  }
}

/** ffmpeg's output options for one rendition: its HLS playlist and segments under `outDir/{quality}/`. */
export function renditionArgs(r: Rendition, outDir: string, hasAudio: boolean): string[] {
  const dir = path.join(outDir, r.quality);
  const kbps = `${r.videoKbps}k`;
  return [
    ...['-map', '0:v:0', ...(hasAudio ? ['-map', '0:a:0'] : [])],
    ...STRIP,
    ...['-vf', `scale=${r.width}:${r.height}`, '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p'],
    ...['-b:v', kbps, '-maxrate', kbps, '-bufsize', `${r.videoKbps * 2}k`, ...GOP],
    ...(hasAudio ? ['-c:a', 'aac', '-b:a', `${r.audioKbps}k`, '-ac', '2'] : []),
    ...['-f', 'hls', '-hls_time', SEGMENT_SECONDS, '-hls_playlist_type', 'vod', '-hls_segment_filename', path.join(dir, 'segment-%03d.ts'), path.join(dir, 'index.m3u8')],
  ];
}

export async function playlistComplete(file: string): Promise<boolean> {
  const text = await fsp.readFile(file, 'utf8').catch(() => '');
  return text.includes('#EXTINF') && text.trimEnd().endsWith('#EXT-X-ENDLIST');
}

async function remuxFallback(outDir: string, lowest: Rendition, signal?: AbortSignal): Promise<void> {
  const output = path.join(outDir, OUTPUT.fallback);
  const result = await run(
    binaries().ffmpeg,
    ['-nostdin', '-y', '-v', 'error', '-i', path.join(outDir, OUTPUT.playlist(lowest.quality)), '-map', '0', '-c', 'copy', '-bsf:a', 'aac_adtstoasc', ...STRIP, '-movflags', '+faststart', output],
    { signal },
  );
  signal?.throwIfAborted();
  if (result.code !== 0) throw new Error(`the MP4 fallback failed: ${result.stderr.trim()}`);
}

async function grabCover(source: string, outDir: string, duration: number, signal?: AbortSignal): Promise<void> {
  // A second in, past the black first frame many recordings start with; a shorter clip's middle.
  const at = duration >= 2 ? 1 : duration / 2;
  const result = await run(
    binaries().ffmpeg,
    ['-nostdin', '-y', '-v', 'error', '-ss', at.toFixed(2), '-i', source, ...STRIP, '-an', '-frames:v', '1', '-vf', "scale='min(1280,iw)':-2", '-q:v', '3', path.join(outDir, OUTPUT.cover)],
    { signal },
  );
  signal?.throwIfAborted();
  if (result.code !== 0) throw new UnusableVideo(`the cover failed: ${result.stderr.trim()}`);
}

async function writeMaster(file: string, ladder: Rendition[], hasAudio: boolean): Promise<void> {
  // Main profile 3.1 (1080p needs level 4.0) and AAC-LC: what `-profile:v main` and `-c:a aac` make.
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3'];
  for (const r of ladder) {
    const codecs = [r.height * r.width > 1280 * 720 ? 'avc1.4d4028' : 'avc1.4d401f', ...(hasAudio ? ['mp4a.40.2'] : [])].join(',');
    const bandwidth = Math.round((r.videoKbps * 1.1 + (hasAudio ? r.audioKbps : 0)) * 1000);
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},RESOLUTION=${r.width}x${r.height},CODECS="${codecs}"`, OUTPUT.playlist(r.quality));
  }
  await fsp.writeFile(file, `${lines.join('\n')}\n`);
}
