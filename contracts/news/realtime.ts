import { z } from 'zod';
import { wireEntry } from './api.ts';

/** The room every signed-in reader of the newswire joins. */
export const NEWSWIRE_ROOM = 'newswire';

/** Something new on the newswire, as the wire lists it: a reader's filters decide whether it counts. */
export const wireAdded = z.object({ cursor: z.string().regex(/^\d+:\d+$/), position: z.number().int(), entry: wireEntry });
