import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EventMetadata } from '../../../contracts/events/index.ts';
import {
  countsView,
  createMonitorBody,
  editMonitorBody,
  mentionsPage,
  mentionsQuery,
  monitorsView,
  monitorView,
  NO_MONITOR,
  rangeQuery,
  reportQuery,
} from '../../../contracts/monitors/api.ts';
import { idParams } from '../../../contracts/validation.ts';
import type { Core } from '../../core.ts';
import { Forbidden, NotFound } from '../../errors.ts';
import { created, eventMetadata } from '../../http/request-context.ts';
import { actorOf, requireUser } from '../auth/plugin.ts';
import { accountModules } from '../newsrooms/index.ts';
import { monitorDecider, monitorStream } from './commands.ts';
import { monitorsRefusal, reportsRefusal, type Member } from './permissions.ts';
import { countMonitors, dayRange, findMonitor, listMentions, listMonitors, mentionCounts, mentionsInRange } from './queries.ts';
import { reportCsv, reportPdf } from './report.ts';

/**
 * An account's saved monitors (issue 19): its people save queries over what arrives, and read
 * the mentions each found, as a list, a chart and a report. Everything is the account's own,
 * read and changed by its people only, and only when the account holds the monitor module.
 */
export function monitorRoutes(core: Core): FastifyPluginAsyncZod {
  const { db } = core.database;

  async function memberOf(request: FastifyRequest): Promise<{ member: Member; metadata: EventMetadata }> {
    const user = requireUser(request);
    const modules = await accountModules(db, user.accountId);
    const refusal = monitorsRefusal(user.accountId, modules);
    if (refusal) throw new Forbidden(refusal);
    return { member: { id: user.id, accountId: user.accountId!, isReadOnly: user.isReadOnly, modules: modules! }, metadata: eventMetadata(request, actorOf(user)) };
  }

  async function monitorOf(member: Member, monitorId: number) {
    const view = await findMonitor(db, member.accountId, monitorId);
    if (!view) throw new NotFound(NO_MONITOR);
    return view;
  }

  return async (app) => {
    app.get('/api/v1/monitors', { schema: { response: { 200: monitorsView } } }, async (request) => {
      const { member } = await memberOf(request);
      return { data: await listMonitors(db, member.accountId) };
    });

    app.post('/api/v1/monitors', { schema: { body: createMonitorBody, response: { 201: monitorView } } }, async (request, reply) => {
      const { member, metadata } = await memberOf(request);
      const monitorId = await core.commands.transaction(async (unit) => {
        // One account's creations take turns, so its count of monitors holds.
        await sql`select pg_advisory_xact_lock(7319, ${member.accountId}::int)`.execute(unit.trx);
        const { rows } = await sql<{ id: number }>`select nextval('monitor_ids')::int as id`.execute(unit.trx);
        const id = rows[0]!.id;
        const accountMonitors = await countMonitors(unit.trx, member.accountId);
        await unit.run(monitorDecider, monitorStream(id), { type: 'create', monitorId: id, by: member, fields: request.body, accountMonitors }, metadata, { expectedVersion: 0 });
        return id;
      });
      return created(reply, monitorId).send(await monitorOf(member, monitorId));
    });

    app.get('/api/v1/monitors/:id', { schema: { params: idParams, response: { 200: monitorView } } }, async (request) => {
      const { member } = await memberOf(request);
      return monitorOf(member, request.params.id);
    });

    app.patch('/api/v1/monitors/:id', { schema: { params: idParams, body: editMonitorBody, response: { 200: monitorView } } }, async (request) => {
      const { member, metadata } = await memberOf(request);
      await core.commands.run(monitorDecider, monitorStream(request.params.id), { type: 'edit', monitorId: request.params.id, by: member, changes: request.body }, metadata);
      return monitorOf(member, request.params.id);
    });

    app.delete('/api/v1/monitors/:id', { schema: { params: idParams } }, async (request, reply) => {
      const { member, metadata } = await memberOf(request);
      await core.commands.run(monitorDecider, monitorStream(request.params.id), { type: 'delete', monitorId: request.params.id, by: member }, metadata);
      return reply.status(204).send();
    });

    app.get('/api/v1/monitors/:id/mentions', { schema: { params: idParams, querystring: mentionsQuery, response: { 200: mentionsPage } } }, async (request) => {
      const { member } = await memberOf(request);
      const monitor = await monitorOf(member, request.params.id);
      return listMentions(db, monitor.id, request.query);
    });

    app.get('/api/v1/monitors/:id/counts', { schema: { params: idParams, querystring: rangeQuery, response: { 200: countsView } } }, async (request) => {
      const { member } = await memberOf(request);
      const monitor = await monitorOf(member, request.params.id);
      return mentionCounts(db, monitor.id, dayRange(request.query, new Date()));
    });

    app.get('/api/v1/monitors/:id/report', { schema: { params: idParams, querystring: reportQuery, response: { 200: z.any() } } }, async (request, reply) => {
      const { member } = await memberOf(request);
      const refusal = reportsRefusal(member);
      if (refusal) throw new Forbidden(refusal);
      const monitor = await monitorOf(member, request.params.id);
      const range = dayRange(request.query, new Date());
      const [mentions, counts] = await Promise.all([mentionsInRange(db, monitor.id, range), mentionCounts(db, monitor.id, range)]);
      const report = { monitor, range, mentions, counts: counts.days };
      const file = `${monitor.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'monitor'}-${range.from}-${range.to}`;
      if (request.query.format === 'pdf') {
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${encodeURIComponent(file)}.pdf"`)
          .send(await reportPdf(report));
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${encodeURIComponent(file)}.csv"`)
        .send(reportCsv(report));
    });
  };
}
