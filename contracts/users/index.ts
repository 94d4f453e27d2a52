import type { EventOf } from '../events/define.ts';
import { userEvents } from './events.ts';
import { settingsEvents } from './settings-events.ts';

export { settingsEvents, userEvents };
export type UserEvent = EventOf<(typeof userEvents)[number]>;
export type SettingsEvent = EventOf<(typeof settingsEvents)[number]>;
