import type { TaskEvent } from '../../../contracts/tasks/index.ts';
import type { InlineProjection } from '../../projections/inline.ts';
import './tables.ts';

/** Tasks as they are now; a deleted one is gone from the read model (its stream keeps it). */
export const tasksProjection: InlineProjection<TaskEvent> = {
  name: 'tasks',
  tables: ['tasks'],
  async apply(trx, event) {
    const at = event.recordedAt;
    switch (event.type) {
      case 'TaskCreated': {
        const { accountId, taskId, title, assigneeId, dueAt, link, createdBy } = event.data;
        await trx
          .insertInto('tasks')
          .values({
            id: taskId,
            account_id: accountId,
            title,
            assignee_id: assigneeId,
            created_by: createdBy,
            due_at: new Date(dueAt),
            state: 'open',
            link_kind: link?.kind ?? null,
            link_id: link?.id ?? null,
            created_at: at,
            updated_at: at,
            done_at: null,
          })
          .execute();
        return;
      }
      case 'TaskEdited': {
        const { taskId, title, dueAt, link } = event.data;
        await trx
          .updateTable('tasks')
          .set({ title, due_at: new Date(dueAt), link_kind: link?.kind ?? null, link_id: link?.id ?? null, updated_at: at })
          .where('id', '=', taskId)
          .execute();
        return;
      }
      case 'TaskAssigned':
        await trx.updateTable('tasks').set({ assignee_id: event.data.assigneeId, updated_at: at }).where('id', '=', event.data.taskId).execute();
        return;
      case 'TaskDone':
        await trx.updateTable('tasks').set({ state: 'done', done_at: at, updated_at: at }).where('id', '=', event.data.taskId).execute();
        return;
      case 'TaskReopened':
        await trx.updateTable('tasks').set({ state: 'open', done_at: null, updated_at: at }).where('id', '=', event.data.taskId).execute();
        return;
      case 'TaskDeleted':
        await trx.deleteFrom('tasks').where('id', '=', event.data.taskId).execute();
        return;
    }
  },
};
