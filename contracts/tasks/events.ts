import { z } from 'zod';
import { defineEvent } from '../events/define.ts';

const accountId = z.number().int().positive();
const taskId = z.number().int().positive();
const userId = z.number().int().positive();
/** An instant, ISO 8601 in UTC: a screen shows it in its reader's timezone. */
const instant = z.string();

/** What a task points at. An announcement is accepted by shape: the announcements area keeps its own. */
export const taskLinkKind = z.enum(['contact', 'interview', 'announcement']);
export type TaskLinkKind = z.infer<typeof taskLinkKind>;
export const taskLink = z.object({ kind: taskLinkKind, id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export type TaskLink = z.infer<typeof taskLink>;

// A task's stream (`task-{id}`). Everything in it is private to its account.
export const TaskCreated = defineEvent(
  'TaskCreated',
  z.object({ accountId, taskId, title: z.string(), assigneeId: userId, dueAt: instant, link: taskLink.nullable(), createdBy: userId }),
);
/** The title, due date and link as they are now, whole. */
export const TaskEdited = defineEvent('TaskEdited', z.object({ accountId, taskId, title: z.string(), dueAt: instant, link: taskLink.nullable(), editedBy: userId }));
/** Given to someone else of the account (at creation the assignee is in TaskCreated). */
export const TaskAssigned = defineEvent('TaskAssigned', z.object({ accountId, taskId, assigneeId: userId, previousAssigneeId: userId, by: userId }));
export const TaskDone = defineEvent('TaskDone', z.object({ accountId, taskId, by: userId }));
export const TaskReopened = defineEvent('TaskReopened', z.object({ accountId, taskId, by: userId }));
export const TaskDeleted = defineEvent('TaskDeleted', z.object({ accountId, taskId, by: userId }));

export const taskEvents = [TaskCreated, TaskEdited, TaskAssigned, TaskDone, TaskReopened, TaskDeleted] as const;
