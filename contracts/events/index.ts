import { announcementEvents } from '../announcements/events.ts';
import { communityEvents } from '../communities/events.ts';
import { contactEvents } from '../contacts/events.ts';
import { interviewEvents } from '../interviews/events.ts';
import { messageEvents } from '../messages/events.ts';
import { monitorEvents } from '../monitors/events.ts';
import { newsEvents } from '../news/events.ts';
import { newsroomEvents } from '../newsrooms/events.ts';
import { organizationEvents } from '../organizations/events.ts';
import { postEvents } from '../posts/events.ts';
import { taskEvents } from '../tasks/events.ts';
import { settingsEvents } from '../users/settings-events.ts';
import { userEvents } from '../users/events.ts';
import { videoEvents } from '../video/events.ts';
import type { EventOf } from './define.ts';

export { defineEvent, eventMetadata, type EventDefinition, type EventMetadata, type EventOf } from './define.ts';

// Every event type of the product. Each domain area adds its definitions here as it lands.
export const productEvents = [...userEvents, ...settingsEvents, ...organizationEvents, ...postEvents, ...communityEvents, ...interviewEvents, ...videoEvents, ...messageEvents, ...contactEvents, ...taskEvents, ...newsroomEvents, ...announcementEvents, ...newsEvents, ...monitorEvents] as const;

export type ProductEvent = EventOf<(typeof productEvents)[number]>;
