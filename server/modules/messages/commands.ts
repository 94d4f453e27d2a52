import { MAX_MESSAGE_LENGTH, MAX_PARTICIPANTS, messageTooLong, type MessageEvent } from '../../../contracts/messages/index.ts';
import type { MediaItem } from '../../../contracts/posts/media.ts';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import type { Decider } from '../../events/decider.ts';
import { READ_ONLY, sendRefusal, startRefusal, type Peer, type Person, type SendGate } from './permissions.ts';

export const conversationStream = (conversationId: number) => `conversation-${conversationId}`;
export const messageStream = (messageId: number) => `message-${messageId}`;
export const inboxStream = (userId: number, conversationId: number) => `inbox-${userId}-${conversationId}`;
export const messagingStream = (userId: number) => `messaging-${userId}`;

export const NO_CONVERSATION = 'No such conversation.';
const EMPTY = 'Write something or attach a file';

// ---- Conversations: who is in them ----

export type ConversationState = { exists: false } | { exists: true; isGroup: boolean; participants: ReadonlySet<number> };

export type ConversationCommand =
  | { type: 'start'; conversationId: number; by: Person; participantIds: number[]; title: string | null; peers: Pick<Peer, 'userId' | 'blocksSender' | 'blockedBySender'>[] }
  | { type: 'add'; conversationId: number; by: Person; userIds: number[]; peers: Pick<Peer, 'userId' | 'blocksSender' | 'blockedBySender'>[] }
  | { type: 'leave'; conversationId: number; by: Person };

export const conversationDecider: Decider<ConversationState, ConversationCommand, MessageEvent> = {
  initialState: { exists: false },
  evolve(state, event) {
    switch (event.type) {
      case 'ConversationStarted':
        return { exists: true, isGroup: event.data.isGroup, participants: new Set([event.data.startedBy, ...event.data.participantIds]) };
      case 'ParticipantAdded':
        return state.exists ? { ...state, participants: new Set([...state.participants, event.data.userId]) } : state;
      case 'ParticipantLeft':
        return state.exists ? { ...state, participants: new Set([...state.participants].filter((id) => id !== event.data.userId)) } : state;
      default:
        return state;
    }
  },
  decide(command, state) {
    const { conversationId, by } = command;
    if (command.type === 'start') {
      if (state.exists) throw new Conflict('This conversation exists already.');
      const participantIds = [...new Set(command.participantIds)].filter((id) => id !== by.id);
      if (participantIds.length === 0) throw new ValidationFailed(['Choose someone to write to']);
      const refusal = startRefusal(by, command.peers);
      if (refusal) throw refusal === READ_ONLY ? new Forbidden(refusal) : new ValidationFailed([refusal]);
      return [{ type: 'ConversationStarted', data: { conversationId, startedBy: by.id, participantIds, isGroup: participantIds.length > 1, title: command.title } }];
    }
    if (!state.exists || !state.participants.has(by.id)) throw new NotFound(NO_CONVERSATION);
    if (command.type === 'add') {
      if (by.isReadOnly) throw new Forbidden(READ_ONLY);
      if (!state.isGroup) throw new ValidationFailed(['People can be added to a group only; start a new conversation with everyone instead']);
      const added = [...new Set(command.userIds)].filter((id) => !state.participants.has(id));
      if (state.participants.size + added.length > MAX_PARTICIPANTS) throw new ValidationFailed([`A conversation holds at most ${MAX_PARTICIPANTS} people`]);
      const refusal = startRefusal(by, command.peers.filter((peer) => added.includes(peer.userId)));
      if (refusal) throw new ValidationFailed([refusal]);
      return added.map((userId) => ({ type: 'ParticipantAdded', data: { conversationId, userId, addedBy: by.id } }));
    }
    if (!state.isGroup) throw new ValidationFailed(['Only a group can be left; mute this conversation or block the person instead']);
    return [{ type: 'ParticipantLeft', data: { conversationId, userId: by.id } }];
  },
};

// ---- Messages: one stream each ----

export type MessageState =
  | { exists: false }
  | { exists: true; conversationId: number; senderId: number; deleted: boolean; reportedBy: ReadonlySet<number> };

/** A message's sanitised content, as the routes prepare it before deciding. */
export type MessageBody = { content: string; attachments: MediaItem[]; mentions: number[]; blank: boolean; textLength: number };

export type MessageCommand =
  | ({ type: 'send'; messageId: number; conversationId: number; by: Person; gate: SendGate } & MessageBody)
  | ({ type: 'edit'; messageId: number; by: Person } & MessageBody)
  | { type: 'delete'; messageId: number; by: Person }
  | { type: 'report'; messageId: number; by: Person; isParticipant: boolean };

/** Sending `body` with the sender's standing in the conversation; only its members can be mentioned. */
export function sendCommand(messageId: number, conversationId: number, by: Person, gate: SendGate, body: MessageBody): MessageCommand {
  const inIt = new Set(gate.peers.map((peer) => peer.userId));
  return { type: 'send', messageId, conversationId, by, gate, ...body, mentions: body.mentions.filter((id) => inIt.has(id)) };
}

function checkBody(body: MessageBody): void {
  if (body.blank && body.attachments.length === 0) throw new ValidationFailed([EMPTY]);
  if (body.textLength > MAX_MESSAGE_LENGTH) throw new ValidationFailed([messageTooLong]);
}

