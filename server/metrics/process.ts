import { collectDefaultMetrics, Counter, Registry } from 'prom-client';

/**
 * Events this process committed to the log, counted by the one place every committed append
 * reports to (events/wakeup.ts). Process-wide, as the log's writers are: the core's, not an app's.
 */
export const eventsAppended = new Counter({ name: 'events_appended_total', help: 'Events this process committed to the log.', registers: [] });

let registry: Registry | null = null;

/**
 * What belongs to the process rather than to one app: Node's own metrics and the appends. Made
 * at the first app that serves metrics, once however many apps a process builds (a test file
 * builds several): Node's metrics watch the event loop and garbage collection from then on.
 */
export function processRegistry(): Registry {
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
    registry.registerMetric(eventsAppended);
  }
  return registry;
}
