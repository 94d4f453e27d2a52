import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../contracts/users/current-user.ts';
import { userSearchQuery, userSearchResult } from '../../../contracts/users/search.ts';
import type { Core } from '../../core.ts';
import { Unauthenticated } from '../../errors.ts';
import type { Services } from '../../services.ts';
import { requireUser } from '../auth/plugin.ts';
import { findCurrentUser } from './queries.ts';
import { searchPeople } from './search.ts';

export function userRoutes(core: Core, services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/v1/current_user/info', { schema: { response: { 200: currentUser } } }, async (request) => {
      const user = requireUser(request);
      const info = await findCurrentUser(core.database.db, user.id, services.streamTokens);
      if (!info) throw new Unauthenticated();
      return info;
    });

    app.get('/api/v1/users', { schema: { querystring: userSearchQuery, response: { 200: userSearchResult } } }, async (request) => {
      requireUser(request);
      return { data: await searchPeople(core.database.db, request.query.search, request.query.limit) };
    });
  };
}
