export const newsFeedStream = (feedId: number) => `news-feed-${feedId}`;
export const newsItemStream = (itemId: number) => `news-item-${itemId}`;
export const articleStream = (articleId: number) => `article-${articleId}`;
