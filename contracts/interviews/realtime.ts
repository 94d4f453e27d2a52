import { z } from 'zod';
import { closedReason, interviewStatus, responseView } from './api.ts';

const stamped = { cursor: z.string().regex(/^\d+:\d+$/), position: z.number().int() };

/** A response moved on (started, an answer given, skipped or withdrawn, sent): to those who read the interview's answers. */
export const interviewAnswered = z.object({ ...stamped, interviewId: z.number().int(), response: responseView, answersCount: z.number().int() });
/** Its count of sent responses moved: to the people who read its answers, in their own rooms, wherever its card is shown. */
export const interviewCounted = z.object({ ...stamped, interviewId: z.number().int(), answersCount: z.number().int() });
/** The interview itself changed: its details or questions, published, closed. To its readers, and to its callout's open modals. */
export const interviewChanged = z.object({
  ...stamped,
  interviewId: z.number().int(),
  change: z.enum(['updated', 'published', 'closed']),
  status: interviewStatus,
  closedReason: closedReason.nullable(),
});
