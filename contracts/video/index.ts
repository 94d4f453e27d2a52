import type { EventOf } from '../events/define.ts';
import { videoEvents } from './events.ts';

export { videoEvents };
export type VideoEvent = EventOf<(typeof videoEvents)[number]>;
