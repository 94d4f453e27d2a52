import { z } from 'zod';
import { newsroomSummary } from './api.ts';

const stamped = { cursor: z.string().regex(/^\d+:\d+$/), position: z.number().int() };

/**
 * A newsroom one works on changed, to every tab of its people (the running account's and
 * those confirmed for it): "our newsrooms" patches its row. `accessConfirmed` also reaches
 * the person confirmed, whose list gains the newsroom.
 */
export const newsroomChanged = z.object({
  ...stamped,
  newsroomId: z.number().int(),
  change: z.enum(['created', 'edited', 'accessConfirmed']),
  newsroom: newsroomSummary,
});
