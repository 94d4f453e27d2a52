// What other modules and the process entry points may use of the video pipeline.
export { videoIntake, type VideoIntake } from './intake.ts';
export { videosProjection } from './projection.ts';
export { findVideo, findVideos, videoViewOf, withVideoState, type VideoParts } from './queries.ts';
export { videoRoutes, TUS_PATH } from './routes.ts';
export { settleQueuedVideos, VideoWorker, videoWorkerFor, type VideoWorkerOptions } from './worker.ts';
export { binaries } from './ffmpeg.ts';
export { videoMessagesFor, type VideoMessage } from './messages.ts';
