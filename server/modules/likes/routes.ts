import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { KIND_PATHS, postKind } from '../../../contracts/posts/kinds.ts';
import { toggleLikeBody } from '../../../contracts/posts/payloads.ts';
import { likable, likerList } from '../../../contracts/posts/views.ts';
import type { Core } from '../../core.ts';
import { NotFound } from '../../errors.ts';
import { eventMetadata } from '../../http/request-context.ts';
import type { Services } from '../../services.ts';
import { actorOf, requireUser } from '../auth/plugin.ts';
import { findCommentPlace, listLikers } from '../comments/queries.ts';
import { viewerOf } from '../posts/permissions.ts';
import { findPostView } from '../posts/queries.ts';
import { idParams } from '../../../contracts/validation.ts';

/** POST .../toggleLike {status} and GET .../likes, on every kind of post and on comments. */
export function likeRoutes(core: Core, services: Services): FastifyPluginAsyncZod {
  const { db } = core.database;
  const context = (request: FastifyRequest) => {
    const user = requireUser(request);
    return { viewer: viewerOf(user), metadata: eventMetadata(request, actorOf(user)) };
  };

  return async (app) => {
    for (const kind of postKind.options) {
      const path = `/api/v1/${KIND_PATHS[kind]}/:id`;
      app.post(`${path}/toggleLike`, { schema: { params: idParams, body: toggleLikeBody, response: { 200: likable } } }, async (request) => {
        const { viewer, metadata } = context(request);
        return services.likes.toggle({ kind: 'post', postKind: kind }, request.params.id, viewer, request.body.status, metadata);
      });
      app.get(`${path}/likes`, { schema: { params: idParams, response: { 200: likerList } } }, async (request) => {
        const { viewer } = context(request);
        const post = await findPostView(db, viewer, request.params.id, kind);
        if (!post || post.isDeleted) throw new NotFound('No such post.');
        return { data: await listLikers(db, 'post', request.params.id) };
      });
    }

    app.post('/api/v1/comments/:id/toggleLike', { schema: { params: idParams, body: toggleLikeBody, response: { 200: likable } } }, async (request) => {
      const { viewer, metadata } = context(request);
      return services.likes.toggle({ kind: 'comment' }, request.params.id, viewer, request.body.status, metadata);
    });
    app.get('/api/v1/comments/:id/likes', { schema: { params: idParams, response: { 200: likerList } } }, async (request) => {
      const { viewer } = context(request);
      const place = await findCommentPlace(db, request.params.id);
      if (!place || place.isDeleted || !(await findPostView(db, viewer, place.postId))) throw new NotFound('No such comment.');
      return { data: await listLikers(db, 'comment', request.params.id) };
    });
  };
}
