import fs from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { binaries, run } from './ffmpeg.ts';

/** Where the clip says it was recorded, as phones write it into an MP4 (ISO 6709). */
export const RECORDED_AT = '+48.8584+002.2945/';
export const RECORDED_WITH = 'PhoneCo Camera 9';

/**
 * A clip made from ffmpeg's test sources: a moving test card and a tone, H.264/AAC in MP4,
 * with a location and a device in its tags when `tagged`, as a phone would write them.
 */
export async function makeClip(file: string, options: { width: number; height: number; seconds: number; fps?: number; tagged?: boolean }): Promise<void> {
  const { width, height, seconds, fps = 10 } = options;
  const tags = options.tagged ? ['-metadata', `location=${RECORDED_AT}`, '-metadata', `location-eng=${RECORDED_AT}`, '-metadata', `make=${RECORDED_WITH}`, '-movflags', '+use_metadata_tags'] : [];
  const result = await run(binaries().ffmpeg, [
    '-nostdin', '-y', '-v', 'error',
    '-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=${fps}:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest',
    ...tags,
    file,
  ]);
  if (result.code !== 0) throw new Error(`could not make a test clip: ${result.stderr}`);
}

/** A multipart body as a browser's FormData sends it, one file in the field `file`. */
export function multipartFile(content: Buffer, filename: string, contentType: string) {
  const boundary = `----pressroom-video-${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function uploadFile(app: FastifyInstance, token: string, file: string, contentType = 'video/mp4'): Promise<LightMyRequestResponse> {
  const body = multipartFile(fs.readFileSync(file), 'clip.mp4', contentType);
  return app.inject({ method: 'POST', url: '/api/v1/uploads', headers: { 'x-requested-with': 'XMLHttpRequest', ...body.headers }, payload: body.payload, cookies: { [SESSION_COOKIE]: token } });
}

/**
 * What ffmpeg reads of an HLS playlist: whether every stream of it decodes to the end, its
 * tallest video frame and its duration. The npm ffprobe build crashes on MPEG-TS and HLS
 * (status 139), so ffmpeg itself reads them.
 */
export async function readHls(file: string): Promise<{ decodes: boolean; width: number; height: number; duration: number }> {
  const decoded = await run(binaries().ffmpeg, ['-nostdin', '-v', 'error', '-i', file, '-map', '0', '-f', 'null', '-']);
  const described = await run(binaries().ffmpeg, ['-nostdin', '-i', file]);
  const frames = [...described.stderr.matchAll(/Video: .*?, (\d{2,5})x(\d{2,5})/g)].map((m) => ({ width: Number(m[1]), height: Number(m[2]) }));
  const tallest = frames.sort((a, b) => b.height - a.height)[0] ?? { width: 0, height: 0 };
  const time = /Duration: (\d+):(\d+):([\d.]+)/.exec(described.stderr);
  const duration = time ? Number(time[1]) * 3600 + Number(time[2]) * 60 + Number(time[3]) : NaN;
  return { decodes: decoded.code === 0, ...tallest, duration };
}
