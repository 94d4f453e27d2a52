import type { EventOf } from '../events/define.ts';
import type { taskEvents } from './events.ts';

export * from './api.ts';
export * from './events.ts';
export * from './realtime.ts';

export type TaskEvent = EventOf<(typeof taskEvents)[number]>;
