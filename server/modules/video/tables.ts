import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface VideosTable {
  id: number;
  owner_id: number;
  source_path: string;
  status: 'processing' | 'processed' | 'failed';
  master_path: string | null;
  quality_paths: ColumnType<Record<string, string>, string, string>;
  fallback_path: string | null;
  cover_path: string | null;
  duration: number | null;
  width: number | null;
  height: number | null;
  error: string | null;
  updated_at: Date;
}

export interface VideoJobsTable {
  video_id: number;
  attempts: ColumnType<number, number | undefined, number>;
  locked_by: string | null;
  locked_until: Date | null;
  created_at: ColumnType<Date, undefined, never>;
}

// The tables are this module's alone, so their types join the shared ones here.
export const withVideoTables = <D extends Database>(db: Kysely<D>) => db.withTables<{ videos: VideosTable; video_jobs: VideoJobsTable }>();
