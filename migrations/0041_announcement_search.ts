import { sql, type Kysely } from 'kysely';

/**
 * Announcements in the one search box: headline, subtitle, summary and body, kept by the row as
 * the other read models' are (0015). Only public ones are ever searched, so only they are indexed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table announcements add column search_vector tsvector generated always as (
      setweight(to_tsvector('english', headline), 'A') ||
      setweight(to_tsvector('english', subtitle || ' ' || summary), 'B') ||
      setweight(to_tsvector('english', search_plain_text(body)), 'C')
    ) stored`.execute(db);
  await sql`create index announcements_search on announcements using gin (search_vector) where is_public`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table announcements drop column search_vector`.execute(db);
}
