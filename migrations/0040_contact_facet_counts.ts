import { sql, type Kysely } from 'kysely';

/**
 * How many of an account's private contacts (those not linked to a person on the platform) hold
 * each value of each directory filter, and how many of those have an email address: the
 * directory's total for no filter or one filter is a row here instead of a count of up to
 * 100,000 rows. `facet` is 'all' (value ''), 'beat', 'outlet', 'country' or 'tag'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A contact's values of each filter, once each: the table's rows it counts in.
  await sql`
    create function contact_facets(beats integer[], outlets text[], country text, tags text[]) returns table (facet text, value text)
    language sql immutable parallel safe as $$
      select 'all', ''
      union select 'beat', b::text from unnest(beats) b
      union select 'outlet', o from unnest(outlets) o
      union select 'country', country where country is not null
      union select 'tag', t from unnest(tags) t
    $$`.execute(db);
  await sql`
    create table contact_facet_counts (
      account_id bigint not null,
      facet text not null,
      value text not null,
      contacts integer not null,
      with_email integer not null,
      primary key (account_id, facet, value)
    )`.execute(db);
  await sql`
    insert into contact_facet_counts (account_id, facet, value, contacts, with_email)
    select c.account_id, f.facet, f.value, count(*), count(*) filter (where cardinality(c.emails) > 0)
    from contacts c cross join lateral contact_facets(c.beats, c.outlets, c.country, c.tags) f
    where c.user_id is null
    group by 1, 2, 3`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table contact_facet_counts`.execute(db);
  await sql`drop function contact_facets(integer[], text[], text, text[])`.execute(db);
}
