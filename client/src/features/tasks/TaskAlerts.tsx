import { useTasksLive } from './queries.ts';

/** Mounted by the frame for people whose account has tasks: lists follow colleagues' changes, and a task given to one is told. */
export function TaskAlerts() {
  useTasksLive();
  return null;
}
