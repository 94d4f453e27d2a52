import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The video read model: one row per video stream (`video-{id}`), id shared with its upload.
  // Paths are public paths under /uploads; null until the video is processed.
  await sql`
    create table videos (
      id bigint primary key,
      owner_id bigint not null,
      source_path text not null,
      status text not null check (status in ('processing', 'processed', 'failed')),
      master_path text,
      quality_paths jsonb not null default '{}',
      fallback_path text,
      cover_path text,
      duration double precision,
      width integer,
      height integer,
      error text,
      updated_at timestamptz not null
    )`.execute(db);

  // Transcodes waiting or running. Not a read model: a row is written in the transaction that
  // appends VideoUploaded and deleted in the one that appends VideoProcessed or VideoFailed, so
  // a replay of the log never queues a transcode again. A worker holds a row by its lease
  // (`locked_until`), renewed while ffmpeg runs; a lease that ran out belongs to a dead worker.
  await sql`
    create table video_jobs (
      video_id bigint primary key,
      attempts integer not null default 0,
      locked_by text,
      locked_until timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index video_jobs_claimable on video_jobs (locked_until nulls first, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table video_jobs`.execute(db);
  await sql`drop table videos`.execute(db);
}
