import type { VideoView } from '../../../../contracts/posts/media.ts';

/** Spec sections 3 and 9: the qualities a video is offered in, highest first. */
export const VIDEO_QUALITIES = ['1080', '720', '480', '360'] as const;
export type VideoQuality = (typeof VIDEO_QUALITIES)[number];

export const availableQualities = (video: Pick<VideoView, 'qualityUrls'>): VideoQuality[] => VIDEO_QUALITIES.filter((quality) => video.qualityUrls[quality]);

/** The chosen quality when the video has it, else the lowest one it has (spec: the fallback); null when it has none. */
export function pickQuality(video: Pick<VideoView, 'qualityUrls'>, preferred: VideoQuality | null): VideoQuality | null {
  const available = availableQualities(video);
  if (preferred && available.includes(preferred)) return preferred;
  return available.at(-1) ?? null;
}

/** What to play: the chosen quality's file, or the original while there are no qualities. */
export function sourceOf(video: Pick<VideoView, 'qualityUrls' | 'url'>, quality: VideoQuality | null): string {
  return (quality && video.qualityUrls[quality]) || video.url;
}
