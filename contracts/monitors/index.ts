import type { EventOf } from '../events/define.ts';
import type { monitorEvents } from './events.ts';

export * from './api.ts';
export * from './events.ts';
export * from './realtime.ts';

export type MonitorEvent = EventOf<(typeof monitorEvents)[number]>;
