import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuery, searchResult } from '../../../contracts/search/index.ts';
import type { Core } from '../../core.ts';
import { viewerOf } from '../posts/permissions.ts';
import { searchEverything } from './queries.ts';

export function searchRoutes(core: Core): FastifyPluginAsyncZod {
  return async (app) => {
    // Open to guests, like the public profiles it finds; what each group holds depends on who asks.
    app.get('/api/v1/search', { schema: { querystring: searchQuery, response: { 200: searchResult } } }, async (request) => {
      const user = request.auth?.user ?? null;
      const viewer = user ? viewerOf(user) : null;
      return searchEverything(core.database.db, viewer && { id: viewer.contactId, isAdmin: viewer.isAdmin, userType: viewer.userType }, request.query);
    });
  };
}
