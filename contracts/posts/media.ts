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

/** The spec's Video: status is processing until the video pipeline has made its qualities. */
export const videoView = z.object({
  id: z.number().int(),
  coverUrl: z.string().nullable(),
  url: z.string(),
  duration: z.number().nullable(),
  status: z.enum(['processing', 'processed']),
  qualityUrls: z.partialRecord(z.enum(['1080', '720', '480', '360']), z.string()),
});
export type VideoView = z.infer<typeof videoView>;
