import { sql, type Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { KIND_PATHS, postKind, UNSUPPORTED_POST_KIND, type PostKind } from '../../../contracts/posts/kinds.ts';
import { asyncCalloutBody, calloutBody, communityPostBody, eventBody, jobBody, postListQuery, reactionBody, recordBody, statementBody, storyBody } from '../../../contracts/posts/payloads.ts';
import { postList, postView } from '../../../contracts/posts/views.ts';
import type { Core } from '../../core.ts';
import type { Database } from '../../db/schema.ts';
import type { UnitOfWork } from '../../events/command-handler.ts';
import type { AnyEvent } from '../../events/types.ts';
import { Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import { created, eventMetadata } from '../../http/request-context.ts';
import { actorOf, requireUser } from '../auth/plugin.ts';
import { findReadableCommunity } from '../communities/queries.ts';
import { publishForCallout } from '../interviews/index.ts';
import { authorPost, type PostBodies } from './authoring.ts';
import { homeFeedPage } from './home-feed.ts';
import { postDecider, postStream } from './commands.ts';
import { mayEdit, viewerOf, type Viewer } from './permissions.ts';
import { findPostRecord, findPostView, listPostViews } from './queries.ts';
import { idParam, idParams } from '../../../contracts/validation.ts';

/** The spec's kinds with their request bodies and how their restore is called (section 7). */
const KINDS: { [K in PostKind]: { body: z.ZodType<PostBodies[K], any>; restoreMethod: 'POST' | 'PATCH' } } = {
  callout: { body: calloutBody, restoreMethod: 'POST' },
  communityPost: { body: communityPostBody, restoreMethod: 'PATCH' },
  event: { body: eventBody, restoreMethod: 'POST' },
  job: { body: jobBody, restoreMethod: 'POST' },
  record: { body: recordBody, restoreMethod: 'PATCH' },
  reaction: { body: reactionBody, restoreMethod: 'PATCH' },
  statement: { body: statementBody, restoreMethod: 'PATCH' },
  story: { body: storyBody, restoreMethod: 'POST' },
};

type Api = Parameters<FastifyPluginAsyncZod>[0];

const LATEST = 5;

export function postRoutes(core: Core): FastifyPluginAsyncZod {
  const { db } = core.database;
  const context = (request: FastifyRequest) => {
    const user = requireUser(request);
    return { viewer: viewerOf(user), metadata: eventMetadata(request, actorOf(user)) };
  };
  const viewOrNotFound = async (request: FastifyRequest, postId: number, kind?: PostKind) => {
    const view = await findPostView(db, context(request).viewer, postId, kind);
    if (!view) throw new NotFound('No such post.');
    return view;
  };

  /** `alongside` writes what the post brings with it, in the post's transaction. */
  const createPost = async <K extends PostKind>(request: FastifyRequest, kind: K, body: PostBodies[K], alongside?: (unit: UnitOfWork<AnyEvent>) => Promise<void>): Promise<number> => {
    const { viewer, metadata } = context(request);
    const authored = await authorPost(db, viewer, kind, body);
    return core.commands.transaction(async (unit) => {
      await alongside?.(unit);
      const { rows } = await sql<{ id: number }>`select nextval('post_ids')::int as id`.execute(unit.trx);
      const id = rows[0]!.id;
      await unit.run(postDecider, postStream(id), { type: 'create', postId: id, kind, viewer, ...authored }, metadata);
      return id;
    });
  };

  // An edit form does not carry the interview a callout opens: the link stays as it was.
  const keptOnEdit = async (postId: number, kind: PostKind) => {
    if (kind !== 'callout') return {};
    const fields = (await findPostRecord(db, postId))?.fields ?? {};
    return { interviewId: fields.interviewId as number | undefined, showQuestions: fields.showQuestions as boolean, allowSkip: fields.allowSkip as boolean };
  };

  return async (app) => {
    app.get('/api/v1/posts', { schema: { querystring: postListQuery, response: { 200: postList } } }, async (request) => {
      const { viewer } = context(request);
      const { communitySlug, authorId, type, offset, limit, announcementsOffset } = request.query;
      if (communitySlug === undefined && authorId === undefined && type === undefined) return homeFeedPage(db, viewer, { offset, limit, announcementsOffset });
      const communityId = communitySlug === undefined ? undefined : await communityIdAt(db, viewer, communitySlug);
      return listPostViews(db, viewer, { kinds: kindsOf(type), communityId, authorId, offset, limit });
    });

    for (const kind of postKind.options) registerKind(app, kind);

    // A callout that opens an interview: people answer its questions asynchronously.
    app.post(
      '/api/v1/callouts/async/:interviewId',
      { schema: { params: z.object({ interviewId: idParam }), body: asyncCalloutBody, response: { 201: postView } } },
      async (request, reply) => {
        const { interviewId } = request.params;
        const user = requireUser(request);
        const { deadline, showQuestions, allowSkip } = request.body;
        const publish = (unit: UnitOfWork<AnyEvent>) =>
          publishForCallout(unit, { id: user.id, roles: user.roles, accountId: user.accountId }, interviewId, { deadline, showQuestions, allowSkip }, eventMetadata(request, actorOf(user)));
        const postId = await createPost(request, 'callout', { ...request.body, interviewId }, publish);
        return created(reply, postId).send(await viewOrNotFound(request, postId));
      },
    );

    function registerKind<K extends PostKind>(api: Api, kind: K) {
      const path = `/api/v1/${KIND_PATHS[kind]}`;
      const { body, restoreMethod } = KINDS[kind];

      if (kind === 'event' || kind === 'job') {
        api.get(`${path}/latest`, { schema: { response: { 200: postList } } }, async (request) => {
          const { viewer } = context(request);
          return listPostViews(db, viewer, { kinds: [kind], offset: 0, limit: LATEST });
        });
      }

      api.get(`${path}/:id`, { schema: { params: idParams, response: { 200: postView } } }, (request) => viewOrNotFound(request, request.params.id, kind));

      api.get(`${path}/:id/all`, { schema: { params: idParams } }, async (request) => {
        const { viewer } = context(request);
        const record = await findPostRecord(db, request.params.id);
        if (!record || record.kind !== kind) throw new NotFound('No such post.');
        const ref = { kind, authorId: record.author_id, authorType: record.author_type, creatorId: record.creator_id };
        if (!mayEdit(viewer, ref)) throw new Forbidden('Sorry, you are not permitted to edit this post.');
        return { id: record.id, type: kind, saveAs: record.author_id, communities: record.community_ids.map(Number), userTypes: record.user_types, ...record.fields };
      });

      api.post(path, { schema: { body, response: { 201: postView } } }, async (request, reply) => {
        const postId = await createPost(request, kind, request.body as PostBodies[K]);
        return created(reply, postId).send(await viewOrNotFound(request, postId));
      });

      api.patch(`${path}/:id`, { schema: { params: idParams, body, response: { 200: postView } } }, async (request) => {
        const { viewer, metadata } = context(request);
        const postId = request.params.id;
        await viewOrNotFound(request, postId, kind);
        const authored = await authorPost(db, viewer, kind, { ...(await keptOnEdit(postId, kind)), ...(request.body as PostBodies[K]) });
        const { fields, communityIds, userTypes, mentions } = authored;
        await core.commands.run(postDecider, postStream(postId), { type: 'update', postId, kind, viewer, fields, communityIds, userTypes, mentions }, metadata);
        return viewOrNotFound(request, postId);
      });

      api.delete(`${path}/:id`, { schema: { params: idParams } }, async (request, reply) => {
        const { viewer, metadata } = context(request);
        const postId = request.params.id;
        await viewOrNotFound(request, postId, kind);
        await core.commands.run(postDecider, postStream(postId), { type: 'delete', postId, viewer }, metadata);
        return reply.status(204).send();
      });

      api.route({
        method: restoreMethod,
        url: `${path}/:id/restore`,
        schema: { params: idParams, response: { 200: postView } },
        handler: async (request) => {
          const { viewer, metadata } = context(request);
          const postId = (request.params as { id: number }).id;
          await viewOrNotFound(request, postId, kind);
          await core.commands.run(postDecider, postStream(postId), { type: 'restore', postId, viewer }, metadata);
          return viewOrNotFound(request, postId);
        },
      });
    }
  };
}

/** The community at this address (renames followed), when the viewer may read its posts. */
async function communityIdAt(db: Kysely<Database>, viewer: Viewer, slug: string): Promise<number> {
  const community = await findReadableCommunity(db, { id: viewer.contactId, isAdmin: viewer.isAdmin }, slug);
  if (!community) throw new NotFound('No such community.');
  return community.id;
}

function kindsOf(type: string | string[] | undefined): PostKind[] | null {
  if (type === undefined) return null;
  const names = (Array.isArray(type) ? type : [type]).flatMap((value) => value.split(',')).map((value) => value.trim()).filter(Boolean);
  if (names.length === 0) return null;
  return names.map((name) => {
    const parsed = postKind.safeParse(name);
    if (!parsed.success) throw new ValidationFailed([UNSUPPORTED_POST_KIND]);
    return parsed.data;
  });
}
