// What other modules and the process entry points may use of news: its events, by which outside
// items and editorial articles reach the log, its read model, routes and feed fetcher.
export { ArticlePublished, NewsFeedRegistered, NewsFeedRemoved, NewsItemAdded, articleKind, newsEvents, type ArticleKind, type NewsEvent } from '../../../contracts/news/index.ts';
export { articleStream, newsItemStream } from './streams.ts';
export { newsProjection } from './projection.ts';
export { newsRoutes, privateFeedReach, type NewsOptions } from './routes.ts';
export { NewsFetcher, type NewsFetcherOptions } from './fetcher.ts';
export { newsMessagesFor, type NewsMessage } from './live.ts';
export { DEMO_FEEDS, DEMO_FEEDS_PATH } from './demo-feeds.ts';
