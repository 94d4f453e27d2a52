import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { silentLog, useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import { NewsFetcher } from './fetcher.ts';
import { rss, useFeedServer } from './testing.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const outlet = useFeedServer();

const MINUTE = 60_000;
// A minute on from now, whole: feeds registered now are due at once.
const start = new Date(Math.ceil(Date.now() / MINUTE) * MINUTE + MINUTE);
let clock = start;
const at = (minutes: number) => {
  clock = new Date(start.getTime() + minutes * MINUTE);
};

/** A fetcher as a process starts one: every test's fetcher shares the database and nothing else. */
const fetcher = () => new NewsFetcher(t.core, { log: silentLog, now: () => clock, intervalMs: 10 * MINUTE, backoffMs: 5 * MINUTE, maxBackoffMs: 60 * MINUTE, limits: { mayReachPrivate: () => true, timeoutMs: 2000 } });

const register = async (name: string, path: string, extra: object = {}) => {
  const answer = await demo.admin.call('POST', '/api/v1/news/feeds', { name, url: outlet.url(path), outlet: name, beats: ['business'], country: 'AU', ...extra });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().id as number;
};

const addedEvents = async () =>
  (await sql<{ stream_id: string; data: Record<string, unknown> }>`select stream_id, data from events where type = 'NewsItemAdded' order by position`.execute(t.database.db)).rows;
const feedsScreen = async () => (await demo.admin.call('GET', '/api/v1/news/feeds')).json().data as { id: number; failing: boolean; failures: number; lastError: string | null; nextFetchAt: string; itemsCount: number }[];

const story = (n: number, minutes: number) => ({ guid: `harbour-${n}`, link: `https://harbour.example/stories/${n}`, title: `Story ${n}`, description: `<p>What happened in <b>story ${n}</b>.</p>`, pubDate: new Date(start.getTime() + minutes * MINUTE) });

describe('the feed fetcher', () => {
  it('stores each item once across two fetches and a restart, while a broken feed backs off and shows failing and the other keeps arriving', async () => {
    outlet.serve('/harbour.xml', { status: 200, body: rss('Harbour Times', [story(2, -10), story(1, -20)]) });
    outlet.serve('/broken.xml', { status: 500, body: 'down' });
    const harbour = await register('Harbour Times', '/harbour.xml');
    const broken = await register('Broken Gazette', '/broken.xml');

    at(0);
    expect(await fetcher().runDue()).toBe(2);
    const first = await addedEvents();
    expect(first.map((event) => event.data.title)).toEqual(['Story 1', 'Story 2']);
    // The contract monitors read: exactly these fields.
    const [one] = first;
    expect(one!.stream_id).toBe(`news-item-${one!.data.id}`);
    expect(one!.data).toEqual({
      id: one!.data.id,
      feedId: harbour,
      title: 'Story 1',
      summary: 'What happened in story 1.',
      link: 'https://harbour.example/stories/1',
      outlet: 'Harbour Times',
      beats: ['business'],
      country: 'AU',
      publishedAt: new Date(start.getTime() - 20 * MINUTE).toISOString(),
    });

    let screen = await feedsScreen();
    expect(screen.find((feed) => feed.id === broken)).toMatchObject({ failing: true, failures: 1, lastError: 'The feed answered HTTP 500.', nextFetchAt: new Date(start.getTime() + 5 * MINUTE).toISOString() });
    expect(screen.find((feed) => feed.id === harbour)).toMatchObject({ failing: false, itemsCount: 2, nextFetchAt: new Date(start.getTime() + 10 * MINUTE).toISOString() });
    // Failing feeds come first on the admin screen.
    expect(screen[0]!.id).toBe(broken);

    // Before either is due nothing is fetched.
    at(4);
    expect(await fetcher().runDue()).toBe(0);
    expect(outlet.hits('/broken.xml')).toBe(1);

    // The broken feed is tried again after its back-off, fails again, and waits twice as long.
    at(5);
    await fetcher().runDue();
    expect(outlet.hits('/broken.xml')).toBe(2);
    screen = await feedsScreen();
    expect(screen.find((feed) => feed.id === broken)).toMatchObject({ failing: true, failures: 2, nextFetchAt: new Date(start.getTime() + 15 * MINUTE).toISOString() });

    // Meanwhile the good feed's next fetch brings its new item only, though the old ones are still listed.
    outlet.serve('/harbour.xml', { status: 200, body: rss('Harbour Times', [story(3, 8), story(2, -10), story(1, -20)]) });
    at(10);
    expect(await fetcher().runDue()).toBe(1);
    expect(outlet.hits('/broken.xml')).toBe(2);

    // A restart: a new fetcher (new process) fetches everything again and adds nothing twice.
    await sql`update news_feed_fetches set due_at = ${clock}`.execute(t.database.db);
    outlet.serve('/broken.xml', { status: 200, body: rss('Broken Gazette', [{ guid: 'b-1', link: 'https://broken.example/1', title: 'Back again', pubDate: clock }]) });
    expect(await fetcher().runDue()).toBe(1);
    expect((await addedEvents()).map((event) => event.data.title)).toEqual(['Story 1', 'Story 2', 'Story 3', 'Back again']);
    screen = await feedsScreen();
    expect(screen.find((feed) => feed.id === broken)).toMatchObject({ failing: false, failures: 0, lastError: null, itemsCount: 1 });
  });

  it('knows an item by its link across feeds and by its GUID within one, and tells a page that is not a feed', async () => {
    outlet.serve('/syndicated.xml', { status: 200, body: rss('Syndicated', [{ ...story(1, -20), guid: 'other-guid' }, { guid: 'harbour-2', link: 'https://syndicated.example/2', title: 'Same GUID elsewhere', pubDate: clock }]) });
    outlet.serve('/page.html', { status: 200, type: 'text/html', body: '<html><body>Not a feed</body></html>' });
    const syndicated = await register('Syndicated', '/syndicated.xml');
    const page = await register('A web page', '/page.html');
    expect(await fetcher().runDue()).toBe(1);
    const added = (await addedEvents()).filter((event) => event.data.feedId === syndicated);
    expect(added.map((event) => event.data.title)).toEqual(['Same GUID elsewhere']);
    const screen = await feedsScreen();
    expect(screen.find((feed) => feed.id === page)?.lastError).toMatch(/^Not an RSS or Atom feed/);
  });

  it('lets a feed another process holds alone until its lease runs out', async () => {
    outlet.serve('/held.xml', { status: 200, body: rss('Held', [{ guid: 'h-1', title: 'Held item', link: 'https://held.example/1', pubDate: clock }]) });
    const held = await register('Held', '/held.xml');
    await sql`update news_feed_fetches set locked_by = 'another-process', locked_until = ${new Date(clock.getTime() + MINUTE)} where feed_id = ${held}`.execute(t.database.db);
    expect(await fetcher().runDue()).toBe(0);
    expect(outlet.hits('/held.xml')).toBe(0);
    at(12);
    expect(await fetcher().runDue()).toBe(1);
    expect(outlet.hits('/held.xml')).toBe(1);
  });
});
