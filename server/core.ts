import type { Redis } from 'ioredis';
import type { EventDefinition } from '../contracts/events/index.ts';
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { CommandHandler } from './events/command-handler.ts';
import { EventRegistry } from './events/registry.ts';
import { EventStore } from './events/store.ts';
import type { AnyEvent } from './events/types.ts';
import { Wakeup } from './events/wakeup.ts';
import type { InlineProjection } from './projections/inline.ts';
import type { ProcessorDefinition } from './projections/processor.ts';
import { ProcessorRunner, type RunnerOptions } from './projections/runner.ts';
import { connectRedis } from './redis.ts';

export type Logger = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** What the product is made of: its event types and read models. Tests swap in their own. */
export type Model<E extends AnyEvent = AnyEvent> = {
  events: readonly EventDefinition[];
  inline: readonly InlineProjection<E>[];
  processors: readonly ProcessorDefinition<E>[];
};

export type CoreOptions<E extends AnyEvent> = {
  database: DatabaseTarget | DatabaseHandle;
  redisUrl: string | null;
  model: Model<E>;
  log: Logger;
  runner?: RunnerOptions;
};

/** The event-sourced core one process needs, whether it serves HTTP, runs processors, or both. */
export type Core<E extends AnyEvent = AnyEvent> = {
  database: DatabaseHandle;
  store: EventStore<E>;
  commands: CommandHandler<E>;
  processors: ProcessorRunner<E>;
  model: Model<E>;
  wakeup: Wakeup;
  redis: Redis | null;
  close(): Promise<void>;
};

export async function openCore<E extends AnyEvent>(options: CoreOptions<E>): Promise<Core<E>> {
  // A handle passed in stays the caller's to close (a test's database outlives its cores).
  const ownsDatabase = !('db' in options.database);
  const database = 'db' in options.database ? options.database : await openDatabase(options.database);
  await migrateToLatest(database.db);
  const { log, model } = options;
  const wakeup = new Wakeup(database, (error) => log.warn({ err: error }, 'could not send the append wake-up'));
  const onCommitted = (events: number) => wakeup.signal(events);
  const store = new EventStore<E>(database.db, new EventRegistry<E>(model.events), onCommitted);
  const commands = new CommandHandler<E>(database.db, store, model.inline, onCommitted);
  const processors = new ProcessorRunner<E>(database.db, store, model.processors, wakeup, log, options.runner);
  const redis = options.redisUrl ? connectRedis(options.redisUrl, log) : null;

  return {
    database,
    store,
    commands,
    processors,
    model,
    wakeup,
    redis,
    async close() {
      await processors.stop();
      await wakeup.close();
      redis?.disconnect();
      if (ownsDatabase) await database.close();
    },
  };
}

/** Makes this process a processor host: registers read models, hears other processes' appends, drains. */
export async function startProcessing<E extends AnyEvent>(core: Core<E>): Promise<void> {
  await core.wakeup.listen();
  await core.processors.start();
}
