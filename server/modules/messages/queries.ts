import { sql, type Kysely } from 'kysely';
import { CONVERSATIONS_PAGE, type ConversationView, type MessageEvent, type MessageView, type UnreadTotals } from '../../../contracts/messages/index.ts';
import type { MediaItem } from '../../../contracts/posts/media.ts';
import { batchArray, preparedStatement } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import type { StoredEvent } from '../../events/types.ts';
import { storedPlainText } from '../content/rich-text.ts';
import { isJournalist, protectionByDefault, sendRefusal, type Peer, type Person, type SendGate } from './permissions.ts';
import { pairKey } from './projection.ts';
import './tables.ts';

type Db = Kysely<Database>;

const personName = (row: { firstname: string | null; lastname: string | null }) => `${row.firstname ?? ''} ${row.lastname ?? ''}`.trim() || 'Former member';

/**
 * Takes the conversation's row lock for the rest of the transaction. Every write to a
 * conversation takes it first, so its messages, read marks and counts change one writer at a
 * time, and message ids (taken after it) rise in commit order within a conversation.
 */
export async function lockConversation(db: Db, conversationId: number): Promise<boolean> {
  const row = await db.selectFrom('conversations').select('id').where('id', '=', conversationId).forUpdate().executeTakeFirst();
  return row !== undefined;
}

export async function findDirectConversation(db: Db, a: number, b: number): Promise<number | null> {
  const key = a < b ? `${a}:${b}` : `${b}:${a}`;
  const row = await db.selectFrom('conversations').select('id').where('pair_key', '=', key).executeTakeFirst();
  return row ? row.id : null;
}

export async function isParticipant(db: Db, conversationId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('conversation_members').select('user_id').where('conversation_id', '=', conversationId).where('user_id', '=', userId).where('left_at', 'is', null).executeTakeFirst();
  return row !== undefined;
}

export async function participantIds(db: Db, conversationId: number): Promise<number[]> {
  const rows = await db.selectFrom('conversation_members').select('user_id').where('conversation_id', '=', conversationId).where('left_at', 'is', null).execute();
  return rows.map((row) => row.user_id);
}

/** People who exist among these ids. */
export async function existingPeople(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('users').select('id').where('id', 'in', [...ids]).execute();
  return new Set(rows.map((row) => row.id));
}

/** How these people stand towards `senderId`: blocks both ways, and whether they keep cold pitches out. */
export async function peersOf(db: Db, senderId: number, userIds: readonly number[], sentCounts: ReadonlyMap<number, number> = new Map()): Promise<Peer[]> {
  const others = [...new Set(userIds)].filter((id) => id !== senderId);
  if (others.length === 0) return [];
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('messaging_preferences as p', 'p.user_id', 'u.id')
    .select([
      'u.id',
      'u.roles',
      'p.cold_pitch_protection',
      sql<boolean>`exists (select 1 from message_blocks b where b.user_id = u.id and b.blocked_id = ${senderId})`.as('blocks_sender'),
      sql<boolean>`exists (select 1 from message_blocks b where b.user_id = ${senderId} and b.blocked_id = u.id)`.as('blocked_by_sender'),
    ])
    .where('u.id', 'in', others)
    .execute();
  return rows.map((row) => ({
    userId: row.id,
    sentCount: sentCounts.get(row.id) ?? 0,
    coldPitchProtected: row.cold_pitch_protection ?? protectionByDefault(row.roles),
    blocksSender: row.blocks_sender,
    blockedBySender: row.blocked_by_sender,
  }));
}

/** A locked conversation as sending needs it: its members, their counts, and whom each blocks. */
/** Who a message is from, as its view shows them. */
export type SenderFacts = { firstname: string | null; lastname: string | null; slug: string | null; logo: string | null };
type LockedMember = { userId: number; sentCount: number; coldPitchProtected: boolean; blocks: ReadonlySet<number>; sender: SenderFacts };
export type LockedConversation = { isGroup: boolean; members: Map<number, LockedMember> };

