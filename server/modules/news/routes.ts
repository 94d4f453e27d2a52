import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  articlesPage,
  articleView,
  commentaryPage,
  commentaryQuery,
  createArticleBody,
  feedsView,
  feedView,
  FEED_URL_TAKEN,
  insiderQuery,
  NO_FEED,
  NO_VIDEO,
  registerFeedBody,
  wireFacets as wireFacetsView,
  wirePage,
  wireQuery,
} from '../../../contracts/news/api.ts';
import { idParams } from '../../../contracts/validation.ts';
import type { Core } from '../../core.ts';
import { NotFound, ValidationFailed } from '../../errors.ts';
import { created, eventMetadata } from '../../http/request-context.ts';
import { actorOf, requireUser } from '../auth/plugin.ts';
import { viewerOf } from '../posts/index.ts';
import { findVideo } from '../video/index.ts';
import { readCommentary } from './commentary.ts';
import { articleDecider, feedDecider, mustBeAdmin, type Editor } from './commands.ts';
import { judgeArticle, judgeFeed } from './judge.ts';
import { decodeCursor, findArticle, listFeeds, readInsider, readWire, wireFacets } from './queries.ts';
import { DEMO_FEEDS_PATH, demoFeed } from './demo-feeds.ts';
import { articleStream, newsFeedStream } from './streams.ts';

export type NewsOptions = {
  /** Which private or loopback feed addresses may be registered and fetched (tests, the app's own demo feeds). */
  mayReachPrivate: (url: URL) => boolean;
};

/** Private addresses a feed may have: anything under test, else only the app's own demo feeds. */
export function privateFeedReach(env: string, publicUrl: string): (url: URL) => boolean {
  if (env === 'test') return () => true;
  const own = new URL(publicUrl).origin;
  return (url) => url.origin === own && url.pathname.startsWith(DEMO_FEEDS_PATH);
}

/**
 * The News area (issue 19): outside feeds and editorial articles, which only the platform's
 * admins manage, and the newswire, insider and commentary lists every signed-in person reads.
 */
export function newsRoutes(core: Core, options: NewsOptions): FastifyPluginAsyncZod {
  const { db } = core.database;

  const editorOf = (request: FastifyRequest) => {
    const user = requireUser(request);
    const editor: Editor = { id: user.id, isAdmin: user.roles.includes('admin') };
    return { editor, metadata: eventMetadata(request, actorOf(user)) };
  };
  const adminOnly = (request: FastifyRequest) => mustBeAdmin(editorOf(request).editor);

  return async (app) => {
    app.get('/api/v1/news/feeds', { schema: { response: { 200: feedsView } } }, async (request) => {
      adminOnly(request);
      return { data: await listFeeds(db) };
    });

    app.post('/api/v1/news/feeds', { schema: { body: registerFeedBody, response: { 201: feedView } } }, async (request, reply) => {
      const { editor, metadata } = editorOf(request);
      adminOnly(request);
      const fields = judgeFeed(request.body, options.mayReachPrivate);
      const feedId = await core.commands.transaction(async (unit) => {
        // One registration per address at a time: two admins adding the same feed get one.
        await sql`select pg_advisory_xact_lock(7319, hashtext(${fields.url}))`.execute(unit.trx);
        const taken = await unit.trx.selectFrom('news_feeds').select('id').where('url', '=', fields.url).where('removed', '=', false).executeTakeFirst();
        if (taken) throw new ValidationFailed([FEED_URL_TAKEN]);
        const { rows } = await sql<{ id: number }>`select nextval('news_feed_ids')::int as id`.execute(unit.trx);
        const id = rows[0]!.id;
        await unit.run(feedDecider, newsFeedStream(id), { type: 'register', feedId: id, fields, by: editor }, metadata);
        await unit.trx.insertInto('news_feed_fetches').values({ feed_id: id, due_at: new Date() }).execute();
        return id;
      });
      return created(reply, feedId).send((await listFeeds(db, feedId))[0]!);
    });

    app.delete('/api/v1/news/feeds/:id', { schema: { params: idParams } }, async (request, reply) => {
      const { editor, metadata } = editorOf(request);
      await core.commands.run(feedDecider, newsFeedStream(request.params.id), { type: 'remove', feedId: request.params.id, by: editor }, metadata);
      return reply.status(204).send();
    });

    app.post('/api/v1/news/feeds/:id/fetch', { schema: { params: idParams, response: { 200: feedView } } }, async (request) => {
      adminOnly(request);
      const result = await db.updateTable('news_feed_fetches').set({ due_at: new Date() }).where('feed_id', '=', request.params.id).executeTakeFirst();
      const [feed] = await listFeeds(db, request.params.id);
      if (Number(result.numUpdatedRows) !== 1 || !feed) throw new NotFound(NO_FEED);
      return feed;
    });

    app.post('/api/v1/news/articles', { schema: { body: createArticleBody, response: { 201: articleView } } }, async (request, reply) => {
      const { editor, metadata } = editorOf(request);
      adminOnly(request);
      const fields = judgeArticle(request.body);
      if (fields.videoId !== null && !(await findVideo(db, fields.videoId))) throw new ValidationFailed([NO_VIDEO]);
      const articleId = await core.commands.transaction(async (unit) => {
        const { rows } = await sql<{ id: number }>`select nextval('article_ids')::int as id`.execute(unit.trx);
        const id = rows[0]!.id;
        await unit.run(articleDecider, articleStream(id), { type: 'publish', articleId: id, fields, at: new Date(), by: editor }, metadata);
        return id;
      });
      return created(reply, articleId).send((await findArticle(db, articleId))!);
    });

    app.get('/api/v1/news/articles/:id', { schema: { params: idParams, response: { 200: articleView } } }, async (request) => {
      requireUser(request);
      const article = await findArticle(db, request.params.id);
      if (!article) throw new NotFound('No such article.');
      return article;
    });

    app.get('/api/v1/news/insider', { schema: { querystring: insiderQuery, response: { 200: articlesPage } } }, async (request) => {
      requireUser(request);
      return readInsider(db, request.query.kind, decodeCursor(request.query.before), request.query.limit);
    });

    app.get('/api/v1/news/commentary', { schema: { querystring: commentaryQuery, response: { 200: commentaryPage } } }, async (request) => {
      const user = requireUser(request);
      return readCommentary(db, viewerOf(user), request.host, decodeCursor(request.query.before), request.query.limit);
    });

    app.get('/api/v1/news/wire', { schema: { querystring: wireQuery, response: { 200: wirePage } } }, async (request) => {
      requireUser(request);
      const { beat, country, outlet, before, limit } = request.query;
      return readWire(db, { beat: beat || null, country: country?.toUpperCase() || null, outlet: outlet || null }, decodeCursor(before), limit);
    });

    app.get('/api/v1/news/wire/facets', { schema: { response: { 200: wireFacetsView } } }, async (request) => {
      requireUser(request);
      return wireFacets(db);
    });

    // The demo feeds, as an outlet would serve them: files of the app, fetched by its own fetcher like any outlet's.
    const startedAt = Date.now();
    app.get(`${DEMO_FEEDS_PATH}:file`, { config: { publicParams: ['file'] }, schema: { params: z.object({ file: z.string().regex(/^[a-z0-9-]+\.xml$/) }) } }, async (request, reply) => {
      const xml = demoFeed(request.params.file, Date.now() - startedAt);
      if (xml === null) throw new NotFound();
      return reply.type('application/rss+xml; charset=utf-8').send(xml);
    });
  };
}
