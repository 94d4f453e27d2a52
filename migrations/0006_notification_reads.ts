import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Which notifications a person has read. Reading is not an event, so the notifications
  // processor cannot rebuild it from the log: the marks live here, outside its tables, and
  // name notifications by their ids, which the processor derives from log positions so that
  // a rebuild makes the same ids and can give each row its read time back.
  await sql`
    create table notification_reads (
      notification_id bigint primary key,
      recipient_id bigint not null,
      read_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table notification_reads`.execute(db);
}
