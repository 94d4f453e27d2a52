import type { EventOf } from '../events/define.ts';
import type { announcementEvents } from './events.ts';

export * from './api.ts';
export * from './distribution.ts';
export * from './events.ts';
export * from './feed.ts';
export * from './realtime.ts';

export type AnnouncementEvent = EventOf<(typeof announcementEvents)[number]>;
