import { sql, type Kysely } from 'kysely';

/**
 * Interviews are found by their questions too (issue 16): title A, brief B, questions C. The
 * questions live in their own table and a generated column reads only its row, so the
 * interviews projection keeps their texts on the interview (`questions_text`), and the vector
 * stays a function of the row as the other read models' are (0015, 0021).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table interviews drop column search_vector`.execute(db);
  await sql`alter table interviews add column questions_text text not null default ''`.execute(db);
  await sql`
    update interviews i set questions_text = q.texts
    from (select interview_id, string_agg(text, E'\n' order by position, id) as texts from interview_questions group by interview_id) q
    where q.interview_id = i.id`.execute(db);
  await sql`
    alter table interviews add column search_vector tsvector generated always as (
      setweight(to_tsvector('english', title), 'A') ||
      setweight(to_tsvector('english', search_plain_text(brief)), 'B') ||
      setweight(to_tsvector('english', questions_text), 'C')
    ) stored`.execute(db);
  await sql`create index interviews_search on interviews using gin (search_vector)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table interviews drop column search_vector`.execute(db);
  await sql`alter table interviews drop column questions_text`.execute(db);
  await sql`
    alter table interviews add column search_vector tsvector generated always as (
      setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', search_plain_text(brief)), 'C')
    ) stored`.execute(db);
  await sql`create index interviews_search on interviews using gin (search_vector)`.execute(db);
}
