import type { EventOf } from '../events/define.ts';
import type { contactEvents } from './events.ts';

export * from './api.ts';
export * from './events.ts';
export * from './fields.ts';

export type ContactEvent = EventOf<(typeof contactEvents)[number]>;
