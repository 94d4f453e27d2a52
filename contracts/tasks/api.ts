import { z } from 'zod';
import { taskLink, taskLinkKind } from './events.ts';

export const NO_MODULE = 'Your account does not have the contacts module.';
export const NO_TASK = 'No such task.';
export const TITLE_MAX = 200;
export const TASKS_PAGE = 50;

// Each field is optional in the schema: a missing one is a rule broken (422, in words), not a
// malformed request.
const title = z.string().trim();
const dueAt = z.string().trim();

/** A new task: title, the colleague who does it, when it is due (an instant), and what it is about. */
export const createTaskBody = z.object({
  title: title.optional(),
  assigneeId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  dueAt: dueAt.nullable().optional(),
  link: taskLink.nullable().optional(),
});
export type CreateTaskBody = z.infer<typeof createTaskBody>;
/** Only what is named changes; `link: null` takes the link off. */
export const editTaskBody = createTaskBody;
export type EditTaskBody = z.infer<typeof editTaskBody>;

/** `mine`: the tasks one gave; `assigned`: the tasks one has to do; `all`: the account's. */
export const taskScope = z.enum(['all', 'mine', 'assigned']);
export type TaskScope = z.infer<typeof taskScope>;
export const taskState = z.enum(['open', 'done']);
export type TaskState = z.infer<typeof taskState>;

export const tasksQuery = z.object({
  scope: taskScope.default('all'),
  state: z.enum(['open', 'done', 'all']).default('open'),
  /** Only open tasks past their due date. */
  overdue: z.enum(['true', 'false']).transform((value) => value === 'true').default(false),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(TASKS_PAGE),
});
export type TasksQuery = z.infer<typeof tasksQuery>;

export const taskPerson = z.object({ id: z.number().int(), name: z.string(), avatar: z.string().nullable(), timezone: z.string() });
export type TaskPerson = z.infer<typeof taskPerson>;

export const taskView = z.object({
  id: z.number().int(),
  title: z.string(),
  state: taskState,
  /** ISO 8601, UTC. */
  dueAt: z.string(),
  /** Open and past its due date, when it was read. */
  overdue: z.boolean(),
  assignee: taskPerson,
  createdBy: taskPerson,
  /** `label` is null when the linked thing is gone, or (announcements) not known here. */
  link: z.object({ kind: taskLinkKind, id: z.number().int(), label: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  doneAt: z.string().nullable(),
});
export type TaskView = z.infer<typeof taskView>;

/** Soonest due first (open), latest done first (done). */
export const tasksPage = z.object({ data: z.array(taskView), hasMore: z.boolean(), overdueCount: z.number().int() });
export type TasksPage = z.infer<typeof tasksPage>;

/** The account's people a task may be given to. */
export const assigneesView = z.object({ data: z.array(taskPerson) });
