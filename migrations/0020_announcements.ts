import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence announcement_ids`.execute(db);

  // Read model of the announcement streams (inline projection). `due_at` is when its stream has
  // something to do by itself (publish on schedule, lift its embargo): a function of the log, so a
  // replay rebuilds it, and the row a scheduler claims with SKIP LOCKED.
  await sql`
    create table announcements (
      id bigint primary key,
      newsroom_id bigint not null,
      account_id bigint not null,
      status text not null,
      headline text not null,
      subtitle text not null,
      body text not null,
      summary text not null,
      header_image jsonb,
      gallery jsonb not null default '[]',
      video_id bigint,
      attachments jsonb not null default '[]',
      beats integer[] not null default '{}',
      language text not null,
      embargo_until timestamptz,
      tracking boolean not null,
      publish_at timestamptz,
      published_at timestamptz,
      public_at timestamptz,
      is_public boolean not null default false,
      due_at timestamptz,
      created_by bigint not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index announcements_of_newsroom on announcements (newsroom_id, public_at desc) where is_public`.execute(db);
  await sql`create index announcements_public on announcements (public_at desc, id desc) where is_public`.execute(db);
  await sql`create index announcements_of_account on announcements (account_id, updated_at desc)`.execute(db);
  await sql`create index announcements_due on announcements (due_at) where due_at is not null`.execute(db);

  // Secret preview links of drafts, hashed; out of the log like the newsrooms' access links. One
  // per announcement: a new one replaces (revokes) the last.
  await sql`
    create table announcement_preview_links (
      announcement_id bigint primary key,
      code_hash text not null,
      created_by bigint not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index announcement_preview_links_by_hash on announcement_preview_links (code_hash)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['announcement_preview_links', 'announcements']) await sql`drop table ${sql.id(table)}`.execute(db);
  await sql`drop sequence announcement_ids`.execute(db);
}
