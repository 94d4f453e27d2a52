import { sql, type Kysely } from 'kysely';

/**
 * Search columns as stored generated columns of the read models: each row's tsvector is
 * computed from the row whenever its projection writes it, so a replay, which empties and
 * refills the tables, rebuilds them with the same values, and no projection had to change.
 * Weights: A for names and titles, B for the short fields beside them, C for bodies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Names and typos (trigram similarity); PGlite loads it from its contrib bundle (server/db/connect.ts).
  await sql`create extension if not exists pg_trgm`.execute(db);

  // Posts keep sanitised HTML: tags and the entities the sanitiser writes are not words.
  await sql`
    create function search_plain_text(html text) returns text
    language sql immutable parallel safe
    return replace(replace(replace(replace(replace(replace(
      regexp_replace(coalesce(html, ''), '<[^>]*>', ' ', 'g'),
      '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')`.execute(db);

  await sql`
    alter table posts add column search_vector tsvector generated always as (
      setweight(to_tsvector('english', coalesce(fields->>'title', '') || ' ' || coalesce(fields->>'name', '')), 'A') ||
      setweight(to_tsvector('english',
        coalesce(fields->>'summary', '') || ' ' || coalesce(fields->>'company', '') || ' ' || coalesce(fields->>'location', '') || ' ' ||
        coalesce(fields->>'venue', '') || ' ' || coalesce(fields->>'address', '')), 'B') ||
      setweight(to_tsvector('english', search_plain_text(coalesce(fields->>'content', '') || ' ' || coalesce(fields->>'description', ''))), 'C')
    ) stored`.execute(db);
  await sql`create index posts_search on posts using gin (search_vector) where not is_deleted`.execute(db);

  await sql`
    alter table users add column search_vector tsvector generated always as (
      setweight(to_tsvector('english', firstname || ' ' || lastname), 'A') || setweight(to_tsvector('english', coalesce(job_title, '')), 'B')
    ) stored`.execute(db);
  await sql`create index users_search on users using gin (search_vector)`.execute(db);
  await sql`create index users_name_trigrams on users using gin ((firstname || ' ' || lastname) gin_trgm_ops)`.execute(db);
  await sql`create index users_job_trigrams on users using gin (job_title gin_trgm_ops)`.execute(db);

  // A misspelt word of a name or job ("jouranlist" in "Investigative journalist") scores about
  // 0.45 by word similarity, under pg_trgm's default threshold of 0.6. The threshold is a
  // setting, so it is set on this function alone: nothing else sees it, and the index still serves.
  await sql`
    create function search_people_like(term text) returns table (user_id bigint)
    language sql stable parallel safe
    set pg_trgm.word_similarity_threshold = 0.4
    begin atomic
      select u.id from users u where (u.firstname || ' ' || u.lastname) %> term or u.job_title %> term;
    end`.execute(db);

  await sql`alter table user_profiles add column search_vector tsvector generated always as (setweight(to_tsvector('english', coalesce(organization, '')), 'C')) stored`.execute(db);
  await sql`create index user_profiles_search on user_profiles using gin (search_vector)`.execute(db);
  await sql`alter table beats add column search_vector tsvector generated always as (to_tsvector('english', name)) stored`.execute(db);
  await sql`create index user_beats_by_beat on user_beats (beat_id, user_id)`.execute(db);

  for (const table of ['companies', 'outlets']) {
    const site = table === 'companies' ? 'website' : 'url';
    await sql`
      alter table ${sql.table(table)} add column search_vector tsvector generated always as (
        setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('simple', domain || ' ' || ${sql.ref(site)}), 'B')
      ) stored`.execute(db);
    await sql`create index ${sql.id(`${table}_search`)} on ${sql.table(table)} using gin (search_vector)`.execute(db);
    await sql`create index ${sql.id(`${table}_name_trigrams`)} on ${sql.table(table)} using gin (name gin_trgm_ops)`.execute(db);
  }

  await sql`
    alter table communities add column search_vector tsvector generated always as (
      setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', search_plain_text(description)), 'C')
    ) stored`.execute(db);
  await sql`create index communities_search on communities using gin (search_vector)`.execute(db);
  await sql`create index communities_name_trigrams on communities using gin (name gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function search_people_like(text)`.execute(db);
  for (const table of ['communities', 'outlets', 'companies', 'beats', 'user_profiles', 'users', 'posts']) {
    await sql`alter table ${sql.table(table)} drop column search_vector`.execute(db);
  }
  await sql`drop index users_name_trigrams`.execute(db);
  await sql`drop index users_job_trigrams`.execute(db);
  await sql`drop index companies_name_trigrams`.execute(db);
  await sql`drop index outlets_name_trigrams`.execute(db);
  await sql`drop index communities_name_trigrams`.execute(db);
  await sql`drop index user_beats_by_beat`.execute(db);
  await sql`drop function search_plain_text(text)`.execute(db);
}
