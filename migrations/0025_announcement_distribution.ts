import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Who an announcement is sent to, as its stream last said (AnnouncementAudienceSet).
  await sql`alter table announcements add column audience jsonb not null default '{"lists":[],"subscribers":false,"addresses":[]}'`.execute(db);

  // A newsroom's readers by email, with double opt-in: pending until the mailed link is followed.
  await sql`
    create table newsroom_subscribers (
      id bigint generated always as identity primary key,
      newsroom_id bigint not null,
      email text not null,
      status text not null,
      code_hash text not null,
      created_at timestamptz not null default now(),
      confirmed_at timestamptz
    )`.execute(db);
  await sql`create unique index newsroom_subscribers_address on newsroom_subscribers (newsroom_id, lower(email))`.execute(db);
  await sql`create unique index newsroom_subscribers_code on newsroom_subscribers (code_hash)`.execute(db);

  // The send queue: each recipient of an announcement once (unique address), in batches that a
  // sender claims for a lease; a recipient is marked the moment the relay accepts its message,
  // so a sender that dies leaves only what it had not handed over.
  await sql`
    create table distribution_batches (
      id bigint generated always as identity primary key,
      announcement_id bigint not null,
      status text not null,
      size integer not null,
      attempts integer not null default 0,
      lease_until timestamptz,
      last_error text,
      created_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`create index distribution_batches_waiting on distribution_batches (id) where status <> 'sent'`.execute(db);
  await sql`create index distribution_batches_of on distribution_batches (announcement_id, id)`.execute(db);
  await sql`
    create table distribution_recipients (
      id bigint generated always as identity primary key,
      announcement_id bigint not null,
      batch_id bigint not null,
      email text not null,
      name text not null,
      source text not null,
      status text not null,
      message_id text,
      last_error text,
      sent_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index distribution_recipients_once on distribution_recipients (announcement_id, lower(email))`.execute(db);
  await sql`create index distribution_recipients_of_batch on distribution_recipients (batch_id, id)`.execute(db);

  // Addresses the relay refused for good, and those that asked an account to stop writing.
  await sql`create table mail_bounces (email text primary key, reason text not null, at timestamptz not null default now())`.execute(db);
  await sql`
    create table distribution_unsubscribes (
      account_id bigint not null,
      email text not null,
      at timestamptz not null default now(),
      primary key (account_id, email)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['distribution_unsubscribes', 'mail_bounces', 'distribution_recipients', 'distribution_batches', 'newsroom_subscribers']) await sql`drop table ${sql.id(table)}`.execute(db);
  await sql`alter table announcements drop column audience`.execute(db);
}
