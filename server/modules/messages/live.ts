import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { conversationChanged, conversationSeen, messageChanged, messageSent, MessageEvent, unreadChanged } from '../../../contracts/messages/index.ts';
import { batchArray, preparedStatement } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import type { AnyEvent, StoredEvent } from '../../events/types.ts';
import { findMessages, isParticipant, sentMessageView, type SenderFacts } from './queries.ts';

export type MessagingMessage =
  | { event: 'message:sent'; rooms: string[]; payload: z.infer<typeof messageSent> }
  | { event: 'message:changed'; rooms: string[]; payload: z.infer<typeof messageChanged> }
  | { event: 'conversation:changed'; rooms: string[]; payload: z.infer<typeof conversationChanged> }
  | { event: 'conversation:seen'; rooms: string[]; payload: z.infer<typeof conversationSeen> }
  | { event: 'messages:unread'; rooms: string[]; payload: z.infer<typeof unreadChanged> };

export const conversationRoom = (conversationId: number) => `conversation:${conversationId}`;
const userRoom = (userId: number) => `user:${userId}`;

/** A conversation's room (typing) is for the people in it, as its HTTP query checks. */
export function mayJoinConversationRoom(db: Kysely<Database>, userId: number, conversationId: number): Promise<boolean> {
  return isParticipant(db, conversationId, userId);
}

type ConversationEvent = Exclude<MessageEvent, { type: 'PersonBlocked' | 'PersonUnblocked' | 'MessagingPreferencesSet' | 'MessageReported' }>;
const MESSAGE_EVENTS = new Set<string>(['ConversationStarted', 'ParticipantAdded', 'ParticipantLeft', 'MessageSent', 'MessageEdited', 'MessageDeleted', 'ConversationRead', 'ConversationMuted']);

type MemberRow = {
  conversation_id: number;
  user_id: number;
  unread_count: number;
  mentions_count: number;
  left_at: Date | null;
  read_receipts: boolean | null;
  total: number | null;
  mentions: number | null;
} & SenderFacts;

type Member = { userId: number; unreadCount: number; mentionsCount: number; left: boolean; readReceipts: boolean };

/**
 * What messaging events mean to open tabs, one list per event. Everything goes to the people's
 * own rooms (`user:{id}`, every tab they have open), never to a room anyone else could join.
 * The batch's messages, members and totals are read once for the whole batch; counts are as
 * they are when the processor gets there, so a later message never carries fewer.
 */
