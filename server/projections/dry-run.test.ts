import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productModel } from '../model.ts';
import { seedDemo } from '../seed/demo.ts';
import { buildTestApp } from '../testing/app.ts';
import { useTestCore } from '../testing/core.ts';
import { signInAs } from '../testing/people.ts';
import { dryRunReplay } from './dry-run.ts';
import { physicalTables } from './processor.ts';

const t = useTestCore(productModel);
let closeApp = async () => undefined as unknown;
afterAll(() => closeApp());

const differing = async () => (await dryRunReplay(t.database.db, t.core.store, productModel)).filter((d) => d.onlyLive + d.onlyRebuilt > 0);

beforeAll(async () => {
  await seedDemo(t.core);
  const app = await buildTestApp(t.core);
  closeApp = () => app.close();
  const jo = await signInAs(app, 'journalist@pressroom.local');
  const pat = await signInAs(app, 'pr@pressroom.local');
  const callout = (await pat.call('POST', '/api/v1/callouts', { title: 'Sources?', content: 'Hi @jo-reporter' })).json();
  await jo.call('POST', `/api/v1/callouts/${callout.id}/comments`, { content: 'Me' });
  await jo.call('POST', `/api/v1/callouts/${callout.id}/toggleLike`, { status: true });
  await t.core.processors.caughtUp();
});

describe('a dry run of the replay', () => {
  it('finds nothing to tell when the read models are what the log says', async () => {
    expect(await differing()).toEqual([]);
  });

  it('tells each table a replay would change, with the rows on both sides, and changes nothing', async () => {
    const post = (await sql<{ id: number; likes_count: number }>`select id, likes_count from posts order by id desc limit 1`.execute(t.database.db)).rows[0]!;
    await sql`update posts set likes_count = 7 where id = ${post.id}`.execute(t.database.db);
    await sql`delete from notifications where id = (select max(id) from notifications)`.execute(t.database.db);
    const events = await t.core.store.count();

    const found = await differing();
    const notifications = physicalTables(productModel.processors.find((p) => p.name === 'notifications')!).notifications!;
    expect(found.map((d) => d.table).sort()).toEqual([notifications, 'posts'].sort());
    const posts = found.find((d) => d.table === 'posts')!;
    expect(posts).toMatchObject({ onlyLive: 1, onlyRebuilt: 1 });
    expect(posts.examples.live[0]).toMatchObject({ id: post.id, likes_count: 7 });
    expect(posts.examples.rebuilt[0]).toMatchObject({ id: post.id, likes_count: post.likes_count });
    expect(found.find((d) => d.table === notifications)).toMatchObject({ onlyLive: 0, onlyRebuilt: 1 });

    // The live tables are as they were, and no rebuilt table is left.
    expect((await sql<{ likes_count: number }>`select likes_count from posts where id = ${post.id}`.execute(t.database.db)).rows[0]!.likes_count).toBe(7);
    expect(await t.core.store.count()).toBe(events);
    expect((await sql<{ n: number }>`select count(*)::int as n from pg_class where relpersistence = 't'`.execute(t.database.db)).rows[0]!.n).toBe(0);
  });
});
