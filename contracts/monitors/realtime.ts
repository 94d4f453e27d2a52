import { z } from 'zod';
import { mentionView } from './api.ts';

const stamped = { cursor: z.string().regex(/^\d+:\d+$/), position: z.number().int() };

/** A new mention of one of the account's monitors, to every tab of the account's people. */
export const monitorMentioned = z.object({ ...stamped, monitorId: z.number().int(), monitorName: z.string(), mention: mentionView });
