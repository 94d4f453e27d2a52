import { describe, expect, it } from 'vitest';
import { pickQuality, sourceOf } from './videoQuality.ts';

const video = (qualityUrls: Record<string, string>) => ({ url: '/uploads/original.mp4', qualityUrls });

describe('video quality (spec: 1080, 720, 480, 360; the lowest available is the fallback)', () => {
  it('plays the chosen quality when the video has it', () => {
    expect(pickQuality(video({ '1080': 'a', '720': 'b', '360': 'c' }), '720')).toBe('720');
  });

  it('falls back to the lowest available quality', () => {
    expect(pickQuality(video({ '1080': 'a', '480': 'b' }), '720')).toBe('480');
    expect(pickQuality(video({ '1080': 'a', '480': 'b' }), null)).toBe('480');
  });

  it('plays the original while the video has no qualities yet', () => {
    const processing = video({});
    expect(pickQuality(processing, '720')).toBeNull();
    expect(sourceOf(processing, null)).toBe('/uploads/original.mp4');
    expect(sourceOf(video({ '480': '/v/480.mp4' }), '480')).toBe('/v/480.mp4');
  });
});
