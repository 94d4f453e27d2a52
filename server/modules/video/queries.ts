import type { Kysely } from 'kysely';
import { VIDEO_FAILED_LINE, type MediaItem, type VideoQuality, type VideoView } from '../../../contracts/posts/media.ts';
import type { Database } from '../../db/schema.ts';
import { withVideoTables } from './tables.ts';

/** A video's columns as a view is made of them: a `videos` row, or an upload that never had one. */
export type VideoParts = {
  id: number;
  source: string;
  status: 'processing' | 'processed' | 'failed';
  master: string | null;
  qualities: Partial<Record<VideoQuality, string>> | null;
  fallback: string | null;
  cover: string | null;
  duration: number | null;
};

/** The spec's Video: the original while processing, the HLS master once processed. */
export function videoViewOf(parts: VideoParts): VideoView {
  const processed = parts.status === 'processed';
  return {
    id: parts.id,
    coverUrl: parts.cover,
    url: processed && parts.master ? parts.master : parts.source,
    fallbackUrl: processed ? parts.fallback : null,
    duration: processed ? parts.duration : null,
    status: parts.status,
    qualityUrls: processed ? (parts.qualities ?? {}) : {},
    error: parts.status === 'failed' ? VIDEO_FAILED_LINE : null,
  };
}

export async function findVideo(db: Kysely<Database>, id: number): Promise<(VideoView & { ownerId: number }) | null> {
  const row = await withVideoTables(db).selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const view = videoViewOf({
    id: row.id,
    source: row.source_path,
    status: row.status,
    master: row.master_path,
    qualities: row.quality_paths,
    fallback: row.fallback_path,
    cover: row.cover_path,
    duration: row.duration,
  });
  return { ...view, ownerId: Number(row.owner_id) };
}

/** The videos among `ids` as views, by id; an id that is not a video is absent. */
export async function findVideos(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, VideoView>> {
  if (ids.length === 0) return new Map();
  const rows = await withVideoTables(db).selectFrom('videos').selectAll().where('id', 'in', [...new Set(ids)]).execute();
  return new Map(
    rows.map((row) => [
      Number(row.id),
      videoViewOf({ id: Number(row.id), source: row.source_path, status: row.status, master: row.master_path, qualities: row.quality_paths, fallback: row.fallback_path, cover: row.cover_path, duration: row.duration }),
    ]),
  );
}

/**
 * Media items as a reader should see them now: a video's path is its playlist, its thumbnail its
 * cover and its length its duration once processed (the original is never served), and `video`
 * carries its whole state.
 */
export function withVideoState<T extends MediaItem>(items: readonly T[], videos: ReadonlyMap<number, VideoView>): (T & { video?: VideoView })[] {
  return items.map((item) => {
    const video = item.type === 'video' ? videos.get(item.id) : undefined;
    if (!video) return item;
    return { ...item, path: video.status === 'processed' ? video.url : item.path, thumbnail: video.coverUrl ?? item.thumbnail, length: video.duration ?? item.length, video };
  });
}
