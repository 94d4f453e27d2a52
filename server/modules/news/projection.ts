import type { NewsEvent } from '../../../contracts/news/index.ts';
import { linkKey } from '../../../contracts/news/links.ts';
import type { PostEvent } from '../../../contracts/posts/index.ts';
import type { InlineProjection } from '../../projections/inline.ts';
import './tables.ts';

/**
 * Feeds, outside items and editorial articles as their streams tell them, and the address each
 * reaction or statement answers (the commentary screen matches the two by key when it reads, so
 * the order in which an item and its commentary arrive never matters).
 */
export const newsProjection: InlineProjection<NewsEvent | PostEvent> = {
  name: 'news',
  tables: ['news_feeds', 'news_items', 'articles', 'news_commentary'],
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
        await trx.insertInto('news_items').values({ id, feed_id: feedId, title, summary, link, link_key: linkKey(link), outlet, beats, country, published_at: publishedAt, added_at: event.recordedAt }).execute();
        return;
      }
      case 'ArticlePublished': {
        const { id, kind, title, summary, content, imageUrl, videoId, publishedAt } = event.data;
        await trx.insertInto('articles').values({ id, kind, title, summary, content, image_url: imageUrl, video_id: videoId, published_at: publishedAt }).execute();
        return;
      }
      case 'PostCreated': {
        const { postId, kind, fields } = event.data;
        const key = (kind === 'reaction' || kind === 'statement') && typeof fields.url === 'string' ? linkKey(fields.url) : null;
        if (key !== null) await trx.insertInto('news_commentary').values({ post_id: postId, url_key: key }).execute();
        return;
      }
      default:
        return;
    }
  },
};
