import type { EventOf } from '../events/define.ts';
import { interviewEvents } from './events.ts';

export { interviewEvents };
export type InterviewEvent = EventOf<(typeof interviewEvents)[number]>;
