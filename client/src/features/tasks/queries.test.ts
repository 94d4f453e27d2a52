import { describe, expect, it } from 'vitest';
import type { TaskView } from '../../../../contracts/tasks/api.ts';
import { noticeOf } from './queries.ts';

const person = (id: number, name: string) => ({ id, name, avatar: null, timezone: 'Australia/Sydney' });
const pat = person(1, 'Pat Publicist');
const cole = person(2, 'Cole Tester');
const task: TaskView = {
  id: 7,
  title: 'Pitch Mia',
  state: 'open',
  dueAt: '2030-03-01T22:00:00.000Z',
  overdue: false,
  assignee: cole,
  createdBy: pat,
  link: null,
  createdAt: '2030-02-01T00:00:00.000Z',
  updatedAt: '2030-02-01T00:00:00.000Z',
  doneAt: null,
};
const message = (change: 'created' | 'assigned' | 'edited' | 'deleted', by: number, view: TaskView | null = task) => ({ cursor: '1:9', position: 9, taskId: 7, change, by, task: view });

describe('the assignee is told', () => {
  it('who gave them a task, made for them or handed over', () => {
    expect(noticeOf(message('created', pat.id), cole.id)).toBe('Pat Publicist gave you “Pitch Mia”.');
    expect(noticeOf(message('assigned', 3), cole.id, [pat, cole, person(3, 'Ann Other')])).toBe('Ann Other gave you “Pitch Mia”.');
    expect(noticeOf(message('assigned', 3), cole.id)).toBe('A colleague gave you “Pitch Mia”.');
  });

  it('nothing of their own acts, of others’ tasks, of edits or of deletes', () => {
    expect(noticeOf(message('created', cole.id), cole.id)).toBeNull();
    expect(noticeOf(message('created', pat.id), pat.id)).toBeNull();
    expect(noticeOf(message('edited', pat.id), cole.id)).toBeNull();
    expect(noticeOf(message('deleted', pat.id, null), cole.id)).toBeNull();
  });
});
