// What other modules and the process entry points may use of monitors.
export { monitorsProjection } from './projection.ts';
export { monitorRoutes } from './routes.ts';
export { monitorMatcher, type MentionMessage } from './mentions.ts';
export { DigestMailer, type DigestOptions } from './digest.ts';