export const messageDecider: Decider<MessageState, MessageCommand, MessageEvent> = {
  initialState: { exists: false },
  evolve(state, event) {
    switch (event.type) {
      case 'MessageSent':
        return { exists: true, conversationId: event.data.conversationId, senderId: event.data.senderId, deleted: false, reportedBy: new Set() };
      case 'MessageDeleted':
        return state.exists ? { ...state, deleted: true } : state;
      case 'MessageReported':
        return state.exists ? { ...state, reportedBy: new Set([...state.reportedBy, event.data.reporterId]) } : state;
      default:
        return state;
    }
  },
  decide(command, state) {
    const { messageId, by } = command;
    if (command.type === 'send') {
      if (state.exists) throw new Conflict('This message exists already.');
      const { conversationId, gate } = command;
      if (!gate.isParticipant) throw new NotFound(NO_CONVERSATION);
      const refusal = sendRefusal(by, gate);
      if (refusal) throw new Forbidden(refusal);
      checkBody(command);
      const { content, attachments, mentions } = command;
      return [{ type: 'MessageSent', data: { conversationId, messageId, senderId: by.id, content, attachments, mentions } }];
    }
    if (!state.exists || state.deleted) throw new NotFound('No such message.');
    const { conversationId } = state;
    if (command.type === 'report') {
      if (!command.isParticipant) throw new NotFound('No such message.');
      if (state.senderId === by.id) throw new ValidationFailed(['You cannot report your own message']);
      if (state.reportedBy.has(by.id)) return [];
      return [{ type: 'MessageReported', data: { conversationId, messageId, reporterId: by.id, senderId: state.senderId } }];
    }
    if (state.senderId !== by.id) throw new Forbidden('Only its sender may change a message.');
    if (command.type === 'edit') {
      if (by.isReadOnly) throw new Forbidden(READ_ONLY);
      checkBody(command);
      const { content, attachments, mentions } = command;
      return [{ type: 'MessageEdited', data: { conversationId, messageId, content, attachments, mentions } }];
    }
    return [{ type: 'MessageDeleted', data: { conversationId, messageId } }];
  },
};

// ---- One reader's place in one conversation ----

export type InboxState = { lastRead: number; muted: boolean };

export type InboxCommand =
  | { type: 'read'; conversationId: number; userId: number; upTo: number; isParticipant: boolean; latestMessageId: number }
  | { type: 'mute'; conversationId: number; userId: number; muted: boolean; isParticipant: boolean };

export const inboxDecider: Decider<InboxState, InboxCommand, MessageEvent> = {
  initialState: { lastRead: 0, muted: false },
  evolve(state, event) {
    if (event.type === 'ConversationRead') return { ...state, lastRead: Math.max(state.lastRead, event.data.upToMessageId) };
    if (event.type === 'ConversationMuted') return { ...state, muted: event.data.muted };
    return state;
  },
  decide(command, state) {
    if (!command.isParticipant) throw new NotFound(NO_CONVERSATION);
    const { conversationId, userId } = command;
    if (command.type === 'mute') return command.muted === state.muted ? [] : [{ type: 'ConversationMuted', data: { conversationId, userId, muted: command.muted } }];
    // Marks only move forward, and never past what exists: a stale tab cannot unread a conversation.
    const upTo = Math.min(command.upTo, command.latestMessageId);
    if (upTo <= state.lastRead) return [];
    return [{ type: 'ConversationRead', data: { conversationId, userId, upToMessageId: upTo } }];
  },
};

// ---- A person's messaging choices ----

export type MessagingState = { blocked: ReadonlySet<number>; readReceipts: boolean | null; coldPitchProtection: boolean | null };

export type MessagingCommand =
  | { type: 'block'; userId: number; blockedId: number; reason: 'block' | 'spam' }
  | { type: 'unblock'; userId: number; blockedId: number }
  | { type: 'setPreferences'; userId: number; current: { readReceipts: boolean; coldPitchProtection: boolean }; changes: { readReceipts?: boolean; coldPitchProtection?: boolean } };

export const messagingDecider: Decider<MessagingState, MessagingCommand, MessageEvent> = {
  initialState: { blocked: new Set(), readReceipts: null, coldPitchProtection: null },
  evolve(state, event) {
    switch (event.type) {
      case 'PersonBlocked':
        return { ...state, blocked: new Set([...state.blocked, event.data.blockedId]) };
      case 'PersonUnblocked':
        return { ...state, blocked: new Set([...state.blocked].filter((id) => id !== event.data.blockedId)) };
      case 'MessagingPreferencesSet':
        return { ...state, readReceipts: event.data.readReceipts, coldPitchProtection: event.data.coldPitchProtection };
      default:
        return state;
    }
  },
  decide(command, state) {
    const { userId } = command;
    if (command.type === 'block') {
      if (command.blockedId === userId) throw new ValidationFailed(['You cannot block yourself']);
      return state.blocked.has(command.blockedId) ? [] : [{ type: 'PersonBlocked', data: { userId, blockedId: command.blockedId, reason: command.reason } }];
    }
    if (command.type === 'unblock') return state.blocked.has(command.blockedId) ? [{ type: 'PersonUnblocked', data: { userId, blockedId: command.blockedId } }] : [];
    const next = { ...command.current, ...command.changes };
    if (next.readReceipts === command.current.readReceipts && next.coldPitchProtection === command.current.coldPitchProtection) return [];
    return [{ type: 'MessagingPreferencesSet', data: { userId, ...next } }];
  },
};
