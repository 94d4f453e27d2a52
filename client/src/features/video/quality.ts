import { VIDEO_QUALITIES, type VideoQuality, type VideoView } from '../../../../contracts/posts/media.ts';
import { storage } from '../../lib/storage.ts';

export { VIDEO_QUALITIES, type VideoQuality };

/** What a person can pick in the quality menu: the player's own choice, or one rendition. */
export type QualityChoice = 'auto' | VideoQuality;

/** The qualities a video has, highest first (spec sections 3 and 9). */
export const availableQualities = (video: Pick<VideoView, 'qualityUrls'>): VideoQuality[] => VIDEO_QUALITIES.filter((quality) => video.qualityUrls[quality]);

/** The lowest quality a video has: where playback starts and what it falls back to (spec section 3). */
export const lowestQuality = (video: Pick<VideoView, 'qualityUrls'>): VideoQuality | null => availableQualities(video).at(-1) ?? null;

const REMEMBERED_KEY = 'videoQuality';

const isChoice = (value: unknown): value is QualityChoice => value === 'auto' || VIDEO_QUALITIES.includes(value as VideoQuality);

/** The choice the person made last time, on any video (spec: the remembered quality). */
export function rememberedQuality(): QualityChoice | null {
  const value = storage.get<unknown>(REMEMBERED_KEY);
  return isChoice(value) ? value : null;
}

export function rememberQuality(choice: QualityChoice): void {
  storage.set(REMEMBERED_KEY, choice);
}

/**
 * The choice a video starts with: the remembered quality when this video has it, else auto.
 * A remembered quality the video lacks (a 720 on a 480p recording) is not turned into
 * another fixed one: auto starts from the lowest and climbs as the connection allows.
 */
export function startingChoice(video: Pick<VideoView, 'qualityUrls'>, remembered: QualityChoice | null): QualityChoice {
  if (remembered && remembered !== 'auto' && video.qualityUrls[remembered]) return remembered;
  return 'auto';
}

/** One rendition as hls.js lists it in the master playlist. */
export type Rendition = { width: number; height: number };

/**
 * The quality a rendition stands for. Qualities name the short side, so a portrait phone
 * recording of 1080x1920 is the 1080 one, like the landscape 1920x1080.
 */
export const qualityOfRendition = (rendition: Rendition): number => Math.min(rendition.width, rendition.height) || rendition.height;

/**
 * Which of hls.js's levels plays a quality: the one of that size, else the largest below it,
 * else the smallest there is. Null when the playlist lists no level.
 */
export function levelForQuality(levels: readonly Rendition[], quality: VideoQuality): number | null {
  if (levels.length === 0) return null;
  const target = Number(quality);
  let best: number | null = null;
  levels.forEach((level, index) => {
    const size = qualityOfRendition(level);
    if (size <= target && (best === null || size > qualityOfRendition(levels[best]!))) best = index;
  });
  return best ?? lowestLevel(levels);
}

export function lowestLevel(levels: readonly Rendition[]): number {
  return levels.reduce((lowest, level, index) => (qualityOfRendition(level) < qualityOfRendition(levels[lowest]!) ? index : lowest), 0);
}

/** The quality label of the level hls.js plays now ("Auto (480p)" in the menu). */
export function qualityOfLevel(levels: readonly Rendition[], index: number): VideoQuality | null {
  const level = levels[index];
  if (!level) return null;
  const size = qualityOfRendition(level);
  return VIDEO_QUALITIES.find((quality) => Number(quality) <= size) ?? VIDEO_QUALITIES.at(-1)!;
}

/**
 * How a processed video plays in this browser:
 * - `hls.js`: the master playlist through Media Source Extensions, levels switched by hls.js;
 * - `native`: the browser's own HLS where there is no Media Source (iPhones before iOS 17.1),
 *   which cannot be told a level, so a fixed quality plays that rendition's playlist and auto the master;
 * - `file`: neither, so the MP4 of the lowest rendition (spec: the fallback).
 */
export type PlaybackSource = { kind: 'hls.js'; src: string } | { kind: 'native'; src: string } | { kind: 'file'; src: string };

export const isPlaylist = (url: string): boolean => /\.m3u8(?:[?#]|$)/.test(url);

export type BrowserAbilities = { mediaSource: boolean; nativeHls: boolean };

export function playbackSource(video: Pick<VideoView, 'url' | 'fallbackUrl' | 'qualityUrls'>, choice: QualityChoice, browser: BrowserAbilities): PlaybackSource {
  // An attachment not yet transcoded plays its original file.
  if (!isPlaylist(video.url)) return { kind: 'file', src: video.url };
  // hls.js first wherever Media Source exists: only it can start at the lowest rendition and
  // switch on request. Chromium now plays HLS natively too, but starts wherever it likes.
  if (browser.mediaSource) return { kind: 'hls.js', src: video.url };
  if (browser.nativeHls) return { kind: 'native', src: (choice !== 'auto' && video.qualityUrls[choice]) || video.url };
  return { kind: 'file', src: video.fallbackUrl ?? video.url };
}

/** Seconds as a clock: 0:07, 1:05, 1:02:03. */
export function formatDuration(totalSeconds: number): string {
  const whole = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The duration as a screen reader says it: "1 minute 5 seconds". */
export function spokenDuration(totalSeconds: number): string {
  const whole = Math.max(0, Math.round(totalSeconds));
  const minutes = Math.floor(whole / 60);
  const seconds = whole % 60;
  const part = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (minutes === 0) return part(seconds, 'second');
  return seconds === 0 ? part(minutes, 'minute') : `${part(minutes, 'minute')} ${part(seconds, 'second')}`;
}
