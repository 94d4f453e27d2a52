import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The addresses an account must not write to, kept apart from the contacts they came from so
  // that deleting a contact and importing it again does not open it up (contacts projection).
  await sql`
    create table contact_suppressions (
      account_id bigint not null,
      email text not null,
      since timestamptz not null,
      primary key (account_id, email)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table contact_suppressions`.execute(db);
}
