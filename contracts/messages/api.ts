import { z } from 'zod';
import { attachmentView } from '../posts/media.ts';
import { author } from '../posts/views.ts';

/** A conversation holds at most this many people, its starter included. */
export const MAX_PARTICIPANTS = 20;
/** The longest message, counted in characters of its text (markup aside). */
export const MAX_MESSAGE_LENGTH = 5000;
export const MESSAGES_PAGE = 30;
export const CONVERSATIONS_PAGE = 30;

export const messageTooLong = `Message is too long (at most ${MAX_MESSAGE_LENGTH.toLocaleString('en')} characters)`;
export const DELETED_MESSAGE = 'This message was deleted';

const uploadRef = z.union([z.number().int().positive(), z.object({ id: z.number().int().positive() }).transform((upload) => upload.id)]);
// Generous here so that an over-long message is a rule's 422 with its line, not a schema's 400.
const content = z.string().max(200_000, { message: 'Message is too long' }).default('');
const attachments = z.array(uploadRef).max(10, { message: 'At most 10 attachments' }).default([]);

export const messageBody = z.object({ content, attachments });
export type MessageBody = z.infer<typeof messageBody>;

export const startConversationBody = z.object({
  participantIds: z
    .array(z.number().int().positive())
    .min(1, { message: 'Choose someone to write to' })
    .max(MAX_PARTICIPANTS - 1, { message: `A conversation holds at most ${MAX_PARTICIPANTS} people` }),
  title: z.string().trim().max(120, { message: 'Title must be at most 120 characters' }).nullable().optional(),
  content,
  attachments,
});

export const addParticipantsBody = z.object({ userIds: z.array(z.number().int().positive()).min(1).max(MAX_PARTICIPANTS - 1) });
export const readBody = z.object({ messageId: z.number().int().positive() });
export const muteBody = z.object({ muted: z.boolean() });
export const blockBody = z.object({ userId: z.number().int().positive() });
export const preferencesBody = z.object({ readReceipts: z.boolean().optional(), coldPitchProtection: z.boolean().optional() });
export const messagesQuery = z.object({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGES_PAGE),
});
export const conversationsQuery = z.object({
  /** The `lastActivityAt` and id of the last conversation of the page before: `2026-11-25T10:00:00.000Z_12`. */
  before: z
    .string()
    .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z_\d{1,15}$/)
    .optional(),
});

export const messageView = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  sender: author,
  /** Empty once deleted: the thread shows 'This message was deleted'. */
  content: z.string(),
  attachments: z.array(attachmentView),
  sentAt: z.string(),
  editedAt: z.string().nullable(),
  isDeleted: z.boolean(),
});
export type MessageView = z.infer<typeof messageView>;

export const participantView = author.omit({ type: true }).extend({
  isJournalist: z.boolean(),
  /** The last message they have seen; null when they keep their read receipts to themselves. */
  seenMessageId: z.number().int().nullable(),
  hasLeft: z.boolean(),
});
export type ParticipantView = z.infer<typeof participantView>;

export const unreadView = z.object({ unreadCount: z.number().int().min(0), mentionsCount: z.number().int().min(0) });

export const conversationView = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  isGroup: z.boolean(),
  participants: z.array(participantView),
  lastMessage: messageView.nullable(),
  /** The last message as one line of plain text. */
  lastLine: z.string(),
  lastActivityAt: z.string(),
  ...unreadView.shape,
  lastReadMessageId: z.number().int(),
  muted: z.boolean(),
  /** Why the viewer cannot write here now, in words for the composer; null when they can. */
  cannotSend: z.string().nullable(),
});
export type ConversationView = z.infer<typeof conversationView>;

export const conversationList = z.object({ conversations: z.array(conversationView), next: z.string().nullable() });
export const messagePage = z.object({ messages: z.array(messageView), hasMore: z.boolean() });
export const unreadTotals = z.object({ total: z.number().int().min(0), mentions: z.number().int().min(0) });
export type UnreadTotals = z.infer<typeof unreadTotals>;
export const readAnswer = unreadView.extend({ total: z.number().int().min(0) });
export const messagingPreferences = z.object({ readReceipts: z.boolean(), coldPitchProtection: z.boolean() });
export const blockedList = z.object({ blocked: z.array(author.omit({ type: true })) });
export const spamReports = z.object({
  reports: z.array(
    z.object({
      messageId: z.number().int(),
      conversationId: z.number().int(),
      reporter: author.omit({ type: true }),
      sender: author.omit({ type: true }),
      content: z.string(),
      reportedAt: z.string(),
    }),
  ),
});
