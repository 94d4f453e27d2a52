import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { silentLog, useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import { draft, newsroomOf } from '../announcements/testing.ts';
import { NewsFetcher } from './fetcher.ts';
import { rss, useFeedServer } from './testing.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const outlet = useFeedServer();

const fetchAll = () => new NewsFetcher(t.core, { log: silentLog, limits: { mayReachPrivate: () => true } }).runDue();
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('registering a feed', () => {
  it('says every rule broken at once, in words, and registers nothing', async () => {
    const answer = await demo.admin.call('POST', '/api/v1/news/feeds', { name: ' ', url: 'ftp://example.com/feed', beats: ['gardening'], country: 'XQ' });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors).toEqual(['A feed needs a name.', 'A feed needs the outlet it is from.', 'Feeds are fetched over http or https only.', 'Unknown beat.', 'Country must be a two-letter country code']);
    expect((await demo.admin.call('POST', '/api/v1/news/feeds', { name: 'A', outlet: 'A', url: 'http://exa mple.com' })).json().errors).toEqual(['Url is not a valid']);
    expect((await demo.admin.call('GET', '/api/v1/news/feeds')).json().data).toEqual([]);
  });

  it('takes an address without a scheme as https, and one address once', async () => {
    const answer = await demo.admin.call('POST', '/api/v1/news/feeds', { name: 'Tech Daily', outlet: 'Tech Daily', url: 'techdaily.example/rss', beats: ['tech'], country: 'gb' });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(Number(answer.headers['object-id'])).toBe(answer.json().id);
    expect(answer.json()).toMatchObject({ url: 'https://techdaily.example/rss', beats: ['tech'], country: 'GB', failing: false, itemsCount: 0 });
    const again = await demo.admin.call('POST', '/api/v1/news/feeds', { name: 'Again', outlet: 'Tech Daily', url: 'https://techdaily.example/rss' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual(['This feed is registered already.']);
    expect((await demo.admin.call('DELETE', `/api/v1/news/feeds/${answer.json().id}`)).statusCode).toBe(204);
    expect((await demo.admin.call('GET', '/api/v1/news/feeds')).json().data).toEqual([]);
    expect((await demo.admin.call('DELETE', `/api/v1/news/feeds/${answer.json().id}`)).statusCode).toBe(404);
  });
});

describe('editorial articles', () => {
  it("refuses a kind the spec does not name with 'Invalid type', and writes nothing", async () => {
    for (const kind of ['opinion', '', undefined]) {
      const answer = await demo.admin.call('POST', '/api/v1/news/articles', { kind, title: 'A title', content: '<p>Text</p>' });
      expect(answer.statusCode, String(kind)).toBe(422);
      expect(answer.json().errors).toEqual(['Invalid type']);
    }
    expect((await demo.journalist.call('GET', '/api/v1/news/insider')).json().data).toEqual([]);
  });

  it('publishes each kind with its title, content or summary, image and video', async () => {
    const missing = await demo.admin.call('POST', '/api/v1/news/articles', { kind: 'media', title: '', content: '', imageUrl: 'javascript:alert(1)' });
    expect(missing.json().errors).toEqual(['An article needs a title or headline.', 'An article needs its content or a summary.', 'The image must be an uploaded image or an http(s) address.']);
    expect((await demo.admin.call('POST', '/api/v1/news/articles', { kind: 'media', title: 'T', summary: 'S', videoId: 999999 })).json().errors).toEqual(['No such video.']);

    const media = await demo.admin.call('POST', '/api/v1/news/articles', { kind: 'media', title: 'Press freedom index', content: '<p>The index <script>x()</script>rose.</p>', imageUrl: 'https://images.example/index.jpg' });
    expect(media.statusCode, media.body).toBe(201);
    expect(media.json()).toMatchObject({ kind: 'media', title: 'Press freedom index', content: '<p>The index rose.</p>', summary: 'The index rose.', imageUrl: 'https://images.example/index.jpg', videoId: null });
    const epitome = await demo.admin.call('POST', '/api/v1/news/articles', { kind: 'epitome', title: 'Epitome: the week', summary: 'Who moved where.' });
    const marcoms = await demo.admin.call('POST', '/api/v1/news/articles', { kind: 'marcoms', title: 'Marcoms: agency wins', summary: 'Three accounts changed hands.' });
    expect([epitome.statusCode, marcoms.statusCode]).toEqual([201, 201]);

    // Insider is Epitome and Marcoms News, newest first; Media news is on the wire.
    const insider = (await demo.expert.call('GET', '/api/v1/news/insider')).json().data as { title: string }[];
    expect(insider.map((article) => article.title)).toEqual(['Marcoms: agency wins', 'Epitome: the week']);
    expect((await demo.expert.call('GET', '/api/v1/news/insider?kind=epitome')).json().data.map((a: { title: string }) => a.title)).toEqual(['Epitome: the week']);
    expect((await demo.pr.call('GET', `/api/v1/news/articles/${media.json().id}`)).json().title).toBe('Press freedom index');
    // Only the platform's admins write them.
    expect((await demo.pr.call('POST', '/api/v1/news/articles', { kind: 'media', title: 'Mine', summary: 'No' })).statusCode).toBe(403);
  });
});

describe('the newswire', () => {
  it('lists public announcements, outside items and media articles newest first, filters them and pages through them', async () => {
    outlet.serve('/business.xml', {
      status: 200,
      body: rss('Business Wire', [
        { guid: 'b1', link: 'https://biz.example/1', title: 'Rates held', pubDate: minutesAgo(30) },
        { guid: 'b2', link: 'https://biz.example/2', title: 'Shipping costs fall', pubDate: minutesAgo(120) },
      ]),
    });
    outlet.serve('/sport.xml', { status: 200, body: rss('Sport NZ', [{ guid: 's1', link: 'https://sport.example/1', title: 'Final tonight', pubDate: minutesAgo(60) }]) });
    for (const [name, path, beats, country] of [
      ['Business Wire', '/business.xml', ['business'], 'AU'],
      ['Sport NZ', '/sport.xml', ['sports'], 'NZ'],
    ] as const) {
      expect((await demo.admin.call('POST', '/api/v1/news/feeds', { name, outlet: name, url: outlet.url(path), beats, country })).statusCode).toBe(201);
    }
    expect(await fetchAll()).toBe(3);

    const room = await newsroomOf(demo.admin, 'Wire Room', [demo.pr]);
    const published = await draft(demo.pr, room.id, { headline: 'Harbour opens in Perth', beats: [356] });
    expect((await demo.pr.call('POST', `/api/v1/announcements/${published}/publish`)).statusCode).toBe(200);
    await draft(demo.pr, room.id, { headline: 'Still a draft' });

    const wire = async (query = '') => (await demo.journalist.call('GET', `/api/v1/news/wire${query}`)).json() as { data: { key: string; title: string; source: string; outlet: string }[]; next: string | null };
    const titles = async (query = '') => (await wire(query)).data.map((entry) => entry.title);

    expect(await titles()).toEqual(['Harbour opens in Perth', 'Press freedom index', 'Rates held', 'Final tonight', 'Shipping costs fall']);
    expect((await wire()).data.map((entry) => entry.source)).toEqual(['announcement', 'article', 'news', 'news', 'news']);
    expect(await titles('?beat=business')).toEqual(['Harbour opens in Perth', 'Rates held', 'Shipping costs fall']);
    expect(await titles('?country=nz')).toEqual(['Final tonight']);
    expect(await titles('?outlet=Wire%20Room')).toEqual(['Harbour opens in Perth']);
    expect(await titles('?outlet=Media%20news')).toEqual(['Press freedom index']);

    // Pages of two follow each other with nothing lost or seen twice.
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const page = await wire(`?limit=2${next ? `&before=${next}` : ''}`);
      seen.push(...page.data.map((entry) => entry.title));
      next = page.next;
    } while (next);
    expect(seen).toEqual(['Harbour opens in Perth', 'Press freedom index', 'Rates held', 'Final tonight', 'Shipping costs fall']);

    const facets = (await demo.journalist.call('GET', '/api/v1/news/wire/facets')).json();
    expect(facets).toEqual({ outlets: ['Business Wire', 'Media news', 'Sport NZ'], countries: ['AU', 'NZ'] });
  });
});
