import { sql } from 'kysely';
import type { MessageEvent } from '../../../contracts/messages/index.ts';
import { batchArray, preparedStatement } from '../../db/connect.ts';
import type { StoredEvent, Tx } from '../../events/types.ts';
import { inRuns, type InlineProjection } from '../../projections/inline.ts';
import './tables.ts';

const FRESH = { left_at: null, last_read_message_id: 0, unread_count: 0, mentions_count: 0, sent_count: 0, muted: false };

export const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/**
 * Counts the unread messages (and those among them that mention the member) of the members of
 * a conversation, from their read mark. Exact because every write to one conversation holds
 * its row's lock (see routes.ts), so no message commits between the count and its row.
 */
async function recount(trx: Tx, conversationId: number, userId?: number): Promise<void> {
  await sql`
    update conversation_members m set
      unread_count = coalesce(c.unread, 0),
      mentions_count = coalesce(c.mentions, 0)
    from conversation_members me
    left join lateral (
      select count(*)::int as unread, count(*) filter (where me.user_id = any(x.mentions))::int as mentions
      from messages x
      where x.conversation_id = me.conversation_id and x.id > me.last_read_message_id and x.sender_id <> me.user_id and not x.is_deleted
    ) c on true
    where me.conversation_id = ${conversationId} and me.left_at is null ${userId === undefined ? sql`` : sql`and me.user_id = ${userId}`}
      and m.conversation_id = me.conversation_id and m.user_id = me.user_id`.execute(trx);
}

type Sent = StoredEvent<Extract<MessageEvent, { type: 'MessageSent' }>>;

/**
 * A run of messages sent together (group commit, sending.ts) in one statement, leaving the
 * tables as MessageSent one by one would: every message, each conversation's latest, and per
 * member, counts from their own latest message of the run on (read up to it, then one more
 * unread for each message after it by someone else, a mention too when named).
 */
async function applySent(trx: Tx, sent: readonly Sent[]): Promise<void> {
  const column = <T>(pick: (event: Sent) => T) => sent.map(pick);
  await sql`${preparedStatement('messages_sent')}
    with batch as (
      select * from unnest(${batchArray(column((e) => e.data.messageId), 'int8')}, ${batchArray(column((e) => e.data.conversationId), 'int8')}, ${batchArray(column((e) => e.data.senderId), 'int8')},
                           ${batchArray(column((e) => e.data.content), 'text')}, ${batchArray(column((e) => JSON.stringify(e.data.attachments)), 'text')},
                           ${batchArray(column((e) => JSON.stringify(e.data.mentions)), 'text')}, ${batchArray(column((e) => e.recordedAt.toISOString()), 'text')})
        with ordinality as b(id, conversation_id, sender_id, content, attachments, mentions, sent_at, ord)
    ),
    inserted as (
      insert into messages (id, conversation_id, sender_id, content, attachments, mentions, sent_at, edited_at, is_deleted)
      select id, conversation_id, sender_id, content, attachments::jsonb, array(select jsonb_array_elements_text(mentions::jsonb)::bigint), sent_at::timestamptz, null, false from batch
    ),
    latest as (
      select distinct on (conversation_id) conversation_id, id, sent_at from batch order by conversation_id, ord desc
    ),
    touched as (
      update conversations c set last_message_id = l.id, last_activity_at = l.sent_at::timestamptz from latest l where c.id = l.conversation_id
    ),
    own as (
      select m.conversation_id, m.user_id, count(b.id) as sent, max(b.ord) as last_ord, (array_agg(b.id order by b.ord desc))[1] as last_id
      from conversation_members m left join batch b on b.conversation_id = m.conversation_id and b.sender_id = m.user_id
      where m.left_at is null and m.conversation_id in (select conversation_id from latest)
      group by m.conversation_id, m.user_id
    ),
    changes as (
      select o.conversation_id, o.user_id, o.sent, o.last_id,
        count(b.id) as unread,
        count(b.id) filter (where b.mentions::jsonb @> to_jsonb(o.user_id)) as mentions
      from own o left join batch b on b.conversation_id = o.conversation_id and b.sender_id <> o.user_id and b.ord > coalesce(o.last_ord, 0)
      group by o.conversation_id, o.user_id, o.sent, o.last_id
    )
    update conversation_members m set
      unread_count = case when c.last_id is null then m.unread_count else 0 end + c.unread,
      mentions_count = case when c.last_id is null then m.mentions_count else 0 end + c.mentions,
      sent_count = m.sent_count + c.sent,
      last_read_message_id = coalesce(c.last_id, m.last_read_message_id)
    from changes c
    where m.conversation_id = c.conversation_id and m.user_id = c.user_id`.execute(trx);
}

