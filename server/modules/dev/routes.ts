import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxMail } from '../../../contracts/auth/api.ts';
import type { Core } from '../../core.ts';
import { listOutbox } from '../../mail/outbox.ts';

/** Tools of development hosts only: the mail a local instance would have sent. */
export function devRoutes(core: Core): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/v1/dev/mail', { schema: { response: { 200: z.object({ data: z.array(outboxMail) }) } } }, async () => ({
      data: await listOutbox(core.database.db),
    }));
  };
}
