import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence monitor_ids`.execute(db);
  // Read model of the monitor streams and their mentions (inline projection). Every row names
  // its account: nothing here is read except through it.
  await sql`
    create table monitors (
      id bigint primary key,
      account_id bigint not null,
      name text not null,
      query text not null,
      sources text[] not null,
      beats text[] not null,
      outlets text[] not null,
      countries text[] not null,
      email_digest boolean not null,
      created_by bigint not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      mentions_count int not null default 0,
      last_mention_at timestamptz
    )`.execute(db);
  await sql`create index monitors_of_account on monitors (account_id, id)`.execute(db);
  await sql`
    create table mentions (
      monitor_id bigint not null,
      account_id bigint not null,
      source text not null,
      source_id text not null,
      title text not null,
      summary text not null,
      link text,
      outlet text,
      beats text[] not null,
      country text,
      published_at timestamptz not null,
      matched_at timestamptz not null,
      primary key (monitor_id, source, source_id)
    )`.execute(db);
  // A monitor's page, its chart and its reports: newest first, or a range of days.
  await sql`create index mentions_of_monitor on mentions (monitor_id, matched_at desc, source, source_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table mentions`.execute(db);
  await sql`drop table monitors`.execute(db);
  await sql`drop sequence monitor_ids`.execute(db);
}
