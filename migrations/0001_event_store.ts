import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table events (
      position bigint generated always as identity primary key,
      stream_id text not null,
      stream_version integer not null check (stream_version > 0),
      type text not null,
      schema_version smallint not null default 1,
      data jsonb not null,
      metadata jsonb not null,
      transaction_id xid8 not null default pg_current_xact_id(),
      recorded_at timestamptz not null default now(),
      unique (stream_id, stream_version)
    )`.execute(db);
  // The order every "all events" reader walks: commit-safe, see server/events/read-all.ts.
  await sql`create index events_transaction_order on events (transaction_id, position)`.execute(db);
  await sql`create index events_type on events (type)`.execute(db);

  await sql`
    create table processors (
      name text not null,
      version integer not null,
      state text not null check (state in ('catching_up', 'live', 'retired')),
      last_transaction_id xid8 not null default '0',
      last_position bigint not null default 0,
      paused boolean not null default false,
      error text,
      error_position bigint,
      updated_at timestamptz not null default now(),
      primary key (name, version)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table processors`.execute(db);
  await sql`drop table events`.execute(db);
}
