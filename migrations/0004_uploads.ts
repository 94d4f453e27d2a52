import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A plain table, not a stream: a file's bytes are not a domain fact and cannot be
  // replayed from the log, so its row lives beside the file and survives a replay. What
  // people do with an upload (a post or comment naming it) is the event.
  //
  // Status has no column default because a default cannot depend on kind: the insert
  // names it (images processed, videos processing until the video pipeline exists), and
  // the check keeps an image from ever waiting on a pipeline it does not go through.
  await sql`
    create table uploads (
      id bigint generated always as identity primary key,
      owner_id bigint not null,
      kind text not null check (kind in ('image', 'video')),
      mime text not null,
      size_bytes bigint not null,
      path text not null unique,
      thumbnail_path text,
      width integer,
      height integer,
      status text not null check (status in ('processing', 'processed')),
      original_name text not null,
      created_at timestamptz not null default now(),
      check (kind = 'video' or status = 'processed')
    )`.execute(db);
  await sql`create index uploads_owner on uploads (owner_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table uploads`.execute(db);
}
