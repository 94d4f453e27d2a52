import { z } from 'zod';
import { messageView, unreadTotals } from './api.ts';

const stamped = { cursor: z.string().regex(/^\d+:\d+$/), position: z.number().int() };

/** A new message, to every tab of every participant. */
export const messageSent = z.object({ ...stamped, conversationId: z.number().int(), message: messageView });
/** An edit or a delete: the message as it is now. */
export const messageChanged = z.object({ ...stamped, conversationId: z.number().int(), message: messageView });
/** Someone joined, left, or the conversation began: lists and thread headers read it again. */
export const conversationChanged = z.object({ ...stamped, conversationId: z.number().int(), change: z.enum(['started', 'joined', 'left']), userId: z.number().int() });
/** Someone saw up to a message (only for people who share their read receipts). */
export const conversationSeen = z.object({ ...stamped, conversationId: z.number().int(), userId: z.number().int(), messageId: z.number().int() });
/** One person's unread counts after a change: this conversation's and their totals (the badge). */
export const unreadChanged = z.object({
  ...stamped,
  conversationId: z.number().int(),
  unreadCount: z.number().int(),
  mentionsCount: z.number().int(),
  totals: unreadTotals,
});
/** Someone is typing; never in the log, so never replayed. */
export const typing = z.object({ conversationId: z.number().int(), userId: z.number().int() });

export const conversationRoom = z.string().regex(/^conversation:\d{1,15}$/);
