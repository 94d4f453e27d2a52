import { NO_TASK, TITLE_MAX, type CreateTaskBody, type EditTaskBody } from '../../../contracts/tasks/api.ts';
import type { TaskEvent, TaskLink } from '../../../contracts/tasks/index.ts';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import type { Decider } from '../../events/decider.ts';
import { assigneeRefusal, READ_ONLY, type Assignee, type Member } from './permissions.ts';

export const taskStream = (taskId: number) => `task-${taskId}`;

// An instant names its offset: '2026-05-01T09:00' alone would be the server's local time.
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/** A written instant whose day exists: Date.parse takes 30 February as 2 March. */
function isInstant(text: string): boolean {
  const parts = INSTANT.exec(text);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export type TaskFields = { title: string; assigneeId: number; dueAt: string; link: TaskLink | null };

export type TaskState = { exists: false } | ({ exists: true; deleted: boolean; accountId: number; done: boolean } & TaskFields);

/**
 * What the route found for the decider: the person named as assignee (null when nobody has
 * that id), and whether the linked thing exists for this person.
 */
type Found = { assignee: Assignee | null; linkFound: boolean };

export type TaskCommand =
  | ({ type: 'create'; taskId: number; by: Member; fields: CreateTaskBody } & Found)
  | ({ type: 'edit'; taskId: number; by: Member; changes: EditTaskBody } & Found)
  | { type: 'complete'; taskId: number; by: Member }
  | { type: 'reopen'; taskId: number; by: Member }
  | { type: 'delete'; taskId: number; by: Member };

const LINK_MISSING = { contact: 'The linked contact does not exist', interview: 'The linked interview does not exist', announcement: 'The linked announcement does not exist' } as const;

/** The fields as they will be, or every rule they break, one line each. */
type Draft = { title?: string; assigneeId?: number | null; dueAt?: string | null; link?: TaskLink | null };

function judged(fields: Draft, by: Member, found: Found): TaskFields {
  const errors: string[] = [];
  const title = fields.title?.trim() ?? '';
  if (title === '') errors.push('Title is required');
  else if (title.length > TITLE_MAX) errors.push(`Title must be at most ${TITLE_MAX} characters`);
  if (fields.assigneeId == null) errors.push('Assignee is required');
  else {
    const refusal = assigneeRefusal(by, found.assignee);
    if (refusal) errors.push(refusal);
  }
  let dueAt = '';
  if (!fields.dueAt) errors.push('Due date is required');
  else if (!isInstant(fields.dueAt)) errors.push('Due date is not a valid date');
  else dueAt = new Date(fields.dueAt).toISOString();
  const link = fields.link ?? null;
  if (link && !found.linkFound) errors.push(LINK_MISSING[link.kind]);
  if (errors.length > 0) throw new ValidationFailed(errors);
  return { title, assigneeId: fields.assigneeId!, dueAt, link };
}

const sameLink = (a: TaskLink | null, b: TaskLink | null) => a?.kind === b?.kind && a?.id === b?.id;

/**
 * A task of an account: anyone of the account who may change things gives, edits, completes,
 * reopens or deletes it; another account's task is not found.
 */
export const taskDecider: Decider<TaskState, TaskCommand, TaskEvent> = {
  initialState: { exists: false },
  evolve(state, event) {
    if (event.type === 'TaskCreated') {
      const { accountId, title, assigneeId, dueAt, link } = event.data;
      return { exists: true, deleted: false, accountId, done: false, title, assigneeId, dueAt, link };
    }
    if (!state.exists) return state;
    switch (event.type) {
      case 'TaskEdited':
        return { ...state, title: event.data.title, dueAt: event.data.dueAt, link: event.data.link };
      case 'TaskAssigned':
        return { ...state, assigneeId: event.data.assigneeId };
      case 'TaskDone':
        return { ...state, done: true };
      case 'TaskReopened':
        return { ...state, done: false };
      case 'TaskDeleted':
        return { ...state, deleted: true };
    }
  },
  decide(command, state) {
    const { taskId, by } = command;
    const accountId = by.accountId;
    if (command.type === 'create') {
      if (state.exists) throw new Conflict('This task exists already.');
      if (by.isReadOnly) throw new Forbidden(READ_ONLY);
      const fields = judged(command.fields, by, command);
      return [{ type: 'TaskCreated', data: { accountId, taskId, ...fields, createdBy: by.id } }];
    }
    if (!state.exists || state.deleted || state.accountId !== accountId) throw new NotFound(NO_TASK);
    if (by.isReadOnly) throw new Forbidden(READ_ONLY);
    switch (command.type) {
      case 'edit': {
        const { changes } = command;
        const next = judged(
          {
            title: changes.title ?? state.title,
            assigneeId: changes.assigneeId === undefined ? state.assigneeId : changes.assigneeId,
            dueAt: changes.dueAt === undefined ? state.dueAt : changes.dueAt,
            link: changes.link === undefined ? state.link : changes.link,
          },
          by,
          // The assignee kept and the link kept are judged as they were when given.
          {
            assignee: changes.assigneeId === undefined || changes.assigneeId === state.assigneeId ? { id: state.assigneeId, accountId, isReadOnly: false } : command.assignee,
            linkFound: changes.link === undefined || sameLink(changes.link, state.link) ? true : command.linkFound,
          },
        );
        const events: TaskEvent[] = [];
        if (next.title !== state.title || next.dueAt !== state.dueAt || !sameLink(next.link, state.link)) {
          events.push({ type: 'TaskEdited', data: { accountId, taskId, title: next.title, dueAt: next.dueAt, link: next.link, editedBy: by.id } });
        }
        if (next.assigneeId !== state.assigneeId) events.push({ type: 'TaskAssigned', data: { accountId, taskId, assigneeId: next.assigneeId, previousAssigneeId: state.assigneeId, by: by.id } });
        return events;
      }
      case 'complete':
        return state.done ? [] : [{ type: 'TaskDone', data: { accountId, taskId, by: by.id } }];
      case 'reopen':
        return state.done ? [{ type: 'TaskReopened', data: { accountId, taskId, by: by.id } }] : [];
      case 'delete':
        return [{ type: 'TaskDeleted', data: { accountId, taskId, by: by.id } }];
    }
  },
};
