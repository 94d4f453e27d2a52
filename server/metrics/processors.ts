import { Gauge, type Registry } from 'prom-client';
import type { ProcessorHealth } from '../../contracts/health.ts';
import type { Core } from '../core.ts';

/**
 * How far each processor is behind the log, as the health endpoint tells it: read at scrape
 * time with one query for both gauges. A processor has a row per version while a new version
 * catches up beside the live one, hence the version label.
 */
export function measureProcessors(core: Core, registry: Registry): void {
  const health = joined(() => core.processors.health());
  const labelNames = ['processor', 'version'] as const;
  const gauge = (name: string, help: string, value: (processor: ProcessorHealth) => number) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        for (const processor of await health()) this.set({ processor: processor.name, version: processor.version }, value(processor));
      },
    });
  gauge('processor_lag_events', 'Events in the log a processor has not handled yet.', (processor) => processor.lagEvents);
  gauge('processor_lag_seconds', 'Age of the oldest event a processor has not handled yet.', (processor) => processor.lagSeconds);
}

/** Calls made while one is in flight join it: a scrape collects its gauges side by side. */
function joined<T>(load: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return () =>
    (inFlight ??= load().finally(() => {
      inFlight = null;
    }));
}
