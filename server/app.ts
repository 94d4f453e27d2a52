import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Core } from './core.ts';
import { registerApiReference } from './http/api-reference.ts';
import { answerUnroutableUrl, registerErrorHandling } from './http/error-handler.ts';
import { registerInputSafety } from './http/input-safety.ts';
import { requestIdFrom } from './http/request-context.ts';
import { responseSerializerCompiler } from './http/response-serializer.ts';
import { SecretUrls } from './http/secret-urls.ts';
import { registerXhrGuard } from './http/xhr-guard.ts';
import { startErrorReporting, type ErrorReportingSettings } from './reporting/index.ts';
import { registerMetrics, type MetricsOptions } from './metrics/endpoint.ts';
import { auditRoutes } from './modules/admin/routes.ts';
import { registerAuth } from './modules/auth/plugin.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { devRoutes } from './modules/dev/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { videoIntake, videoRoutes } from './modules/video/index.ts';
import { announcementRoutes, distributionRoutes, newsroomAnnouncementCounts, newsroomHeadlines } from './modules/announcements/index.ts';
import { commentRoutes } from './modules/comments/routes.ts';
import { communityRoutes } from './modules/communities/routes.ts';
import { contactRoutes } from './modules/contacts/index.ts';
import { interviewRoutes } from './modules/interviews/routes.ts';
import { likeRoutes } from './modules/likes/routes.ts';
import { messageRoutes } from './modules/messages/index.ts';
import { newsroomRoutes } from './modules/newsrooms/index.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { organizationRoutes } from './modules/organizations/routes.ts';
import { postRoutes } from './modules/posts/routes.ts';
import { profileRoutes } from './modules/profiles/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { taskRoutes } from './modules/tasks/index.ts';
import { monitorRoutes } from './modules/monitors/index.ts';
import { newsRoutes } from './modules/news/index.ts';
import { adminRoutes } from './modules/users/admin-routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { registerEventTail } from './realtime/event-tail.ts';
import { attachRealtime } from './realtime/gateway.ts';
import { createLog, lazyRequestLogger } from './log.ts';
import type { RealtimeServer } from './realtime/processor.ts';
import type { Services } from './services.ts';

export type AppOptions = {
  /** Pino level; 'silent' in tests. */
  logLevel: string;
  /** Where log lines go (stdout when absent). */
  logDestination?: DestinationStream;
  services: Services;
  /** The built client, served at /app; absent in API-only tests. */
  clientDir?: string | null;
  /** Live pushes to browsers; absent in API-only tests. */
  realtime?: RealtimeServer | null;
  /** Where uploaded files are kept and how large each kind may be. */
  uploads: { dir: string; maxImageBytes: number; maxVideoBytes: number };
  /** The longest video accepted, and who to tell when one is queued (this process's video worker). */
  video?: { maxSeconds: number; onQueued?: () => void };
  /** Prometheus metrics and how they are protected (server/metrics); absent: not served. */
  metrics?: MetricsOptions | null;
  /** 5xx errors reported to Sentry; absent: the SDK is never loaded. */
  errorReporting?: ErrorReportingSettings | null;
  /** Encodes every response by its zod contract as well and refuses a difference (server/http/response-serializer.ts); on unless told otherwise, off in production. */
  checkResponses?: boolean;
  /** Told of every route as it is registered (the tests that walk the whole API). */
  onRoute?: (route: RouteOptions) => void;
};

