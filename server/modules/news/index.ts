// What other modules may use of news: its events, by which outside items and editorial articles reach the log.
export { ArticlePublished, NewsFeedRegistered, NewsFeedRemoved, NewsItemAdded, articleKind, newsEvents, type ArticleKind, type NewsEvent } from '../../../contracts/news/index.ts';
export const newsItemStream = (itemId: number) => `news-item-${itemId}`;
export const articleStream = (articleId: number) => `article-${articleId}`;
