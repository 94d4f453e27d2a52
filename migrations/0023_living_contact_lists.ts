import { sql, type Kysely } from 'kysely';

/** A living list's saved search (ListCreated version 2, ListFilterChanged); null on a hand-made list. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table contact_lists add column filter jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table contact_lists drop column filter`.execute(db);
}
