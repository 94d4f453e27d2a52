import { afterEach, describe, expect, it } from 'vitest';
import {
  availableQualities,
  formatDuration,
  levelForQuality,
  lowestLevel,
  lowestQuality,
  playbackSource,
  qualityOfLevel,
  rememberedQuality,
  rememberQuality,
  spokenDuration,
  startingChoice,
} from './quality.ts';

const video = (qualityUrls: Record<string, string>) => ({ url: '/uploads/videos/7/master.m3u8', fallbackUrl: '/uploads/videos/7/360.mp4', qualityUrls });
const ladder = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
  { width: 854, height: 480 },
  { width: 640, height: 360 },
];

afterEach(() => localStorage.clear());

describe('video qualities (spec: 1080, 720, 480 and 360; the lowest available one is the fallback)', () => {
  it('offers the qualities the video has, highest first, and knows its lowest', () => {
    expect(availableQualities(video({ '360': 'a', '1080': 'b', '480': 'c' }))).toEqual(['1080', '480', '360']);
    expect(lowestQuality(video({ '1080': 'b', '480': 'c' }))).toBe('480');
    expect(lowestQuality(video({}))).toBeNull();
  });

  it('starts on auto, which begins at the lowest quality, when nothing is remembered', () => {
    expect(startingChoice(video({ '720': 'a', '360': 'b' }), null)).toBe('auto');
    expect(ladder[lowestLevel(ladder)]).toEqual({ width: 640, height: 360 });
  });

  it('keeps the remembered quality across videos, when the video has it', () => {
    expect(rememberedQuality()).toBeNull();
    rememberQuality('720');
    expect(rememberedQuality()).toBe('720');
    expect(startingChoice(video({ '1080': 'a', '720': 'b', '360': 'c' }), rememberedQuality())).toBe('720');
    // A 480p recording has no 720: auto, from its lowest, rather than a quality nobody chose.
    expect(startingChoice(video({ '480': 'a', '360': 'b' }), rememberedQuality())).toBe('auto');
    rememberQuality('auto');
    expect(rememberedQuality()).toBe('auto');
  });

  it('finds the hls.js level of a quality: that size, else the largest below, else the smallest', () => {
    expect(levelForQuality(ladder, '720')).toBe(1);
    expect(levelForQuality(ladder, '360')).toBe(3);
    expect(levelForQuality([{ width: 854, height: 480 }, { width: 640, height: 360 }], '1080')).toBe(0);
    expect(levelForQuality([{ width: 1280, height: 720 }], '360')).toBe(0);
    expect(levelForQuality([], '720')).toBeNull();
  });

  it('names a portrait rendition by its short side, like a landscape one', () => {
    const portrait = [
      { width: 1080, height: 1920 },
      { width: 360, height: 640 },
    ];
    expect(levelForQuality(portrait, '1080')).toBe(0);
    expect(qualityOfLevel(portrait, 0)).toBe('1080');
    expect(qualityOfLevel(portrait, 1)).toBe('360');
    expect(lowestLevel(portrait)).toBe(1);
  });

  it('plays through hls.js where Media Source exists, the browser’s own HLS where only that exists, the MP4 fallback elsewhere', () => {
    const processed = video({ '720': '/v/720.m3u8', '360': '/v/360.m3u8' });
    expect(playbackSource(processed, 'auto', { mediaSource: true, nativeHls: false })).toEqual({ kind: 'hls.js', src: processed.url });
    expect(playbackSource(processed, 'auto', { mediaSource: true, nativeHls: true })).toEqual({ kind: 'hls.js', src: processed.url });
    expect(playbackSource(processed, '720', { mediaSource: false, nativeHls: true })).toEqual({ kind: 'native', src: '/v/720.m3u8' });
    expect(playbackSource(processed, 'auto', { mediaSource: false, nativeHls: true })).toEqual({ kind: 'native', src: processed.url });
    expect(playbackSource(processed, 'auto', { mediaSource: false, nativeHls: false })).toEqual({ kind: 'file', src: '/uploads/videos/7/360.mp4' });
  });

  it('plays an attachment not yet transcoded as its original file', () => {
    expect(playbackSource({ url: '/uploads/clip.webm', fallbackUrl: null, qualityUrls: {} }, 'auto', { mediaSource: true, nativeHls: false })).toEqual({ kind: 'file', src: '/uploads/clip.webm' });
  });

  it('shows a duration as a clock and says it in words', () => {
    expect(formatDuration(7.4)).toBe('0:07');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(spokenDuration(1)).toBe('1 second');
    expect(spokenDuration(65)).toBe('1 minute 5 seconds');
    expect(spokenDuration(120)).toBe('2 minutes');
  });
});
