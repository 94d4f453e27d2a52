import type { EventOf } from '../events/define.ts';
import { organizationEvents } from './events.ts';

export { organizationEvents };
export type OrganizationEvent = EventOf<(typeof organizationEvents)[number]>;
