import { z } from 'zod';
import { defineEvent } from '../events/define.ts';
import { videoQuality } from '../posts/media.ts';

const videoId = z.number().int().positive();

/** A video upload was stored and waits for its transcode; `source` is the original's public path. */
export const VideoUploaded = defineEvent('VideoUploaded', z.object({ videoId, ownerId: z.number().int().positive(), source: z.string() }));

/**
 * The video plays: its lowest rendition, the fallback and the cover exist, under `master`. The
 * higher renditions follow in VideoRenditionsAdded, unless `qualities` is already the whole ladder.
 * Paths are public paths.
 */
export const VideoProcessed = defineEvent(
  'VideoProcessed',
  z.object({
    videoId,
    master: z.string(),
    qualities: z.partialRecord(videoQuality, z.string()),
    fallback: z.string(),
    cover: z.string(),
    duration: z.number().nonnegative(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  }),
);

/** The rest of the ladder exists: `master` lists every rendition, `qualities` all of them. */
export const VideoRenditionsAdded = defineEvent('VideoRenditionsAdded', z.object({ videoId, master: z.string(), qualities: z.partialRecord(videoQuality, z.string()) }));

/** The transcode could not be done; `reason` is for operators, never shown to people. */
export const VideoFailed = defineEvent('VideoFailed', z.object({ videoId, reason: z.string() }));

export const videoEvents = [VideoUploaded, VideoProcessed, VideoRenditionsAdded, VideoFailed] as const;
