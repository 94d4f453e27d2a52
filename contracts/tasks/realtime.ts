import { z } from 'zod';
import { taskView } from './api.ts';

const stamped = { cursor: z.string().regex(/^\d+:\d+$/), position: z.number().int() };

/**
 * A task of one's account changed, to every tab of its people: lists read it again, and the
 * assignee of a task someone else gave them is told (`assigned`: to them, by `by`).
 * `task` is null once deleted.
 */
export const taskChanged = z.object({
  ...stamped,
  taskId: z.number().int(),
  change: z.enum(['created', 'edited', 'assigned', 'done', 'reopened', 'deleted']),
  by: z.number().int(),
  task: taskView.nullable(),
});