/** Where a sender stands in a locked conversation, as sendRefusal and the decider need it. */
export function sendGate(conversation: LockedConversation, senderId: number): SendGate {
  const self = conversation.members.get(senderId);
  const peers = self ? [...conversation.members.values()].filter((member) => member.userId !== senderId) : [];
  return {
    isParticipant: self !== undefined,
    isGroup: conversation.isGroup,
    sentCount: self?.sentCount ?? 0,
    peers: peers.map((peer) => ({
      userId: peer.userId,
      sentCount: peer.sentCount,
      coldPitchProtected: peer.coldPitchProtected,
      blocksSender: peer.blocks.has(senderId),
      blockedBySender: self!.blocks.has(peer.userId),
    })),
  };
}

/**
 * Takes the locks of these conversations (see lockConversation), in id order so that two
 * transactions never wait on each other, with `newIds` fresh message ids, in one statement.
 * Conversations that do not exist are missing from the map.
 */
export async function lockForSending(db: Db, conversationIds: readonly number[], newIds = 0): Promise<{ conversations: Map<number, LockedConversation>; messageIds: number[] }> {
  const { rows } = await sql<{ conversation_id: number; is_group: boolean; user_id: number | null; sent_count: number | null; roles: string[] | null; cold_pitch_protection: boolean | null; blocks: number[] | null; ids: string | null } & SenderFacts>`
    ${preparedStatement('messages_lock_for_sending')}
    select c.id as conversation_id, c.is_group, m.user_id, m.sent_count, u.roles, u.firstname, u.lastname, u.slug, u.logo, p.cold_pitch_protection,
      array(select b.blocked_id::int from message_blocks b where b.user_id = m.user_id) as blocks,
      -- Taken once, on every row: as text, which the driver does not parse, where only one row's is read.
      (select string_agg(nextval('message_ids')::text, ',') from generate_series(1, ${newIds}::int)) as ids
    from conversations c
    left join conversation_members m on m.conversation_id = c.id and m.left_at is null
    left join users u on u.id = m.user_id
    left join messaging_preferences p on p.user_id = m.user_id
    where c.id in (select unnest(${batchArray(conversationIds, 'int8')}))
    order by c.id
    for update of c`.execute(db);
  const conversations = new Map<number, LockedConversation>();
  for (const row of rows) {
    const conversation = conversations.get(row.conversation_id) ?? { isGroup: row.is_group, members: new Map<number, LockedMember>() };
    conversations.set(row.conversation_id, conversation);
    if (row.user_id === null) continue;
    conversation.members.set(row.user_id, {
      userId: row.user_id,
      sentCount: row.sent_count ?? 0,
      coldPitchProtected: row.cold_pitch_protection ?? protectionByDefault(row.roles ?? []),
      blocks: new Set(row.blocks ?? []),
      sender: { firstname: row.firstname, lastname: row.lastname, slug: row.slug, logo: row.logo },
    });
  }
  return { conversations, messageIds: rows[0]?.ids?.split(',').map(Number) ?? [] };
}

export async function latestMessageId(db: Db, conversationId: number): Promise<number> {
  const row = await db.selectFrom('conversations').select('last_message_id').where('id', '=', conversationId).executeTakeFirst();
  return row?.last_message_id ?? 0;
}

// ---- Views ----

function messagesWithSenders(db: Db) {
  return db
    .selectFrom('messages as m')
    .leftJoin('users as u', 'u.id', 'm.sender_id')
    .select(['m.id', 'm.conversation_id', 'm.sender_id', 'm.content', 'm.attachments', 'm.sent_at', 'm.edited_at', 'm.is_deleted', 'u.firstname', 'u.lastname', 'u.slug', 'u.logo']);
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof messagesWithSenders>['executeTakeFirstOrThrow']>>;

function toMessageView(row: MessageRow): MessageView {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    sender: senderOf(row.sender_id, row),
    content: row.content,
    attachments: (typeof row.attachments === 'string' ? JSON.parse(row.attachments) : row.attachments) as MediaItem[],
    sentAt: new Date(row.sent_at).toISOString(),
    editedAt: row.edited_at ? new Date(row.edited_at).toISOString() : null,
    isDeleted: row.is_deleted,
  };
}

const senderOf = (id: number, facts: SenderFacts): MessageView['sender'] => ({ id, name: personName(facts), slug: facts.slug ?? '', avatar: facts.logo, type: 'person' });

