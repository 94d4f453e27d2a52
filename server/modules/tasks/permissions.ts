import { NO_MODULE } from '../../../contracts/tasks/api.ts';
import type { ModuleName } from '../../../contracts/users/enums.ts';

/** Someone at work on their account's tasks, as their session and account know them. */
export type Member = { id: number; roles: readonly string[]; accountId: number; isReadOnly: boolean };

/** A person a task may be given to, as the users table knows them. */
export type Assignee = { id: number; accountId: number | null; isReadOnly: boolean };

/** Tasks belong to the PR desk of issue 17, which comes with the contacts module. */
export const TASKS_MODULE: ModuleName = 'ROLE_MODULE_CONTACTS';
export const READ_ONLY = 'Your account is read-only: you can look, but not change anything.';

/** Why this person may not use tasks at all, or null: they need an account that holds the module. */
export function tasksRefusal(accountId: number | null, modules: readonly string[] | null): string | null {
  return accountId === null || !modules?.includes(TASKS_MODULE) ? NO_MODULE : null;
}

/** A task is given to a person of the same account who may change things: a read-only one could never mark it done. */
export function assigneeRefusal(by: Member, assignee: Assignee | null): string | null {
  if (!assignee || assignee.accountId !== by.accountId) return 'The assignee must be a person of your account';
  if (assignee.isReadOnly) return 'The assignee has a read-only account and cannot work on tasks';
  return null;
}
