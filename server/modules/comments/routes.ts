import { sql, type Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { KIND_PATHS, postKind, type PostKind } from '../../../contracts/posts/kinds.ts';
import { commentBody, commentEditBody, commentsQuery } from '../../../contracts/posts/payloads.ts';
import { commentView, threadList } from '../../../contracts/posts/views.ts';
import type { Core } from '../../core.ts';
import type { Database } from '../../db/schema.ts';
import { NotFound } from '../../errors.ts';
import { created, eventMetadata } from '../../http/request-context.ts';
import { actorOf, requireUser } from '../auth/plugin.ts';
import { resolveMentions } from '../content/mentions.ts';
import { sanitizeRichText, storedIsBlank, storedMentionedSlugs } from '../content/rich-text.ts';
import { ownAttachments } from '../posts/attachments.ts';
import { viewerOf, type Viewer } from '../posts/permissions.ts';
import { findPostView } from '../posts/queries.ts';
import { commentDecider, commentStream } from './commands.ts';
import { findComment, findCommentPlace, listThreads } from './queries.ts';
import { idParams } from '../../../contracts/validation.ts';

/** Comments on every kind of post (spec section 7), replies one level deep, and their edits and deletes. */
export function commentRoutes(core: Core): FastifyPluginAsyncZod {
  const { db } = core.database;
  const context = (request: FastifyRequest) => {
    const user = requireUser(request);
    return { viewer: viewerOf(user), metadata: eventMetadata(request, actorOf(user)) };
  };
  const readablePost = async (viewer: Viewer, postId: number, kind: PostKind) => {
    const post = await findPostView(db, viewer, postId, kind);
    if (!post || post.isDeleted) throw new NotFound('No such post.');
    return post;
  };

  return async (app) => {
    for (const kind of postKind.options) {
      const path = `/api/v1/${KIND_PATHS[kind]}/:id/comments`;

      app.get(path, { schema: { params: idParams, querystring: commentsQuery, response: { 200: threadList } } }, async (request) => {
        const { viewer } = context(request);
        await readablePost(viewer, request.params.id, kind);
        return listThreads(db, viewer, request.params.id, request.query.offset);
      });

      app.post(path, { schema: { params: idParams, body: commentBody, response: { 201: commentView } } }, async (request, reply) => {
        const { viewer, metadata } = context(request);
        const postId = request.params.id;
        await readablePost(viewer, postId, kind);
        const parentId = request.body.parentId ?? null;
        const parent = parentId === null ? null : await findCommentPlace(db, parentId);
        const body = await commentContent(db, viewer, request.body);
        const commentId = await core.commands.transaction(async (unit) => {
          const { rows } = await sql<{ id: number }>`select nextval('comment_ids')::int as id`.execute(unit.trx);
          const id = rows[0]!.id;
          await unit.run(commentDecider, commentStream(id), { type: 'comment', commentId: id, postId, postKind: kind, parentId, parent, viewer, ...body }, metadata);
          return id;
        });
        return created(reply, commentId).send((await findComment(db, viewer, commentId))!);
      });
    }


    app.patch('/api/v1/comments/:id', { schema: { params: idParams, body: commentEditBody, response: { 200: commentView } } }, async (request) => {
      const { viewer, metadata } = context(request);
      const commentId = request.params.id;
      const body = await commentContent(db, viewer, request.body);
      await core.commands.run(commentDecider, commentStream(commentId), { type: 'edit', commentId, viewer, ...body }, metadata);
      return (await findComment(db, viewer, commentId))!;
    });

    app.delete('/api/v1/comments/:id', { schema: { params: idParams } }, async (request, reply) => {
      const { viewer, metadata } = context(request);
      const commentId = request.params.id;
      await core.commands.run(commentDecider, commentStream(commentId), { type: 'delete', commentId, viewer }, metadata);
      return reply.status(204).send();
    });
  };
}

/** Sanitised content, resolved mentions (never oneself) and the author's own uploads. */
async function commentContent(db: Kysely<Database>, viewer: Viewer, body: { content: string; attachments: number[] }) {
  const content = sanitizeRichText(body.content);
  const attachments = await ownAttachments(db, viewer.contactId, body.attachments);
  const mentions = (await resolveMentions(db, storedMentionedSlugs(content))).map((m) => m.userId).filter((id) => id !== viewer.contactId);
  return { content, attachments, mentions, blank: storedIsBlank(content) };
}