/** A message as it is the moment it is sent, from its event: what its row will say, with no read of it. */
export function sentMessageView(sent: StoredEvent<Extract<MessageEvent, { type: 'MessageSent' }>>, sender: SenderFacts): MessageView {
  const { messageId, conversationId, senderId, content, attachments } = sent.data;
  return { id: messageId, conversationId, sender: senderOf(senderId, sender), content, attachments, sentAt: sent.recordedAt.toISOString(), editedAt: null, isDeleted: false };
}

export async function findMessage(db: Db, messageId: number): Promise<MessageView | null> {
  const row = await messagesWithSenders(db).where('m.id', '=', messageId).executeTakeFirst();
  return row ? toMessageView(row) : null;
}

export async function findMessages(db: Db, messageIds: readonly number[]): Promise<Map<number, MessageView>> {
  if (messageIds.length === 0) return new Map();
  const rows = await messagesWithSenders(db).where('m.id', 'in', [...messageIds]).execute();
  return new Map(rows.map((row) => [row.id, toMessageView(row)]));
}

/** A page of a thread, newest first from `before` (exclusive). */
export async function listMessages(db: Db, conversationId: number, before: number | undefined, limit: number): Promise<{ messages: MessageView[]; hasMore: boolean }> {
  let query = messagesWithSenders(db).where('m.conversation_id', '=', conversationId);
  if (before !== undefined) query = query.where('m.id', '<', before);
  const rows = await query.orderBy('m.id', 'desc').limit(limit + 1).execute();
  return { messages: rows.slice(0, limit).map(toMessageView), hasMore: rows.length > limit };
}

export function lastLineOf(message: MessageView | null): string {
  if (!message) return '';
  if (message.isDeleted) return 'This message was deleted';
  const text = storedPlainText(message.content);
  if (text) return text.length > 140 ? `${text.slice(0, 139)}…` : text;
  return message.attachments.length > 0 ? 'Sent an attachment' : '';
}

/** Conversations as `viewer` sees them (their counts, their mark, whether they may write), in the order given. */
export async function conversationViews(db: Db, viewer: Person, conversationIds: readonly number[]): Promise<ConversationView[]> {
  if (conversationIds.length === 0) return [];
  const ids = [...conversationIds];
  const [conversations, members] = await Promise.all([
    db.selectFrom('conversations').selectAll().where('id', 'in', ids).execute(),
    db
      .selectFrom('conversation_members as cm')
      .leftJoin('users as u', 'u.id', 'cm.user_id')
      .leftJoin('messaging_preferences as p', 'p.user_id', 'cm.user_id')
      .select(['cm.conversation_id', 'cm.user_id', 'cm.left_at', 'cm.last_read_message_id', 'cm.unread_count', 'cm.mentions_count', 'cm.sent_count', 'cm.muted', 'u.firstname', 'u.lastname', 'u.slug', 'u.logo', 'u.roles', 'p.read_receipts'])
      .where('cm.conversation_id', 'in', ids)
      .orderBy('cm.joined_at')
      .orderBy('cm.user_id')
      .execute(),
  ]);
  const lastMessages = await findMessages(db, conversations.flatMap((row) => (row.last_message_id ? [row.last_message_id] : [])));
  const everyone = [...new Set(members.map((member) => member.user_id))];
  const peers = new Map((await peersOf(db, viewer.id, everyone)).map((peer) => [peer.userId, peer]));
  const byId = new Map(conversations.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const conversation = byId.get(id);
    if (!conversation) return [];
    const inIt = members.filter((member) => member.conversation_id === id);
    const mine = inIt.find((member) => member.user_id === viewer.id);
    const present = inIt.filter((member) => member.left_at === null);
    const gate: SendGate = {
      isParticipant: mine !== undefined && mine.left_at === null,
      isGroup: conversation.is_group,
      sentCount: mine?.sent_count ?? 0,
      peers: present.filter((member) => member.user_id !== viewer.id).map((member) => ({ ...peers.get(member.user_id)!, sentCount: member.sent_count })),
    };
    const lastMessage = conversation.last_message_id ? (lastMessages.get(conversation.last_message_id) ?? null) : null;
    return [
      {
        id,
        title: conversation.title,
        isGroup: conversation.is_group,
        participants: inIt.map((member) => ({
          id: member.user_id,
          name: personName(member),
          slug: member.slug ?? '',
          avatar: member.logo,
          isJournalist: isJournalist(member.roles ?? []),
          seenMessageId: member.read_receipts === false ? null : member.last_read_message_id,
          hasLeft: member.left_at !== null,
        })),
        lastMessage,
        lastLine: lastLineOf(lastMessage),
        lastActivityAt: new Date(conversation.last_activity_at).toISOString(),
        unreadCount: mine?.unread_count ?? 0,
        mentionsCount: mine?.mentions_count ?? 0,
        lastReadMessageId: mine?.last_read_message_id ?? 0,
        muted: mine?.muted ?? false,
        cannotSend: gate.isParticipant ? sendRefusal(viewer, gate) : 'You are no longer in this conversation',
      },
    ];
  });
}

