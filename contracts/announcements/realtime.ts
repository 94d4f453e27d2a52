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

/** The room of an announcement's hub: its newsroom's people, as the hub's own query lets in. */
export const announcementRoom = (announcementId: number) => `announcement:${announcementId}`;

/**
 * Its numbers or its sending moved (a batch went out, a bounce, an open, a click, a web view, a
 * recipient's links revoked), to its hub's room: the hub reads them again. Not in the log, so
 * never replayed: a tab that was away reads them again when it is back. At most one per
 * announcement every 500 ms from each server, naming everything that moved meanwhile.
 */
export const announcementNumbersMoved = z.object({
  announcementId: z.number().int(),
  moved: z.array(z.enum(['sent', 'bounced', 'failed', 'opened', 'clicked', 'viewed', 'revoked'])),
});
export type NumbersMove = z.infer<typeof announcementNumbersMoved>['moved'][number];
