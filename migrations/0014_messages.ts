import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const name of ['conversation_ids', 'message_ids']) await sql`create sequence ${sql.id(name)}`.execute(db);

  // Read models of the conversation, message, inbox and messaging streams (inline projection).
  await sql`
    create table conversations (
      id bigint primary key,
      started_by bigint not null,
      is_group boolean not null,
      title text,
      -- A direct conversation's two people, smaller id first: at most one conversation per pair.
      pair_key text unique,
      started_at timestamptz not null,
      last_message_id bigint,
      last_activity_at timestamptz not null
    )`.execute(db);
  await sql`
    create table conversation_members (
      conversation_id bigint not null references conversations (id),
      user_id bigint not null,
      joined_at timestamptz not null,
      left_at timestamptz,
      last_read_message_id bigint not null default 0,
      unread_count integer not null default 0 check (unread_count >= 0),
      mentions_count integer not null default 0 check (mentions_count >= 0),
      sent_count integer not null default 0 check (sent_count >= 0),
      muted boolean not null default false,
      primary key (conversation_id, user_id)
    )`.execute(db);
  await sql`create index conversation_members_by_user on conversation_members (user_id) include (unread_count, mentions_count, muted) where left_at is null`.execute(db);
  await sql`
    create table messages (
      id bigint primary key,
      conversation_id bigint not null references conversations (id),
      sender_id bigint not null,
      content text not null,
      attachments jsonb not null,
      mentions bigint[] not null,
      sent_at timestamptz not null,
      edited_at timestamptz,
      is_deleted boolean not null default false
    )`.execute(db);
  await sql`create index messages_by_conversation on messages (conversation_id, id desc)`.execute(db);
  await sql`create index conversations_by_activity on conversations (last_activity_at desc, id desc)`.execute(db);
  await sql`
    create table messaging_preferences (
      user_id bigint primary key,
      read_receipts boolean not null,
      cold_pitch_protection boolean not null
    )`.execute(db);
  await sql`
    create table message_blocks (
      user_id bigint not null,
      blocked_id bigint not null,
      reason text not null check (reason in ('block', 'spam')),
      blocked_at timestamptz not null,
      primary key (user_id, blocked_id)
    )`.execute(db);
  await sql`create index message_blocks_by_blocked on message_blocks (blocked_id, user_id)`.execute(db);
  await sql`
    create table message_reports (
      message_id bigint not null,
      reporter_id bigint not null,
      sender_id bigint not null,
      conversation_id bigint not null,
      reported_at timestamptz not null,
      primary key (message_id, reporter_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['message_reports', 'message_blocks', 'messaging_preferences', 'messages', 'conversation_members', 'conversations']) await sql`drop table ${sql.id(table)}`.execute(db);
  for (const name of ['message_ids', 'conversation_ids']) await sql`drop sequence ${sql.id(name)}`.execute(db);
}