/** The conversation if `viewer` is in it (or was: a group they left stays readable up to then), else null. */
export async function findConversation(db: Db, viewer: Person, conversationId: number): Promise<ConversationView | null> {
  const member = await db.selectFrom('conversation_members').select('user_id').where('conversation_id', '=', conversationId).where('user_id', '=', viewer.id).where('left_at', 'is', null).executeTakeFirst();
  if (!member) return null;
  return (await conversationViews(db, viewer, [conversationId]))[0] ?? null;
}

/** The viewer's conversations, newest activity first. */
export async function listConversations(db: Db, viewer: Person, before: string | undefined): Promise<{ conversations: ConversationView[]; next: string | null }> {
  let query = db
    .selectFrom('conversation_members as cm')
    .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
    .select(['c.id', 'c.last_activity_at'])
    .where('cm.user_id', '=', viewer.id)
    .where('cm.left_at', 'is', null);
  if (before) {
    const [at, id] = before.split('_') as [string, string];
    query = query.where(sql<boolean>`(c.last_activity_at, c.id) < (${new Date(at)}, ${Number(id)})`);
  }
  const rows = await query.orderBy('c.last_activity_at', 'desc').orderBy('c.id', 'desc').limit(CONVERSATIONS_PAGE + 1).execute();
  const page = rows.slice(0, CONVERSATIONS_PAGE);
  const last = page.at(-1);
  return {
    conversations: await conversationViews(db, viewer, page.map((row) => row.id)),
    next: rows.length > CONVERSATIONS_PAGE && last ? `${new Date(last.last_activity_at).toISOString()}_${last.id}` : null,
  };
}

/** The messages badge: unread messages in conversations one has not muted, and mentions among them. */
export async function unreadTotals(db: Db, userId: number): Promise<UnreadTotals> {
  const row = await db
    .selectFrom('conversation_members')
    .select([sql<number>`coalesce(sum(unread_count), 0)::int`.as('total'), sql<number>`coalesce(sum(mentions_count), 0)::int`.as('mentions')])
    .where('user_id', '=', userId)
    .where('left_at', 'is', null)
    .where('muted', '=', false)
    .executeTakeFirstOrThrow();
  return { total: row.total, mentions: row.mentions };
}

export async function unreadOf(db: Db, conversationId: number, userId: number): Promise<{ unreadCount: number; mentionsCount: number }> {
  const row = await db.selectFrom('conversation_members').select(['unread_count', 'mentions_count']).where('conversation_id', '=', conversationId).where('user_id', '=', userId).executeTakeFirst();
  return { unreadCount: row?.unread_count ?? 0, mentionsCount: row?.mentions_count ?? 0 };
}

export async function preferencesOf(db: Db, userId: number): Promise<{ readReceipts: boolean; coldPitchProtection: boolean }> {
  const row = await db.selectFrom('users as u').leftJoin('messaging_preferences as p', 'p.user_id', 'u.id').select(['u.roles', 'p.read_receipts', 'p.cold_pitch_protection']).where('u.id', '=', userId).executeTakeFirst();
  return { readReceipts: row?.read_receipts ?? true, coldPitchProtection: row?.cold_pitch_protection ?? protectionByDefault(row?.roles ?? []) };
}

