import type { z } from 'zod';
import type { TaskEvent } from '../../../contracts/tasks/index.ts';
import type { taskChanged } from '../../../contracts/tasks/realtime.ts';
import type { AnyEvent, StoredEvent } from '../../events/types.ts';
import { accountPeople, findTasks, type Db } from './queries.ts';

export type TaskMessage = { event: 'task:changed'; rooms: string[]; payload: z.infer<typeof taskChanged> };

const CHANGES = { TaskCreated: 'created', TaskEdited: 'edited', TaskAssigned: 'assigned', TaskDone: 'done', TaskReopened: 'reopened', TaskDeleted: 'deleted' } as const;
const isTaskEvent = (event: StoredEvent<AnyEvent>): event is StoredEvent<TaskEvent> => event.type in CHANGES;

/**
 * What task events mean to open tabs, one list per event: every person of the task's account
 * hears of it in their own room (`user:{id}`), never a room anyone else could join. The task
 * goes with it as it is now (a later change never carries an older view), so a tab that lists
 * it patches the row, and its assignee's tab can say who gave it to them.
 */
export async function taskMessagesFor(db: Db, events: readonly StoredEvent<AnyEvent>[]): Promise<TaskMessage[][]> {
  const ours = events.filter(isTaskEvent);
  if (ours.length === 0) return events.map(() => []);
  const [tasks, people] = await Promise.all([findTasks(db, ours.map((event) => event.data.taskId), new Date()), accountPeople(db, ours.map((event) => event.data.accountId))]);
  return events.map((event): TaskMessage[] => {
    if (!isTaskEvent(event)) return [];
    const { taskId, accountId } = event.data;
    const by = event.type === 'TaskCreated' ? event.data.createdBy : event.type === 'TaskEdited' ? event.data.editedBy : event.data.by;
    const rooms = (people.get(accountId) ?? []).map((userId) => `user:${userId}`);
    const task = tasks.get(taskId);
    const view = task?.accountId === accountId ? task.view : null;
    return [{ event: 'task:changed', rooms, payload: { cursor: `${event.transactionId}:${event.position}`, position: event.position, taskId, change: CHANGES[event.type], by, task: view } }];
  });
}
