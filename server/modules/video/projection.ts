import type { VideoEvent } from '../../../contracts/video/index.ts';
import type { InlineProjection } from '../../projections/inline.ts';
import { withVideoTables } from './tables.ts';

/** Each video's state as posts and comments show it, moved in the transaction of its event. */
export const videosProjection: InlineProjection<VideoEvent> = {
  name: 'videos',
  tables: ['videos'],
  async apply(trx, event) {
    const at = event.recordedAt;
    switch (event.type) {
      case 'VideoUploaded': {
        const { videoId, ownerId, source } = event.data;
        await withVideoTables(trx)
          .insertInto('videos')
          .values({ id: videoId, owner_id: ownerId, source_path: source, status: 'processing', quality_paths: '{}', updated_at: at })
          .execute();
        return;
      }
      case 'VideoProcessed': {
        const { videoId, master, qualities, fallback, cover, duration, width, height } = event.data;
        await withVideoTables(trx)
          .updateTable('videos')
          .set({ status: 'processed', master_path: master, quality_paths: JSON.stringify(qualities), fallback_path: fallback, cover_path: cover, duration, width, height, error: null, updated_at: at })
          .where('id', '=', videoId)
          .execute();
        return;
      }
      case 'VideoRenditionsAdded': {
        const { videoId, master, qualities } = event.data;
        await withVideoTables(trx)
          .updateTable('videos')
          .set({ master_path: master, quality_paths: JSON.stringify(qualities), updated_at: at })
          .where('id', '=', videoId)
          .execute();
        return;
      }
      case 'VideoFailed':
        await withVideoTables(trx)
          .updateTable('videos')
          .set({ status: 'failed', error: event.data.reason, updated_at: at })
          .where('id', '=', event.data.videoId)
          .execute();
        return;
      default:
        return;
    }
  },
};
