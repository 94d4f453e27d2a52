import type { EventOf } from '../events/define.ts';
import { communityEvents } from './events.ts';

export { communityEvents };
export type CommunityEvent = EventOf<(typeof communityEvents)[number]>;