export async function messagingMessagesFor(db: Kysely<Database>, events: readonly StoredEvent<AnyEvent>[]): Promise<MessagingMessage[][]> {
  const ours = (events as readonly StoredEvent<ConversationEvent>[]).filter((event) => MESSAGE_EVENTS.has(event.type));
  if (ours.length === 0) return events.map(() => []);
  const conversationIds = [...new Set(ours.map((event) => event.data.conversationId))];
  // A message sent is shown as its event says, with its sender's facts read beside the members;
  // an edit or a delete is shown as the row is now.
  const messageIds = ours.flatMap((event) => (event.type === 'MessageEdited' || event.type === 'MessageDeleted' ? [event.data.messageId] : []));
  const [memberRows, messages] = await Promise.all([
    // Each member with their totals over every conversation they are in, in the same statement:
    // the totals of all of them in one grouped pass, where a sum per member scanned the whole
    // members table once for each while it was small enough for the planner to prefer a scan.
    // Written out, not built: the builder compiled it anew at every batch (3% of the server's
    // CPU sending messages).
    sql<MemberRow>`${preparedStatement('messages_live_members')}
      with batch_members as (select * from conversation_members where conversation_id in (select unnest(${batchArray(conversationIds, 'int8')})))
      select cm.conversation_id, cm.user_id, cm.unread_count, cm.mentions_count, cm.left_at, p.read_receipts, t.total, t.mentions, u.firstname, u.lastname, u.slug, u.logo
      from batch_members cm
      left join messaging_preferences p on p.user_id = cm.user_id
      left join (
        select o.user_id, sum(o.unread_count)::int as total, sum(o.mentions_count)::int as mentions
        from conversation_members o
        where o.user_id in (select user_id from batch_members) and o.left_at is null and o.muted = false
        group by o.user_id
      ) t on t.user_id = cm.user_id
      left join users u on u.id = cm.user_id`
      .execute(db)
      .then((result) => result.rows),
    findMessages(db, messageIds),
  ]);
  const members = new Map<number, Member[]>();
  const totals = new Map<number, { total: number; mentions: number }>();
  const senders = new Map<number, SenderFacts>();
  for (const row of memberRows) {
    const list = members.get(row.conversation_id) ?? [];
    list.push({ userId: row.user_id, unreadCount: row.unread_count, mentionsCount: row.mentions_count, left: row.left_at !== null, readReceipts: row.read_receipts ?? true });
    members.set(row.conversation_id, list);
    totals.set(row.user_id, { total: row.total ?? 0, mentions: row.mentions ?? 0 });
    senders.set(row.user_id, { firstname: row.firstname, lastname: row.lastname, slug: row.slug, logo: row.logo });
  }
  const totalsOf = (userId: number) => totals.get(userId) ?? { total: 0, mentions: 0 };

  return (events as readonly StoredEvent<ConversationEvent>[]).map((event): MessagingMessage[] => {
    if (!MESSAGE_EVENTS.has(event.type)) return [];
    const stamp = { cursor: `${event.transactionId}:${event.position}`, position: event.position };
    const { conversationId } = event.data;
    const inIt = members.get(conversationId) ?? [];
    const present = inIt.filter((member) => !member.left);
    const roomsOf = (list: readonly Member[]) => list.map((member) => userRoom(member.userId));
    const unread = (list: readonly Member[]): MessagingMessage[] =>
      list.map((member) => ({
        event: 'messages:unread',
        rooms: [userRoom(member.userId)],
        payload: { conversationId, unreadCount: member.left ? 0 : member.unreadCount, mentionsCount: member.left ? 0 : member.mentionsCount, totals: totalsOf(member.userId), ...stamp },
      }));
    switch (event.type) {
      case 'ConversationStarted':
        return [{ event: 'conversation:changed', rooms: roomsOf(present), payload: { conversationId, change: 'started', userId: event.data.startedBy, ...stamp } }];
      case 'ParticipantAdded':
        return [{ event: 'conversation:changed', rooms: roomsOf(present), payload: { conversationId, change: 'joined', userId: event.data.userId, ...stamp } }];
      case 'ParticipantLeft': {
        const leaver = inIt.filter((member) => member.userId === event.data.userId);
        return [{ event: 'conversation:changed', rooms: roomsOf([...present, ...leaver]), payload: { conversationId, change: 'left', userId: event.data.userId, ...stamp } }, ...unread(leaver)];
      }
      case 'MessageSent':
      case 'MessageEdited':
      case 'MessageDeleted': {
        const sender = event.type === 'MessageSent' ? senders.get(event.data.senderId) : undefined;
        const message = event.type === 'MessageSent' ? sender && sentMessageView(event, sender) : messages.get(event.data.messageId);
        if (!message) return [];
        const kind = event.type === 'MessageSent' ? 'message:sent' : 'message:changed';
        return [{ event: kind, rooms: roomsOf(present), payload: { conversationId, message, ...stamp } } as MessagingMessage, ...unread(present)];
      }
      case 'ConversationRead': {
        const { userId, upToMessageId } = event.data;
        const reader = present.filter((member) => member.userId === userId);
        const seen: MessagingMessage[] = reader[0]?.readReceipts
          ? [{ event: 'conversation:seen', rooms: roomsOf(present.filter((member) => member.userId !== userId)), payload: { conversationId, userId, messageId: upToMessageId, ...stamp } }]
          : [];
        return [...unread(reader), ...seen];
      }
      case 'ConversationMuted':
        return unread(present.filter((member) => member.userId === event.data.userId));
      default:
        return [];
    }
  });
}