export async function listBlocked(db: Db, userId: number) {
  const rows = await db
    .selectFrom('message_blocks as b')
    .leftJoin('users as u', 'u.id', 'b.blocked_id')
    .select(['b.blocked_id', 'u.firstname', 'u.lastname', 'u.slug', 'u.logo'])
    .where('b.user_id', '=', userId)
    .orderBy('b.blocked_at', 'desc')
    .execute();
  return rows.map((row) => ({ id: row.blocked_id, name: personName(row), slug: row.slug ?? '', avatar: row.logo }));
}

/** What the admins review: each message reported as spam, newest first. */
export async function listSpamReports(db: Db) {
  const rows = await db
    .selectFrom('message_reports as r')
    .leftJoin('users as reporter', 'reporter.id', 'r.reporter_id')
    .leftJoin('users as sender', 'sender.id', 'r.sender_id')
    .select([
      'r.message_id',
      'r.conversation_id',
      'r.reporter_id',
      'r.sender_id',
      'r.reported_at',
      'reporter.firstname as reporter_firstname',
      'reporter.lastname as reporter_lastname',
      'reporter.slug as reporter_slug',
      'reporter.logo as reporter_logo',
      'sender.firstname as sender_firstname',
      'sender.lastname as sender_lastname',
      'sender.slug as sender_slug',
      'sender.logo as sender_logo',
    ])
    .orderBy('r.reported_at', 'desc')
    .limit(200)
    .execute();
  // The words as sent, from the log: a reported message deleted afterwards is still judged by what it said.
  const sent = rows.length === 0 ? { rows: [] } : await sql<{ id: number; content: string }>`
    select (data->>'messageId')::bigint as id, data->>'content' as content from events
    where type = 'MessageSent' and stream_id in (${sql.join(rows.map((row) => `message-${row.message_id}`))})`.execute(db);
  const contents = new Map(sent.rows.map((row) => [Number(row.id), row.content]));
  return rows.map((row) => ({
    messageId: row.message_id,
    conversationId: row.conversation_id,
    reporter: { id: row.reporter_id, name: personName({ firstname: row.reporter_firstname, lastname: row.reporter_lastname }), slug: row.reporter_slug ?? '', avatar: row.reporter_logo },
    sender: { id: row.sender_id, name: personName({ firstname: row.sender_firstname, lastname: row.sender_lastname }), slug: row.sender_slug ?? '', avatar: row.sender_logo },
    content: contents.get(row.message_id) ?? '',
    reportedAt: new Date(row.reported_at).toISOString(),
  }));
}

/** A message of a direct conversation, as a line of someone's activity. */
export type MessageLine = { id: number; conversationId: number; senderId: number; recipientId: number; text: string; sentAt: Date };

/**
 * The messages of the direct conversations between `personId` and any of `peopleIds` (an
 * account's people), newest first, sent before `before`. Group conversations stay their
 * members' own.
 */
export async function directMessageLines(db: Db, personId: number, peopleIds: readonly number[], before: Date | null, limit: number): Promise<MessageLine[]> {
  const keys = peopleIds.filter((id) => id !== personId).map((id) => pairKey(id, personId));
  if (keys.length === 0) return [];
  const { rows } = await sql<{ id: number; conversation_id: number; sender_id: number; pair_key: string; content: string; sent_at: Date }>`
    select m.id, m.conversation_id, m.sender_id, c.pair_key, m.content, m.sent_at
    from conversations c join messages m on m.conversation_id = c.id
    where c.pair_key = any(${keys}::text[]) and not c.is_group and not m.is_deleted
      ${before ? sql`and m.sent_at < ${before}` : sql``}
    order by m.sent_at desc, m.id desc
    limit ${limit}`.execute(db);
  return rows.map((row) => {
    const senderId = Number(row.sender_id);
    const [a, b] = row.pair_key.split(':').map(Number) as [number, number];
    return { id: Number(row.id), conversationId: Number(row.conversation_id), senderId, recipientId: senderId === a ? b : a, text: storedPlainText(row.content), sentAt: row.sent_at };
  });
}
