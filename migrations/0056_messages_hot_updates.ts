import { sql, type Kysely } from 'kysely';

/**
 * Sending a message updates its conversation's row and every member's unread count. With the
 * activity index and the unread columns carried in the members' index, each such update wrote a
 * new entry in every index of its table; without them it stays on its page (a HOT update).
 * The read model's foreign keys go too: the decider already refuses a message to a conversation
 * that does not exist, and the check ran once per message inserted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messages drop constraint messages_conversation_id_fkey`.execute(db);
  await sql`alter table conversation_members drop constraint conversation_members_conversation_id_fkey`.execute(db);
  await sql`drop index conversations_by_activity`.execute(db);
  await sql`drop index conversation_members_by_user`.execute(db);
  await sql`create index conversation_members_by_user on conversation_members (user_id) where left_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index conversation_members_by_user`.execute(db);
  await sql`create index conversation_members_by_user on conversation_members (user_id) include (unread_count, mentions_count, muted) where left_at is null`.execute(db);
  await sql`create index conversations_by_activity on conversations (last_activity_at desc, id desc)`.execute(db);
  await sql`alter table conversation_members add foreign key (conversation_id) references conversations (id)`.execute(db);
  await sql`alter table messages add foreign key (conversation_id) references conversations (id)`.execute(db);
}
