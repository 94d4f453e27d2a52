import { z } from 'zod';
import { defineEvent } from '../events/define.ts';
import { mediaItem } from '../posts/media.ts';

const conversationId = z.number().int().positive();
const messageId = z.number().int().positive();
const userId = z.number().int().positive();

// A conversation's stream (`conversation-{id}`): who is in it.
export const ConversationStarted = defineEvent(
  'ConversationStarted',
  z.object({ conversationId, startedBy: userId, participantIds: z.array(userId), isGroup: z.boolean(), title: z.string().nullable() }),
);
export const ParticipantAdded = defineEvent('ParticipantAdded', z.object({ conversationId, userId, addedBy: userId }));
export const ParticipantLeft = defineEvent('ParticipantLeft', z.object({ conversationId, userId }));

// A message's stream (`message-{id}`): one stream per message, so sends never wait on each other's versions.
export const MessageSent = defineEvent(
  'MessageSent',
  z.object({ conversationId, messageId, senderId: userId, content: z.string(), attachments: z.array(mediaItem), mentions: z.array(userId) }),
);
export const MessageEdited = defineEvent('MessageEdited', z.object({ conversationId, messageId, content: z.string(), attachments: z.array(mediaItem), mentions: z.array(userId) }));
export const MessageDeleted = defineEvent('MessageDeleted', z.object({ conversationId, messageId }));
/** A recipient said the message is spam: its sender is blocked by them and the platform's admins are told. */
export const MessageReported = defineEvent('MessageReported', z.object({ conversationId, messageId, reporterId: userId, senderId: userId }));

// One reader's place in one conversation (`inbox-{userId}-{conversationId}`).
export const ConversationRead = defineEvent('ConversationRead', z.object({ conversationId, userId, upToMessageId: messageId }));
export const ConversationMuted = defineEvent('ConversationMuted', z.object({ conversationId, userId, muted: z.boolean() }));

// A person's messaging choices (`messaging-{userId}`).
export const PersonBlocked = defineEvent('PersonBlocked', z.object({ userId, blockedId: userId, reason: z.enum(['block', 'spam']) }));
export const PersonUnblocked = defineEvent('PersonUnblocked', z.object({ userId, blockedId: userId }));
export const MessagingPreferencesSet = defineEvent('MessagingPreferencesSet', z.object({ userId, readReceipts: z.boolean(), coldPitchProtection: z.boolean() }));

export const messageEvents = [
  ConversationStarted,
  ParticipantAdded,
  ParticipantLeft,
  MessageSent,
  MessageEdited,
  MessageDeleted,
  MessageReported,
  ConversationRead,
  ConversationMuted,
  PersonBlocked,
  PersonUnblocked,
  MessagingPreferencesSet,
] as const;
