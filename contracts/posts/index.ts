import type { EventOf } from '../events/define.ts';
import { postEvents } from './events.ts';

export { postEvents };
export type PostEvent = EventOf<(typeof postEvents)[number]>;
