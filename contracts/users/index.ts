import type { EventOf } from '../events/define.ts';
import { userEvents } from './events.ts';

export { userEvents };
export type UserEvent = EventOf<(typeof userEvents)[number]>;
