import type { EventOf } from '../events/define.ts';
import type { newsEvents } from './events.ts';

export * from './api.ts';
export * from './events.ts';

export type NewsEvent = EventOf<(typeof newsEvents)[number]>;
export * from './realtime.ts';
