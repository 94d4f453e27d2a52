import { z } from 'zod';
import { announcementSummary } from './api.ts';

const stamped = { cursor: z.string().regex(/^\d+:\d+$/), position: z.number().int() };

/** An announcement changed, to every tab of its newsroom's people, with it as it is now: "our announcements" and the hub patch it. */
export const announcementChanged = z.object({
  ...stamped,
  announcementId: z.number().int(),
  newsroomId: z.number().int(),
  change: z.enum(['drafted', 'edited', 'scheduled', 'unscheduled', 'published', 'embargoLifted', 'unpublished', 'audienceSet']),
  announcement: announcementSummary,
});
