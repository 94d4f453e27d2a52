// What other modules may use of tasks.
export { taskMessagesFor, type TaskMessage } from './live.ts';
export { tasksProjection } from './projection.ts';
export { taskRoutes } from './routes.ts';
