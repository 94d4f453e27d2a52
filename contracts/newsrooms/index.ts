import type { EventOf } from '../events/define.ts';
import type { newsroomEvents } from './events.ts';

export * from './api.ts';
export * from './events.ts';

export type NewsroomEvent = EventOf<(typeof newsroomEvents)[number]>;
