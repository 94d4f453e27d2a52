import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPage, auditQuery, streamHistory, streamParams } from '../../../contracts/admin/audit.ts';
import type { Core } from '../../core.ts';
import { Forbidden, NotFound } from '../../errors.ts';
import { requireUser } from '../auth/plugin.ts';
import { findAuditPage, findStreamHistory } from './audit-queries.ts';

/** Who did what and when, from the log: platform admins only. */
export function auditRoutes(core: Core): FastifyPluginAsyncZod {
  const { db } = core.database;

  return async (app) => {
    app.get('/api/v1/admin/audit', { schema: { querystring: auditQuery, response: { 200: auditPage } } }, async (request) => {
      requireAdmin(request);
      return findAuditPage(db, request.query);
    });

    app.get('/api/v1/admin/streams/:streamId/events', { schema: { params: streamParams, response: { 200: streamHistory } } }, async (request) => {
      requireAdmin(request);
      const history = await findStreamHistory(db, request.params.streamId);
      if (!history) throw new NotFound('No such stream.');
      return history;
    });
  };
}

function requireAdmin(request: FastifyRequest): void {
  if (!requireUser(request).roles.includes('admin')) throw new Forbidden();
}
