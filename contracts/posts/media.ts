import { z } from 'zod';

/** An uploaded file attached to a post or comment (spec: Media item). */
export const mediaItem = z.object({
  type: z.enum(['image', 'video']),
  id: z.number().int(),
  path: z.string(),
  thumbnail: z.string().nullable(),
  length: z.number().nullable(),
});
export type MediaItem = z.infer<typeof mediaItem>;

export const videoQuality = z.enum(['1080', '720', '480', '360']);
export type VideoQuality = z.infer<typeof videoQuality>;
/** The spec's qualities, highest first; a video has those at or below its source's height. */
export const VIDEO_QUALITIES = ['1080', '720', '480', '360'] as const satisfies readonly VideoQuality[];

export const videoStatus = z.enum(['processing', 'processed', 'failed']);
export type VideoStatus = z.infer<typeof videoStatus>;

/** The line a person reads when a video's transcode failed. */
export const VIDEO_FAILED_LINE = 'This video could not be processed';

/**
 * The spec's Video. While `processing`, `url` is the original as uploaded (not yet playable
 * everywhere) and the rest is null or empty. Once `processed`: `url` is the HLS master
 * playlist, `qualityUrls` each rendition's own HLS playlist, `fallbackUrl` an H.264/AAC MP4
 * of the lowest rendition (the spec's fallback, for players without HLS), `coverUrl` a JPEG
 * from a second in, `duration` in seconds. `failed` carries `error`, a line a person can read.
 */
export const videoView = z.object({
  id: z.number().int(),
  coverUrl: z.string().nullable(),
  url: z.string(),
  fallbackUrl: z.string().nullable(),
  duration: z.number().nullable(),
  status: videoStatus,
  qualityUrls: z.partialRecord(videoQuality, z.string()),
  error: z.string().nullable(),
});
export type VideoView = z.infer<typeof videoView>;

/** A media item as a reader sees it: a video's cover and duration as they are now, and its whole state. */
export const attachmentView = mediaItem.extend({ video: videoView.optional() });
export type AttachmentView = z.infer<typeof attachmentView>;
