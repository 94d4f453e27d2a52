import { sql, type Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityList,
  communityList,
  communityListQuery,
  communityView,
  createCommunityBody,
  joinRequestList,
  memberList,
  pageQuery,
  slugOfName,
  updateCommunityBody,
} from '../../../contracts/communities/api.ts';
import type { Core } from '../../core.ts';
import type { Database } from '../../db/schema.ts';
import { Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import { isUniqueViolation } from '../../events/append-statement.ts';
import { created, eventMetadata } from '../../http/request-context.ts';
import { actorOf, requireUser } from '../auth/plugin.ts';
import { viewerOf } from '../posts/permissions.ts';
import { communityDecider, communityStream, type CommunityCommand } from './commands.ts';
import { mayManageCommunity, type Actor } from './permissions.ts';
import { findCommunityBySlug, findReadableCommunity, isSlugTaken, standingsIn } from './queries.ts';
import { findCommunityView, listActivities, listCommunityViews, listJoinRequests, listMembers } from './views.ts';
import { idParam } from '../../../contracts/validation.ts';

// Any text: an address that no community has, or had, is a 404 rather than a 400.
const slugParams = z.object({ slug: z.string().min(1).max(200) });
const personParams = slugParams.extend({ userId: idParam });
const NO_SUCH_COMMUNITY = 'No such community.';

/** Communities (spec section 7): their pages, members and activities, joining, and their admins' work. */
export function communityRoutes(core: Core): FastifyPluginAsyncZod {
  const { db } = core.database;
  const context = (request: FastifyRequest) => {
    const user = requireUser(request);
    const viewer = viewerOf(user);
    const actor: Actor = { id: user.id, isAdmin: viewer.isAdmin };
    return { viewer, actor, metadata: eventMetadata(request, actorOf(user)) };
  };
  const communityAt = async (slug: string) => {
    const community = await findCommunityBySlug(db, slug);
    if (!community) throw new NotFound(NO_SUCH_COMMUNITY);
    return community;
  };
  const readableAt = async (actor: Actor, slug: string) => {
    const community = await findReadableCommunity(db, actor, slug);
    if (!community) throw new NotFound(NO_SUCH_COMMUNITY);
    return community;
  };
  const viewAt = async (actor: Actor, slug: string) => {
    const view = await findCommunityView(db, actor, slug);
    if (!view) throw new NotFound(NO_SUCH_COMMUNITY);
    return view;
  };
  /** Runs a command on the community at this address and answers with the community as it is now. */
  const runAt = async (request: FastifyRequest, slug: string, command: (communityId: number, actor: Actor) => CommunityCommand) => {
    const { actor, metadata } = context(request);
    const community = await communityAt(slug);
    const { state } = await core.commands.run(communityDecider, communityStream(community.id), command(community.id, actor), metadata);
    return viewAt(actor, state.exists ? state.slug : community.slug);
  };

  return async (app) => {
    app.get('/api/v1/communities', { schema: { querystring: communityListQuery, response: { 200: communityList } } }, async (request) => {
      const { actor } = context(request);
      return listCommunityViews(db, actor, request.query);
    });

    app.post('/api/v1/communities', { schema: { body: createCommunityBody, response: { 201: communityView } } }, async (request, reply) => {
      const { actor, metadata } = context(request);
      const { newSlug, ...details } = request.body;
      const { id, slug } = await core.commands.transaction(async (unit) => {
        const { rows } = await sql<{ id: number }>`select nextval('community_ids')::int as id`.execute(unit.trx);
        const communityId = rows[0]!.id;
        const slug = newSlug ?? (await freeSlug(unit.trx, details.name, communityId));
        await claiming(slug, () => unit.run(communityDecider, communityStream(communityId), { type: 'create', communityId, slug, details, by: actor }, metadata));
        return { id: communityId, slug };
      });
      return created(reply, id).send(await viewAt(actor, slug));
    });

    app.get('/api/v1/communities/:slug', { schema: { params: slugParams, response: { 200: communityView } } }, async (request) => {
      const { actor } = context(request);
      return viewAt(actor, request.params.slug);
    });

    app.patch('/api/v1/communities/:slug', { schema: { params: slugParams, body: updateCommunityBody, response: { 200: communityView } } }, async (request) => {
      const { newSlug, ...changes } = request.body;
      return claiming(newSlug, () => runAt(request, request.params.slug, (communityId, by) => ({ type: 'update', communityId, changes, slug: newSlug, by })));
    });

    app.post('/api/v1/communities/:slug/join', { schema: { params: slugParams, response: { 200: communityView } } }, (request) =>
      runAt(request, request.params.slug, (communityId, by) => ({ type: 'toggleMembership', communityId, by })),
    );

    app.get('/api/v1/communities/:slug/members', { schema: { params: slugParams, querystring: pageQuery, response: { 200: memberList } } }, async (request) => {
      const { actor } = context(request);
      const community = await readableAt(actor, request.params.slug);
      return listMembers(db, community.id, request.query);
    });

    app.get('/api/v1/communities/:slug/activities', { schema: { params: slugParams, querystring: pageQuery, response: { 200: activityList } } }, async (request) => {
      const { viewer, actor } = context(request);
      const community = await readableAt(actor, request.params.slug);
      return listActivities(db, viewer, community, request.query);
    });

    app.get('/api/v1/communities/:slug/requests', { schema: { params: slugParams, querystring: pageQuery, response: { 200: joinRequestList } } }, async (request) => {
      const { actor } = context(request);
      const community = await communityAt(request.params.slug);
      const standing = (await standingsIn(db, actor.id, [community.id])).get(community.id) ?? 'none';
      if (!mayManageCommunity(actor, standing)) throw new Forbidden();
      return listJoinRequests(db, community.id, request.query);
    });

    for (const answer of ['approve', 'decline'] as const) {
      app.post(`/api/v1/communities/:slug/requests/:userId/${answer}`, { schema: { params: personParams, response: { 200: communityView } } }, (request) =>
        runAt(request, request.params.slug, (communityId, by) => ({ type: answer, communityId, userId: request.params.userId, by })),
      );
    }

    app.post('/api/v1/communities/:slug/admins/:userId', { schema: { params: personParams, response: { 200: communityView } } }, (request) =>
      runAt(request, request.params.slug, (communityId, by) => ({ type: 'appointAdmin', communityId, userId: request.params.userId, by })),
    );
  };
}

/** The name's address, or with the id appended when another community has (or had) it. */
async function freeSlug(db: Kysely<Database>, name: string, communityId: number): Promise<string> {
  const base = slugOfName(name);
  if (base && !(await isSlugTaken(db, base))) return base;
  const suffix = `-${communityId}`;
  return `${(base ?? 'community').slice(0, 60 - suffix.length).replace(/-+$/, '')}${suffix}`;
}

/**
 * Runs work that gives a community this address. Addresses are unique among all that any
 * community has had, which the read model's key enforces in the command's own transaction:
 * no read-then-write race.
 */
async function claiming<T>(slug: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (slug !== undefined && isUniqueViolation(error)) throw new ValidationFailed([`The address ${slug} is taken by another community`]);
    throw error;
  }
}
