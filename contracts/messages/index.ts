import type { EventOf } from '../events/define.ts';
import type { messageEvents } from './events.ts';

export * from './api.ts';
export * from './events.ts';
export * from './realtime.ts';

export type MessageEvent = EventOf<(typeof messageEvents)[number]>;
