import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The ffmpeg and ffprobe this process runs. */
export type Binaries = { ffmpeg: string; ffprobe: string };

let found: Binaries | null = null;

/**
 * The system's ffmpeg when it has one (a distribution's build is newer and maintained), else
 * the binaries that came with `npm install`. Nothing is downloaded at run time.
 */
export function binaries(): Binaries {
  found ??= {
    ffmpeg: onPath('ffmpeg') ?? (require('@ffmpeg-installer/ffmpeg') as { path: string }).path,
    ffprobe: onPath('ffprobe') ?? (require('@ffprobe-installer/ffprobe') as { path: string }).path,
  };
  return found;
}

function onPath(name: string): string | null {
  const probe = spawnSync(name, ['-version'], { stdio: 'ignore' });
  return probe.status === 0 ? name : null;
}

/** What ffprobe says of a file: null when it cannot read it as media at all. */
export type Probe = { duration: number | null; width: number; height: number; hasAudio: boolean } | { duration: number | null; width: null; height: null; hasAudio: boolean };

type ProbeJson = {
  format?: { duration?: string; tags?: Record<string, string> };
  streams?: { codec_type?: string; width?: number; height?: number; duration?: string; tags?: Record<string, string>; side_data_list?: { rotation?: number }[] }[];
};

export async function probe(file: string): Promise<Probe | null> {
  const result = await run(binaries().ffprobe, ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file]);
  if (result.code !== 0) return null;
  let parsed: ProbeJson;
  try {
    parsed = JSON.parse(result.stdout) as ProbeJson;
  } catch {
    return null;
  }
  const streams = parsed.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video' && stream.width && stream.height);
  const hasAudio = streams.some((stream) => stream.codec_type === 'audio');
  const duration = seconds(parsed.format?.duration) ?? seconds(video?.duration);
  if (!video) return { duration, width: null, height: null, hasAudio };
  // Phones record upright video as landscape pixels with a rotation; ffmpeg turns the pixels
  // when it decodes, so the picture people see is the rotated one.
  const rotation = Math.abs(Number(video.tags?.rotate ?? video.side_data_list?.find((side) => side.rotation !== undefined)?.rotation ?? 0)) % 180;
  const [width, height] = rotation === 90 ? [video.height!, video.width!] : [video.width!, video.height!];
  return { duration, width, height, hasAudio };
}

function seconds(value: string | undefined): number | null {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n >= 0 ? n : null;
}

/** Every tag of a media file, container and streams, for checking what an output still carries. */
export async function tagsOf(file: string): Promise<Record<string, string>> {
  const result = await run(binaries().ffprobe, ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file]);
  const parsed = JSON.parse(result.stdout) as ProbeJson;
  return Object.assign({}, parsed.format?.tags, ...(parsed.streams ?? []).map((stream) => stream.tags ?? {}));
}

export type Run = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

/**
 * Runs a binary to its end. `onLine` hears stdout line by line (ffmpeg's `-progress pipe:1`);
 * `signal` stops it with SIGKILL. Only the tail of stderr is kept: ffmpeg can be chatty.
 */
export function run(binary: string, args: readonly string[], options: { onLine?: (line: string) => void; signal?: AbortSignal } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal, killSignal: 'SIGKILL' });
    let stdout = '';
    let stderr = '';
    let partial = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (!options.onLine) {
        stdout += chunk;
        return;
      }
      const lines = (partial + chunk).split('\n');
      partial = lines.pop()!;
      for (const line of lines) options.onLine(line);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on('error', (error) => {
      if ((error as { name?: string }).name === 'AbortError') return;
      reject(error);
    });
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
