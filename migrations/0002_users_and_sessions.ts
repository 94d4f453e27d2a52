import { sql, type Kysely } from 'kysely';
import { BEATS } from '../contracts/users/enums.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Ids of people and companies share one sequence: both are authors (spec section 3),
  // and an author id must say which one it is without a type beside it.
  await sql`create sequence contact_ids`.execute(db);
  await sql`create sequence account_ids`.execute(db);

  await sql`create table beats (id integer primary key, name text not null unique, color text not null)`.execute(db);
  for (const beat of BEATS) await sql`insert into beats (id, name, color) values (${beat.id}, ${beat.name}, ${beat.color})`.execute(db);

  // Read models of the user and account streams (inline projections).
  await sql`
    create table accounts (
      id bigint primary key,
      name text not null,
      company text not null,
      modules text[] not null default '{}',
      system boolean not null default false,
      created_at timestamptz not null
    )`.execute(db);
  await sql`
    create table users (
      id bigint primary key,
      email text not null,
      slug text not null,
      firstname text not null,
      lastname text not null,
      job_title text,
      logo text,
      logo_icon text,
      timezone text not null,
      roles text[] not null,
      account_id bigint references accounts (id),
      is_read_only boolean not null default false,
      is_managed boolean not null default false,
      two_factor boolean not null default false,
      onboarding text,
      created_at timestamptz not null
    )`.execute(db);
  // The email is unique however it is cased: the inline projection refuses a second sign-up
  // in the same transaction as its event, so a duplicate never reaches the log.
  await sql`create unique index users_email_unique on users (lower(email))`.execute(db);
  await sql`create unique index users_slug_unique on users (slug)`.execute(db);
  await sql`
    create table user_beats (
      user_id bigint not null references users (id),
      beat_id integer not null references beats (id),
      position integer not null,
      primary key (user_id, beat_id)
    )`.execute(db);

  // Secrets live outside the log, in plain tables. They name users without a foreign key:
  // users is a read model that a replay empties and rebuilds, and these must survive it.
  await sql`
    create table credentials (
      user_id bigint primary key,
      password_hash text not null,
      totp_secret text,
      totp_pending_secret text,
      totp_last_step bigint
    )`.execute(db);
  await sql`
    create table sessions (
      token_hash text primary key,
      user_id bigint not null,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      user_agent text,
      ip text
    )`.execute(db);
  await sql`create index sessions_user on sessions (user_id) where revoked_at is null`.execute(db);
  await sql`
    create table password_recoveries (
      id bigint generated always as identity primary key,
      user_id bigint not null,
      code_hash text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);

  // Mail is written in the transaction that causes it and delivered after commit.
  await sql`
    create table mail_outbox (
      id bigint generated always as identity primary key,
      to_address text not null,
      subject text not null,
      text_body text not null,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      attempts integer not null default 0,
      last_error text
    )`.execute(db);
  await sql`create index mail_outbox_pending on mail_outbox (id) where sent_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['mail_outbox', 'password_recoveries', 'sessions', 'credentials', 'user_beats', 'users', 'accounts', 'beats']) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
  await sql`drop sequence account_ids`.execute(db);
  await sql`drop sequence contact_ids`.execute(db);
}
