import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { replayInline } from '../../projections/replay.ts';
import { silentLog, useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import { NewsFetcher } from './fetcher.ts';
import { newsProjection } from './projection.ts';
import { rss, useFeedServer } from './testing.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const outlet = useFeedServer();

async function snapshot() {
  const entries = await Promise.all(newsProjection.tables.map(async (table) => [table, (await sql`select * from ${sql.table(table)} order by 1`.execute(t.database.db)).rows] as const));
  return Object.fromEntries(entries);
}

describe('the news read model', () => {
  it('rebuilds from the log into tables identical to the live ones: feeds, removals, fetched items and articles', async () => {
    outlet.serve('/replay.xml', { status: 200, body: rss('Replay', [{ guid: 'r1', link: 'https://replay.example/1', title: 'First', description: 'One', pubDate: new Date(Date.now() - 60_000) }, { guid: 'r2', title: 'Second' }]) });
    const kept = await demo.admin.call('POST', '/api/v1/news/feeds', { name: 'Replay', outlet: 'Replay Times', url: outlet.url('/replay.xml'), beats: ['politics', 'people'], country: 'FR' });
    const gone = await demo.admin.call('POST', '/api/v1/news/feeds', { name: 'Gone', outlet: 'Gone', url: 'https://gone.example/rss' });
    await demo.admin.call('DELETE', `/api/v1/news/feeds/${gone.json().id}`);
    await new NewsFetcher(t.core, { log: silentLog, limits: { mayReachPrivate: (url) => url.port === String(outlet.port) } }).runDue();
    await demo.admin.call('POST', '/api/v1/news/articles', { kind: 'marcoms', title: 'Marcoms', content: '<p>Moves</p>', imageUrl: '/uploads/images/a.png' });

    const live = await snapshot();
    expect((live.news_items as { title: string; feed_id: number }[]).map((row) => [row.title, Number(row.feed_id)])).toEqual([
      ['First', kept.json().id],
      ['Second', kept.json().id],
    ]);
    expect((live.news_feeds as { removed: boolean }[]).map((row) => row.removed)).toEqual([false, true]);
    await sql`update news_items set title = 'Broken'`.execute(t.database.db);
    await sql`delete from articles`.execute(t.database.db);

    await replayInline(t.database.db, t.core.store, productModel.inline);
    expect(await snapshot()).toEqual(live);
  });
});
