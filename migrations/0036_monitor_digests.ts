import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Mentions matched up to this instant went out in a monitor's daily email (null: none yet, the
  // monitor's creation stands for it). The mailer claims the monitors whose day has passed.
  await sql`alter table monitors add column digest_through timestamptz`.execute(db);
  await sql`create index monitors_digest_due on monitors (coalesce(digest_through, created_at)) where email_digest`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table monitors drop column digest_through`.execute(db);
}
