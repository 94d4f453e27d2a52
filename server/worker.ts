import { loadConfig } from './config.ts';
import { openCore, startProcessing } from './core.ts';
import { withStreamPush } from './feeds/model.ts';
import { createLog } from './log.ts';
import { listenWorkerMetrics } from './metrics/endpoint.ts';
import { videoWorkerFor } from './modules/video/index.ts';
import { AnnouncementScheduler, distributionSenderFor } from './modules/announcements/index.ts';
import { NewsFetcher, privateFeedReach } from './modules/news/index.ts';
import { DigestMailer } from './modules/monitors/index.ts';
import { productModel } from './model.ts';
import { createRealtimeServer } from './realtime/gateway.ts';
import { withRealtime } from './realtime/model.ts';
import type { RealtimeServer } from './realtime/processor.ts';

// The processors alone, for deployments that scale HTTP and projections separately
// (app processes then run with RUN_PROCESSORS=false).
const config = loadConfig();
const log = createLog(config.logLevel);
// Without Redis a worker's pushes would reach no socket: app processes then push themselves.
let io: RealtimeServer | null = null;
const core = await openCore({ database: config.database, redisUrl: config.redisUrl, model: withStreamPush(config.redisUrl ? withRealtime(productModel, () => io) : productModel, config.stream, log), log });
io = core.redis ? createRealtimeServer(core.redis) : null;
await startProcessing(core);
const videoWorker = videoWorkerFor(core, config, log, () => io);
videoWorker.start();
// Scheduled announcements and embargoes, claimed row by row: any number of processes may run one.
// Announcement emails, batch by batch under a lease: any number of processes may send side by side.
const distributionSender = distributionSenderFor(core.database.db, config, log, io);
distributionSender?.start();
const scheduler = new AnnouncementScheduler(core, { log, recipientsQueued: () => distributionSender?.wake() });
scheduler.start();
const newsFetcher = new NewsFetcher(core, { log, limits: { mayReachPrivate: privateFeedReach(config.env, config.publicUrl) } });
newsFetcher.start();
const digestMailer = new DigestMailer(core, { log, publicUrl: config.publicUrl });
digestMailer.start();
const closeMetrics = config.metrics?.workerPort ? await listenWorkerMetrics(core, { token: config.metrics.token, port: config.metrics.workerPort }, log) : null;
log.info({ processors: productModel.processors.map((p) => `${p.name}@${p.version}`) }, 'worker running');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void videoWorker
      .stop()
      .then(() => scheduler.stop())
      .then(() => distributionSender?.stop())
      .then(() => newsFetcher.stop())
      .then(() => digestMailer.stop())
      .then(() => closeMetrics?.())
      .then(() => core.close())
      .then(() => process.exit(0));
  });
}
