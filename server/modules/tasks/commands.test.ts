import { describe, it } from 'vitest';
import type { TaskEvent } from '../../../contracts/tasks/index.ts';
import { Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import { deciderSpec } from '../../testing/decider-spec.ts';
import { taskDecider } from './commands.ts';

const tasks = deciderSpec(taskDecider);
const ACCOUNT = 3;
const pat = { id: 11, roles: ['pr', 'accountAdmin'], accountId: ACCOUNT, isReadOnly: false };
const cole = { id: 12, roles: ['pr'], accountId: ACCOUNT, isReadOnly: false };
const rita = { id: 13, roles: ['pr'], accountId: ACCOUNT, isReadOnly: true };
const rex = { id: 14, roles: ['pr'], accountId: 4, isReadOnly: false };
const colleague = (who: { id: number; accountId: number; isReadOnly: boolean }) => ({ id: who.id, accountId: who.accountId, isReadOnly: who.isReadOnly });
const DUE = '2026-12-01T09:00:00.000Z';
const created: TaskEvent = { type: 'TaskCreated', data: { accountId: ACCOUNT, taskId: 1, title: 'Pitch Mia', assigneeId: cole.id, dueAt: DUE, link: null, createdBy: pat.id } };
const fields = { title: 'Pitch Mia', assigneeId: cole.id, dueAt: DUE };

describe('a task', () => {
  it('is given to a colleague with a title and a due date, which is kept as an instant in UTC', () => {
    tasks
      .given([])
      .when({ type: 'create', taskId: 1, by: pat, fields: { ...fields, title: '  Pitch Mia ', dueAt: '2026-12-01T20:00:00+11:00' }, assignee: colleague(cole), linkFound: true })
      .then([created]);
  });

  it('names every rule a new task breaks, one line each', () => {
    tasks.given([]).when({ type: 'create', taskId: 1, by: pat, fields: {}, assignee: null, linkFound: true }).thenFails(ValidationFailed, 'Title is required\nAssignee is required\nDue date is required');
    tasks
      .given([])
      .when({ type: 'create', taskId: 1, by: pat, fields: { title: 'x'.repeat(201), assigneeId: rex.id, dueAt: '2026-12-01 09:00', link: { kind: 'contact', id: 9 } }, assignee: colleague(rex), linkFound: false })
      .thenFails(ValidationFailed, 'Title must be at most 200 characters\nThe assignee must be a person of your account\nDue date is not a valid date\nThe linked contact does not exist');
  });

  it('is not given to a read-only colleague, nor by one', () => {
    tasks.given([]).when({ type: 'create', taskId: 1, by: pat, fields: { ...fields, assigneeId: rita.id }, assignee: colleague(rita), linkFound: true }).thenFails(ValidationFailed, 'The assignee has a read-only account and cannot work on tasks');
    tasks.given([]).when({ type: 'create', taskId: 1, by: rita, fields, assignee: colleague(cole), linkFound: true }).thenFails(Forbidden);
  });

  it('edited changes only what the change names; given to someone else it says who had it', () => {
    tasks
      .given([created])
      .when({ type: 'edit', taskId: 1, by: cole, changes: { title: 'Pitch Mia Chen', assigneeId: pat.id }, assignee: colleague(pat), linkFound: true })
      .then([
        { type: 'TaskEdited', data: { accountId: ACCOUNT, taskId: 1, title: 'Pitch Mia Chen', dueAt: DUE, link: null, editedBy: cole.id } },
        { type: 'TaskAssigned', data: { accountId: ACCOUNT, taskId: 1, assigneeId: pat.id, previousAssigneeId: cole.id, by: cole.id } },
      ]);
    tasks.given([created]).when({ type: 'edit', taskId: 1, by: cole, changes: { title: 'Pitch Mia', assigneeId: cole.id }, assignee: colleague(cole), linkFound: true }).then([]);
    tasks.given([created]).when({ type: 'edit', taskId: 1, by: cole, changes: { dueAt: null }, assignee: null, linkFound: true }).thenFails(ValidationFailed, 'Due date is required');
  });

  it('is done once and reopened once', () => {
    const done: TaskEvent = { type: 'TaskDone', data: { accountId: ACCOUNT, taskId: 1, by: cole.id } };
    tasks.given([created]).when({ type: 'complete', taskId: 1, by: cole }).then([done]);
    tasks.given([created, done]).when({ type: 'complete', taskId: 1, by: cole }).then([]);
    tasks.given([created, done]).when({ type: 'reopen', taskId: 1, by: pat }).then([{ type: 'TaskReopened', data: { accountId: ACCOUNT, taskId: 1, by: pat.id } }]);
    tasks.given([created]).when({ type: 'reopen', taskId: 1, by: pat }).then([]);
  });

  it('is not found by another account, nor once deleted; a read-only colleague changes nothing', () => {
    tasks.given([created]).when({ type: 'complete', taskId: 1, by: rex }).thenFails(NotFound, 'No such task.');
    tasks.given([created, { type: 'TaskDeleted', data: { accountId: ACCOUNT, taskId: 1, by: pat.id } }]).when({ type: 'delete', taskId: 1, by: pat }).thenFails(NotFound, 'No such task.');
    tasks.given([created]).when({ type: 'delete', taskId: 1, by: rita }).thenFails(Forbidden);
  });
});
