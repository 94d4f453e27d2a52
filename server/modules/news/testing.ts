import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export type FeedItem = { guid?: string; link?: string; title: string; description?: string; pubDate?: Date };

/** An RSS 2.0 document of these items. */
export function rss(title: string, items: FeedItem[]): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const entries = items
    .map(
      (item) => `<item>
  <title>${escape(item.title)}</title>
  ${item.link ? `<link>${escape(item.link)}</link>` : ''}
  ${item.guid ? `<guid isPermaLink="false">${escape(item.guid)}</guid>` : ''}
  ${item.description ? `<description>${escape(item.description)}</description>` : ''}
  ${item.pubDate ? `<pubDate>${item.pubDate.toUTCString()}</pubDate>` : ''}
</item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${escape(title)}</title><link>https://example.com/</link><description>${escape(title)}</description>${entries}</channel></rss>`;
}

type Answer = { status: number; body: string | Buffer; type?: string; headers?: Record<string, string> } | 'hang';

/**
 * An outlet's web server on this machine, for the test file: each path answers what the test
 * put there, and counts its requests.
 */
export function useFeedServer() {
  const answers = new Map<string, Answer>();
  const hits = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const answer = answers.get(path) ?? { status: 404, body: 'not here' };
    if (answer === 'hang') return;
    response.writeHead(answer.status, { 'content-type': answer.type ?? 'application/rss+xml', ...answer.headers });
    response.end(answer.body);
  });
  const feeds = {
    url: (path: string) => `${feeds.origin}${path}`,
    origin: '',
    port: 0,
    serve(path: string, answer: Answer) {
      answers.set(path, answer);
    },
    hits: (path: string) => hits.get(path) ?? 0,
  };
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    feeds.port = (server.address() as AddressInfo).port;
    feeds.origin = `http://127.0.0.1:${feeds.port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return feeds;
}