export async function buildApp(core: Core, options: AppOptions) {
  const secretUrls = new SecretUrls();
  const logger: FastifyBaseLogger = createLog(options.logLevel, { urls: secretUrls, destination: options.logDestination });
  const app = Fastify({
    loggerInstance: logger,
    childLoggerFactory: lazyRequestLogger,
    genReqId: (request) => requestIdFrom(request.headers),
    frameworkErrors: answerUnroutableUrl,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ crossCheck: options.checkResponses ?? true }));
  app.addHook('onRoute', secretUrls.onRoute);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  const reporter = options.errorReporting ? await startErrorReporting(options.errorReporting, secretUrls) : null;
  // Reports still queued go out before the process ends.
  if (reporter) app.addHook('onClose', () => reporter.close());
  registerErrorHandling(app, reporter);
  registerXhrGuard(app);
  registerInputSafety(app);
  if (options.metrics) registerMetrics(app, core, { ...options.metrics, realtime: options.realtime ?? null });
  await app.register(fastifyCookie);
  registerAuth(app, core);

  await registerEventTail(app, core);
  if (options.realtime) attachRealtime(options.realtime, app, core);
  await registerApiReference(app);
  await app.register(healthRoutes(core));
  await app.register(authRoutes(core, options.services));
  await app.register(userRoutes(core, options.services));
  await app.register(adminRoutes(core));
  await app.register(postRoutes(core));
  await app.register(commentRoutes(core));
  await app.register(likeRoutes(core, options.services));
  await app.register(notificationRoutes(core));
  await app.register(communityRoutes(core));
  const video = videoIntake(core, options.video ?? { maxSeconds: 600 });
  await app.register(uploadRoutes(core, { ...options.uploads, video }));
  await app.register(videoRoutes(core, { ...options.uploads, intake: video }));
  await app.register(profileRoutes(core, options.uploads));
  await app.register(organizationRoutes(core));
  await app.register(searchRoutes(core));
  await app.register(auditRoutes(core));
  await app.register(interviewRoutes(core, { publicUrl: options.services.publicUrl, linkRateLimit: options.services.linkRateLimit, uploads: options.uploads, video }));
  await app.register(messageRoutes(core, { sendLimit: options.services.messageSends }));
  await app.register(contactRoutes(core));
  await app.register(
    newsroomRoutes(core, {
      publicUrl: options.services.publicUrl,
      clientDir: options.clientDir,
      mailQueued: options.services.mailQueued,
      headlines: (newsroomId) => newsroomHeadlines(core.database.db, newsroomId, options.services.publicUrl),
      announcementCounts: (newsroomIds) => newsroomAnnouncementCounts(core.database.db, newsroomIds),
    }),
  );
  await app.register(announcementRoutes(core, { publicUrl: options.services.publicUrl, clientDir: options.clientDir, recipientsQueued: options.services.recipientsQueued, realtime: options.realtime }));
  await app.register(
    distributionRoutes(core, { publicUrl: options.services.publicUrl, mailQueued: options.services.mailQueued, recipientsQueued: options.services.recipientsQueued, linkSecret: options.services.linkSecret, mailFrom: options.services.mailFrom, realtime: options.realtime }),
  );
  await app.register(taskRoutes(core));
  await app.register(monitorRoutes(core));
  await app.register(newsRoutes(core, { mayReachPrivate: options.services.newsFeedReach }));
  if (options.services.devTools) await app.register(devRoutes(core));

  if (options.clientDir && fs.existsSync(path.join(options.clientDir, 'index.html'))) await serveClient(app, options.clientDir);
  return app;
}

async function serveClient(app: FastifyInstance, clientDir: string): Promise<void> {
  const assets = path.resolve(clientDir, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: path.resolve(clientDir),
    prefix: '/app/',
    wildcard: false,
    // The shell is sent by the routes below: @fastify/static's own index route answered 404
    // to a browser that accepts gzip when preCompressed is on.
    index: false,
    // The build writes .br and .gz copies of its text files (client/build/precompress.ts).
    preCompressed: true,
    // Built assets carry their content's hash in their name: a browser may keep them for good.
    // The shell names the current ones, so it is checked again at every visit.
    cacheControl: false,
    setHeaders: (reply, file) => reply.header('cache-control', file.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache'),
  });
  // Client-side routes: any /app path that is not a file gets the app shell.
  app.get('/app', (_request, reply) => reply.sendFile('index.html'));
  app.get('/app/*', (_request, reply) => reply.sendFile('index.html'));
  app.get('/', (_request, reply) => reply.redirect('/app/'));
}
