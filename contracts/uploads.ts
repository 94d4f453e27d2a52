import { z } from 'zod';

/**
 * An upload as the API shows it: the spec's media item (type, id, path) plus what a post
 * or comment needs to show it before the original loads. A video's thumbnail, size and
 * length come with the video pipeline; until then it is processing and they are null.
 */
export const uploadView = z.object({
  id: z.number().int(),
  type: z.enum(['image', 'video']),
  path: z.string(),
  thumbnail: z.string().nullable(),
  status: z.enum(['processing', 'processed', 'failed']),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

export type UploadView = z.infer<typeof uploadView>;
