import type { NewsEvent } from '../../../contracts/news/index.ts';
import type { InlineProjection } from '../../projections/inline.ts';
import './tables.ts';

/** Feeds, outside items and editorial articles as their streams tell them. */
export const newsProjection: InlineProjection<NewsEvent> = {
  name: 'news',
  tables: ['news_feeds', 'news_items', 'articles'],
  async apply(trx, event) {
    switch (event.type) {
      case 'NewsFeedRegistered': {
        const { feedId, name, url, outlet, beats, country } = event.data;
        await trx.insertInto('news_feeds').values({ id: feedId, name, url, outlet, beats, country, removed: false, created_at: event.recordedAt }).execute();
        return;
      }
      case 'NewsFeedRemoved':
        await trx.updateTable('news_feeds').set({ removed: true }).where('id', '=', event.data.feedId).execute();
        return;
      case 'NewsItemAdded': {
        const { id, feedId, title, summary, link, outlet, beats, country, publishedAt } = event.data;
        await trx.insertInto('news_items').values({ id, feed_id: feedId, title, summary, link, outlet, beats, country, published_at: publishedAt, added_at: event.recordedAt }).execute();
        return;
      }
      case 'ArticlePublished': {
        const { id, kind, title, summary, content, imageUrl, videoId, publishedAt } = event.data;
        await trx.insertInto('articles').values({ id, kind, title, summary, content, image_url: imageUrl, video_id: videoId, published_at: publishedAt }).execute();
        return;
      }
      default:
        return;
    }
  },
};
