import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EventMetadata } from '../../../contracts/events/index.ts';
import { assigneesView, createTaskBody, editTaskBody, NO_TASK, tasksPage, tasksQuery, taskView } from '../../../contracts/tasks/api.ts';
import type { TaskLink } from '../../../contracts/tasks/events.ts';
import type { AccountRole } from '../../../contracts/users/enums.ts';
import { idParams } from '../../../contracts/validation.ts';
import type { Core } from '../../core.ts';
import { Forbidden, NotFound } from '../../errors.ts';
import type { Tx } from '../../events/types.ts';
import { created, eventMetadata } from '../../http/request-context.ts';
import { actorOf, requireUser } from '../auth/plugin.ts';
import { findAnnouncement } from '../announcements/index.ts';
import { contactNames } from '../contacts/index.ts';
import { mayViewInterview } from '../interviews/index.ts';
import { taskDecider, taskStream, type TaskCommand } from './commands.ts';
import { tasksRefusal, type Assignee, type Member } from './permissions.ts';
import { accountModules, assignees, findAssignee, findTask, listTasks } from './queries.ts';

type WithoutActor<C> = C extends unknown ? Omit<C, 'by'> : never;

/**
 * An account's tasks (issue 17): its people give each other to-dos with a due date, maybe
 * about a contact, an interview or an announcement. Everything is the account's own, read
 * and changed by its people only, and only when the account holds the contacts module.
 */
export function taskRoutes(core: Core): FastifyPluginAsyncZod {
  const { db } = core.database;

  async function memberOf(request: FastifyRequest): Promise<{ member: Member; metadata: EventMetadata }> {
    const user = requireUser(request);
    const refusal = tasksRefusal(user.accountId, await accountModules(db, user.accountId));
    if (refusal) throw new Forbidden(refusal);
    return { member: { id: user.id, roles: user.roles, accountId: user.accountId!, isReadOnly: user.isReadOnly }, metadata: eventMetadata(request, actorOf(user)) };
  }

  async function taskOf(member: Member, taskId: number) {
    const view = await findTask(db, member.accountId, taskId, new Date());
    if (!view) throw new NotFound(NO_TASK);
    return view;
  }

  /** Whether the thing a task links to exists for this person: an announcement must be public or of the person's account. */
  async function linkFound(trx: Tx, member: Member, link: TaskLink | null | undefined): Promise<boolean> {
    if (!link) return true;
    switch (link.kind) {
      case 'contact':
        return (await contactNames(trx, member.accountId, [link.id])).has(link.id);
      case 'interview':
        return mayViewInterview(trx, { id: member.id, roles: member.roles as AccountRole[], accountId: member.accountId }, link.id);
      case 'announcement': {
        const announcement = await findAnnouncement(trx, link.id);
        return announcement !== null && (announcement.is_public || Number(announcement.account_id) === member.accountId);
      }
    }
  }

  const assigneeOf = async (trx: Tx, assigneeId: number | null | undefined): Promise<Assignee | null> => (assigneeId == null ? null : findAssignee(trx, assigneeId));

  /** Runs one command on a task of the member's account, in one transaction; another account's task is not found. */
  const onTask = (member: Member, metadata: EventMetadata, command: WithoutActor<TaskCommand>) =>
    core.commands.run(taskDecider, taskStream(command.taskId), { ...command, by: member } as TaskCommand, metadata);

  return async (app) => {
    app.get('/api/v1/tasks', { schema: { querystring: tasksQuery, response: { 200: tasksPage } } }, async (request) => {
      const { member } = await memberOf(request);
      return listTasks(db, member, request.query, new Date());
    });

    app.get('/api/v1/tasks/assignees', { schema: { response: { 200: assigneesView } } }, async (request) => {
      const { member } = await memberOf(request);
      return { data: await assignees(db, member.accountId) };
    });

    app.post('/api/v1/tasks', { schema: { body: createTaskBody, response: { 201: taskView } } }, async (request, reply) => {
      const { member, metadata } = await memberOf(request);
      const fields = request.body;
      const taskId = await core.commands.transaction(async (unit) => {
        const { rows } = await sql<{ id: number }>`select nextval('task_ids')::int as id`.execute(unit.trx);
        const id = rows[0]!.id;
        const found = { assignee: await assigneeOf(unit.trx, fields.assigneeId), linkFound: await linkFound(unit.trx, member, fields.link) };
        await unit.run(taskDecider, taskStream(id), { type: 'create', taskId: id, by: member, fields, ...found }, metadata);
        return id;
      });
      return created(reply, taskId).send(await taskOf(member, taskId));
    });

    app.get('/api/v1/tasks/:id', { schema: { params: idParams, response: { 200: taskView } } }, async (request) => {
      const { member } = await memberOf(request);
      return taskOf(member, request.params.id);
    });

    app.patch('/api/v1/tasks/:id', { schema: { params: idParams, body: editTaskBody, response: { 200: taskView } } }, async (request) => {
      const { member, metadata } = await memberOf(request);
      const taskId = request.params.id;
      const changes = request.body;
      await core.commands.transaction(async (unit) => {
        const found = { assignee: await assigneeOf(unit.trx, changes.assigneeId), linkFound: await linkFound(unit.trx, member, changes.link) };
        await unit.run(taskDecider, taskStream(taskId), { type: 'edit', taskId, by: member, changes, ...found }, metadata);
      });
      return taskOf(member, taskId);
    });

    app.post('/api/v1/tasks/:id/done', { schema: { params: idParams, response: { 200: taskView } } }, async (request) => {
      const { member, metadata } = await memberOf(request);
      await onTask(member, metadata, { type: 'complete', taskId: request.params.id });
      return taskOf(member, request.params.id);
    });

    app.delete('/api/v1/tasks/:id/done', { schema: { params: idParams, response: { 200: taskView } } }, async (request) => {
      const { member, metadata } = await memberOf(request);
      await onTask(member, metadata, { type: 'reopen', taskId: request.params.id });
      return taskOf(member, request.params.id);
    });

    app.delete('/api/v1/tasks/:id', { schema: { params: idParams } }, async (request, reply) => {
      const { member, metadata } = await memberOf(request);
      await onTask(member, metadata, { type: 'delete', taskId: request.params.id });
      return reply.status(204).send();
    });
  };
}