/** Conversations, their members' read marks and unread counts, messages, blocks and choices. */
export const messagesProjection: InlineProjection<MessageEvent> = {
  name: 'messages',
  tables: ['message_reports', 'message_blocks', 'messaging_preferences', 'messages', 'conversation_members', 'conversations'],
  applyAll: inRuns({ MessageSent: (trx, events) => applySent(trx, events as Sent[]) }, (trx, event) => messagesProjection.apply(trx, event)),
  async apply(trx, event) {
    const at = event.recordedAt;
    switch (event.type) {
      case 'ConversationStarted': {
        const { conversationId, startedBy, participantIds, isGroup, title } = event.data;
        await trx
          .insertInto('conversations')
          .values({ id: conversationId, started_by: startedBy, is_group: isGroup, title, pair_key: isGroup ? null : pairKey(startedBy, participantIds[0]!), started_at: at, last_message_id: null, last_activity_at: at })
          .execute();
        await trx
          .insertInto('conversation_members')
          .values([startedBy, ...participantIds].map((userId) => ({ conversation_id: conversationId, user_id: userId, joined_at: at, ...FRESH })))
          .execute();
        return;
      }
      case 'ParticipantAdded': {
        const { conversationId, userId } = event.data;
        // Someone added joins with the history in view and nothing of it unread.
        const last = sql<number>`coalesce((select last_message_id from conversations where id = ${conversationId}), 0)`;
        await trx
          .insertInto('conversation_members')
          .values({ conversation_id: conversationId, user_id: userId, joined_at: at, ...FRESH, last_read_message_id: last })
          .onConflict((oc) => oc.columns(['conversation_id', 'user_id']).doUpdateSet({ left_at: null, joined_at: at, last_read_message_id: last, unread_count: 0, mentions_count: 0 }))
          .execute();
        await trx.updateTable('conversations').set({ last_activity_at: at }).where('id', '=', conversationId).execute();
        return;
      }
      case 'ParticipantLeft':
        await trx
          .updateTable('conversation_members')
          .set({ left_at: at, unread_count: 0, mentions_count: 0 })
          .where('conversation_id', '=', event.data.conversationId)
          .where('user_id', '=', event.data.userId)
          .execute();
        return;
      case 'MessageSent': {
        const { conversationId, messageId, senderId, content, attachments, mentions } = event.data;
        // One statement, one round trip: the message, the conversation's last activity, and for
        // everyone in it, one more unread (a mention too when named) or, for the sender, all read.
        await sql`
          with message as (
            insert into messages (id, conversation_id, sender_id, content, attachments, mentions, sent_at, edited_at, is_deleted)
            values (${messageId}, ${conversationId}, ${senderId}, ${content}, ${JSON.stringify(attachments)}::jsonb, ${sql.val(mentions)}::bigint[], ${at}, null, false)
          ),
          conversation as (
            update conversations set last_message_id = ${messageId}, last_activity_at = ${at} where id = ${conversationId}
          )
          update conversation_members set
            unread_count = case when user_id = ${senderId} then 0 else unread_count + 1 end,
            mentions_count = case when user_id = ${senderId} then 0 when user_id = any(${sql.val(mentions)}::bigint[]) then mentions_count + 1 else mentions_count end,
            sent_count = sent_count + (user_id = ${senderId})::int,
            last_read_message_id = case when user_id = ${senderId} then ${messageId} else last_read_message_id end
          where conversation_id = ${conversationId} and left_at is null`.execute(trx);
        return;
      }
      case 'MessageEdited': {
        const { conversationId, messageId, content, attachments, mentions } = event.data;
        await trx.updateTable('messages').set({ content, attachments: JSON.stringify(attachments), mentions, edited_at: at }).where('id', '=', messageId).execute();
        await recount(trx, conversationId);
        return;
      }
      case 'MessageDeleted': {
        const { conversationId, messageId } = event.data;
        // The words leave the read model; the log keeps them for the admins' audit.
        await trx.updateTable('messages').set({ is_deleted: true, content: '', attachments: '[]', mentions: [] }).where('id', '=', messageId).execute();
        await recount(trx, conversationId);
        return;
      }
      case 'MessageReported': {
        const { conversationId, messageId, reporterId, senderId } = event.data;
        await trx.insertInto('message_reports').values({ message_id: messageId, reporter_id: reporterId, sender_id: senderId, conversation_id: conversationId, reported_at: at }).execute();
        return;
      }
      case 'ConversationRead': {
        const { conversationId, userId, upToMessageId } = event.data;
        await trx
          .updateTable('conversation_members')
          .set({ last_read_message_id: sql`greatest(last_read_message_id, ${upToMessageId})` })
          .where('conversation_id', '=', conversationId)
          .where('user_id', '=', userId)
          .execute();
        await recount(trx, conversationId, userId);
        return;
      }
      case 'ConversationMuted':
        await trx.updateTable('conversation_members').set({ muted: event.data.muted }).where('conversation_id', '=', event.data.conversationId).where('user_id', '=', event.data.userId).execute();
        return;
      case 'PersonBlocked': {
        const { userId, blockedId, reason } = event.data;
        await trx.insertInto('message_blocks').values({ user_id: userId, blocked_id: blockedId, reason, blocked_at: at }).onConflict((oc) => oc.doNothing()).execute();
        return;
      }
      case 'PersonUnblocked':
        await trx.deleteFrom('message_blocks').where('user_id', '=', event.data.userId).where('blocked_id', '=', event.data.blockedId).execute();
        return;
      case 'MessagingPreferencesSet': {
        const { userId, readReceipts, coldPitchProtection } = event.data;
        await trx
          .insertInto('messaging_preferences')
          .values({ user_id: userId, read_receipts: readReceipts, cold_pitch_protection: coldPitchProtection })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ read_receipts: readReceipts, cold_pitch_protection: coldPitchProtection }))
          .execute();
        return;
      }
    }
  },
};
