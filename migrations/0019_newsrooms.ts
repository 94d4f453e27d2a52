import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const name of ['newsroom_ids', 'newsroom_access_ids']) await sql`create sequence ${sql.id(name)}`.execute(db);

  // Read models of the newsroom streams (inline projection).
  await sql`
    create table newsrooms (
      id bigint primary key,
      company_id bigint not null,
      account_id bigint not null,
      slug text not null,
      name text not null,
      logo_id bigint,
      logo_path text,
      brand_colour text,
      about text not null,
      press_contacts bigint[] not null default '{}',
      links jsonb not null default '{}',
      languages text[] not null default '{}',
      is_public boolean not null,
      created_by bigint not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create unique index newsrooms_by_slug on newsrooms (slug)`.execute(db);
  await sql`create index newsrooms_public on newsrooms (lower(name), id) where is_public`.execute(db);
  await sql`create index newsrooms_of_account on newsrooms (account_id)`.execute(db);
  await sql`create index newsrooms_of_company on newsrooms (company_id)`.execute(db);

  // People outside the running account who may edit a newsroom, confirmed by a mailed link.
  await sql`
    create table newsroom_managers (
      newsroom_id bigint not null,
      user_id bigint not null,
      request_id bigint not null,
      granted_at timestamptz not null,
      primary key (newsroom_id, user_id)
    )`.execute(db);
  await sql`create index newsroom_managers_of_user on newsroom_managers (user_id)`.execute(db);

  // The links' secrets, hashed: kept out of the log (like password recoveries), so a replay
  // leaves them be.
  await sql`
    create table newsroom_access_links (
      -- One request mails a link to each admin; the first followed spends them all.
      request_id bigint not null,
      newsroom_id bigint not null,
      user_id bigint not null,
      code_hash text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`create unique index newsroom_access_links_by_hash on newsroom_access_links (code_hash)`.execute(db);
  await sql`create index newsroom_access_links_of_request on newsroom_access_links (request_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['newsroom_access_links', 'newsroom_managers', 'newsrooms']) await sql`drop table ${sql.id(table)}`.execute(db);
  for (const name of ['newsroom_access_ids', 'newsroom_ids']) await sql`drop sequence ${sql.id(name)}`.execute(db);
}
