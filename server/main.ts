import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openCore, startProcessing } from './core.ts';
import { withStreamPush } from './feeds/model.ts';
import { createLog } from './log.ts';
import { MailDelivery } from './mail/delivery.ts';
import { productModel } from './model.ts';
import { createRealtimeServer } from './realtime/gateway.ts';
import { withRealtime } from './realtime/model.ts';
import type { RealtimeServer } from './realtime/processor.ts';
import { DEMO_PASSWORD, hasAnyUser, seedDemo } from './seed/demo.ts';
import { seedShowcase } from './seed/showcase.ts';
import { createServices } from './services.ts';
import { videoWorkerFor } from './modules/video/index.ts';
import { AnnouncementScheduler, distributionSenderFor } from './modules/announcements/index.ts';
import { NewsFetcher, privateFeedReach } from './modules/news/index.ts';
import { DigestMailer } from './modules/monitors/index.ts';

const config = loadConfig();
const log = createLog(config.logLevel);
const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client/dist');

let io: RealtimeServer | null = null;
const core = await openCore({ database: config.database, redisUrl: config.redisUrl, model: withStreamPush(withRealtime(productModel, () => io), config.stream, log), log });
io = createRealtimeServer(core.redis);
const firstStart = config.seedDemo && !(await hasAnyUser(core));
if (firstStart) {
  const people = await seedDemo(core);
  log.info({ people }, `seeded the demo; every demo password is ${DEMO_PASSWORD}`);
}
if (config.runProcessors) await startProcessing(core);
const mail = config.mail.smtpUrl && config.runProcessors ? new MailDelivery(core.database.db, config.mail.smtpUrl, config.mail.from, log, undefined, config.mail.dkim) : null;
mail?.start();
const distributionSender = config.runProcessors ? distributionSenderFor(core.database.db, config, log, io) : null;
distributionSender?.start();
const videoWorker = config.runProcessors ? videoWorkerFor(core, config, log, () => io) : null;
videoWorker?.start();
const scheduler = config.runProcessors ? new AnnouncementScheduler(core, { log, recipientsQueued: () => distributionSender?.wake() }) : null;
scheduler?.start();
// Outside news feeds, each claimed under a lease: any number of processes may run a fetcher.
const newsFetcher = config.runProcessors ? new NewsFetcher(core, { log, limits: { mayReachPrivate: privateFeedReach(config.env, config.publicUrl) } }) : null;
// Monitors' daily emails, each monitor claimed by its row: any number of processes may run a mailer.
const digestMailer = config.runProcessors ? new DigestMailer(core, { log, publicUrl: config.publicUrl, ...(mail ? { mailQueued: () => mail.wake() } : {}) }) : null;
digestMailer?.start();
const services = createServices(core, config, { ...(mail ? { mailQueued: () => mail.wake() } : {}), ...(distributionSender ? { recipientsQueued: () => distributionSender.wake() } : {}) });
const app = await buildApp(core, { logLevel: config.logLevel, checkResponses: config.env !== 'production', clientDir, realtime: io, services, metrics: config.metrics, errorReporting: config.errorReporting, uploads: config.uploads, video: { maxSeconds: config.video.maxSeconds, onQueued: () => videoWorker?.poke() } });
if (firstStart) await seedShowcase(app, config.publicUrl);
await app.listen({ host: config.host, port: config.port });
// Fetching starts once the app listens: the demo feeds are served by this very process.
newsFetcher?.start();
log.info(
  { database: core.database.driver, redis: config.redisUrl ? 'configured' : 'not configured', processors: config.runProcessors },
  `Pressroom is up at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}/app/`,
);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    void app
      .close()
      .then(() => mail?.stop())
      .then(() => distributionSender?.stop())
      .then(() => videoWorker?.stop())
      .then(() => scheduler?.stop())
      .then(() => newsFetcher?.stop())
      .then(() => digestMailer?.stop())
      .then(() => core.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  });
}
