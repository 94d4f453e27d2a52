import { sql, type Kysely } from 'kysely';

/** Interviews in the one search box: title and brief, kept by the row as the other read models' are (0015). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table interviews add column search_vector tsvector generated always as (
      setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', search_plain_text(brief)), 'C')
    ) stored`.execute(db);
  await sql`create index interviews_search on interviews using gin (search_vector)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table interviews drop column search_vector`.execute(db);
}
