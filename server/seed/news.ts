import { DEMO_FEEDS, DEMO_FEEDS_PATH } from '../modules/news/index.ts';
import type { Caller } from './callers.ts';

const ARTICLES = [
  {
    kind: 'media',
    title: 'Press freedom index: the region holds its ground',
    summary: 'Australia and New Zealand keep their places; reporters name access to officials as the worry.',
    content: '<p>The yearly index of press freedom kept both countries in its top tier.</p><p>Editors told us access to ministers and departments is what they would change first.</p>',
  },
  {
    kind: 'epitome',
    title: 'Epitome: who moved where this week',
    summary: 'A business editor to a weekend magazine, a political reporter to radio, and a new head of communications at the port.',
    content: '<p>Three moves across the region’s newsrooms and press offices.</p>',
  },
  {
    kind: 'marcoms',
    title: 'Marcoms News: Harbour PR takes the Coastal Water account',
    summary: 'The agency will run the utility’s drought campaign from its Sydney and Perth offices.',
    content: '<p>Harbour PR beat two agencies to the account after a three-month pitch.</p>',
  },
] as const;

/**
 * The demo newswire: three outlets' feeds, served by the app itself at `publicUrl` and fetched by
 * its own fetcher like any outlet's, and one editorial article of each kind.
 */
export async function seedNews(admin: Caller, publicUrl: string): Promise<void> {
  for (const feed of DEMO_FEEDS) {
    const answer = await admin.call('POST', '/api/v1/news/feeds', { name: feed.name, url: `${publicUrl}${DEMO_FEEDS_PATH}${feed.file}`, outlet: feed.outlet, beats: feed.beats, country: feed.country });
    if (answer.statusCode !== 201) throw new Error(`showcase: the ${feed.name} feed answered ${answer.statusCode} ${answer.body}`);
  }
  for (const article of ARTICLES) {
    const answer = await admin.call('POST', '/api/v1/news/articles', article);
    if (answer.statusCode !== 201) throw new Error(`showcase: the article “${article.title}” answered ${answer.statusCode} ${answer.body}`);
  }
}
