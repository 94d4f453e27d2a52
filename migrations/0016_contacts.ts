import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const name of ['contact_record_ids', 'contact_note_ids', 'contact_list_ids']) await sql`create sequence ${sql.id(name)}`.execute(db);

  // array_to_string is only stable (some element types print by settings); for text it is
  // not, and a generated column needs a function that says so.
  await sql`create function contact_words(words text[]) returns text language sql immutable parallel safe return array_to_string(words, ' ')`.execute(db);

  // Read models of the contact and contact-list streams (inline projection). Every row names
  // its account: nothing here is read except through it.
  await sql`
    create table contacts (
      id bigint primary key,
      account_id bigint not null,
      -- A person on the platform; their profile fields are read from it, never copied, except
      -- their name, kept here (and followed on NameChanged) so the directory sorts on one index.
      user_id bigint,
      name text not null,
      job_title text,
      outlets text[] not null default '{}',
      companies text[] not null default '{}',
      beats integer[] not null default '{}',
      emails text[] not null default '{}',
      phones jsonb not null default '{}',
      links jsonb not null default '{}',
      addresses jsonb not null default '{}',
      timezone text,
      country text,
      tags text[] not null default '{}',
      do_not_contact boolean not null default false,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      -- 'simple', unstemmed: these are names, and every word typed is matched as a prefix.
      search_vector tsvector generated always as (
        setweight(to_tsvector('simple', name), 'A') ||
        setweight(to_tsvector('simple', coalesce(job_title, '') || ' ' || contact_words(outlets) || ' ' || contact_words(companies)), 'B') ||
        setweight(to_tsvector('simple', contact_words(tags) || ' ' || contact_words(emails)), 'C')
      ) stored
    )`.execute(db);
  await sql`create unique index contacts_person on contacts (account_id, user_id) where user_id is not null`.execute(db);
  await sql`create index contacts_by_name on contacts (account_id, lower(name), id)`.execute(db);
  await sql`create index contacts_by_update on contacts (account_id, updated_at desc, id desc)`.execute(db);
  await sql`create index contacts_of_person on contacts (user_id) where user_id is not null`.execute(db);
  await sql`create index contacts_search on contacts using gin (search_vector)`.execute(db);
  await sql`create index contacts_name_trigrams on contacts using gin (name gin_trgm_ops)`.execute(db);
  for (const column of ['emails', 'tags', 'outlets', 'beats']) {
    await sql`create index ${sql.id(`contacts_${column}`)} on contacts using gin (${sql.ref(column)})`.execute(db);
  }
  await sql`create index contacts_by_country on contacts (account_id, country)`.execute(db);

  await sql`
    create table contact_notes (
      id bigint primary key,
      contact_id bigint not null,
      account_id bigint not null,
      author_id bigint not null,
      text text not null,
      created_at timestamptz not null,
      edited_at timestamptz
    )`.execute(db);
  await sql`create index contact_notes_of_contact on contact_notes (contact_id, id)`.execute(db);
  await sql`
    create table contact_note_revisions (
      note_id bigint not null,
      text text not null,
      replaced_at timestamptz not null
    )`.execute(db);
  await sql`create index contact_note_revisions_of_note on contact_note_revisions (note_id, replaced_at)`.execute(db);

  await sql`
    create table contact_lists (
      id bigint primary key,
      account_id bigint not null,
      name text not null,
      description text not null,
      created_by bigint not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index contact_lists_of_account on contact_lists (account_id, lower(name), id)`.execute(db);
  await sql`
    create table contact_list_members (
      list_id bigint not null,
      contact_id bigint not null,
      position integer not null,
      added_at timestamptz not null,
      primary key (list_id, contact_id)
    )`.execute(db);
  await sql`create index contact_list_members_of_contact on contact_list_members (contact_id)`.execute(db);
  await sql`create index contact_list_members_in_order on contact_list_members (list_id, position)`.execute(db);

  await sql`
    create table contact_not_duplicates (
      account_id bigint not null,
      contact_id bigint not null,
      other_id bigint not null,
      primary key (contact_id, other_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['contact_not_duplicates', 'contact_list_members', 'contact_lists', 'contact_note_revisions', 'contact_notes', 'contacts']) await sql`drop table ${sql.id(table)}`.execute(db);
  for (const name of ['contact_list_ids', 'contact_note_ids', 'contact_record_ids']) await sql`drop sequence ${sql.id(name)}`.execute(db);
  await sql`drop function contact_words(text[])`.execute(db);
}
