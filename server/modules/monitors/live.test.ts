import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MentionView } from '../../../contracts/monitors/api.ts';
import { productModel } from '../../model.ts';
import { replayInline } from '../../projections/replay.ts';
import { newPerson, placeIn } from '../../testing/accounts.ts';
import { signInAs, type Caller } from '../../testing/people.ts';
import { liveDemo, nextMessage, type ClientSocket } from '../../testing/realtime.ts';
import { draft, newsroomOf } from '../announcements/testing.ts';
import { monitorsProjection } from './projection.ts';
import { addNewsItem, EVERY_MONITOR_MODULE, prWithModules, publishArticle } from './testing.ts';

const demo = liveDemo({ redisUrl: process.env.REDIS_URL ?? null });
let admin: Caller;
let pat: Caller;
let ada: Caller;
let cole: Caller;
let bea: Caller;
let jo: Caller;

beforeAll(async () => {
  const app = demo.live.app;
  admin = await signInAs(app, 'admin@pressroom.local');
  pat = await signInAs(app, 'pr@pressroom.local');
  jo = await signInAs(app, 'journalist@pressroom.local');
  ada = await prWithModules(app, admin, 'Ada', EVERY_MONITOR_MODULE);
  cole = await newPerson(app, 'Cole');
  await placeIn(admin, cole, (await ada.call('GET', '/api/v1/current_user/info')).json().account.id);
  bea = await prWithModules(app, admin, 'Bea', ['ROLE_MODULE_MONITOR', 'ROLE_MODULE_MONITOR_ADVANCED']);
});

const monitor = async (who: Caller, body: object): Promise<number> => {
  const answer = await who.call('POST', '/api/v1/monitors', body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().id;
};

const mentionsOf = async (who: Caller, monitorId: number) =>
  ((await who.call('GET', `/api/v1/monitors/${monitorId}/mentions`)).json().data as MentionView[]).map((mention) => `${mention.source}:${mention.title}`).sort();

/** Collects what a socket hears of monitors. */
function heard(socket: ClientSocket): string[] {
  const seen: string[] = [];
  socket.on('monitor:mentioned', (message) => seen.push(`${message.monitorName}|${message.mention.source}:${message.mention.title}`));
  return seen;
}

describe('monitors, live', () => {
  it('match exactly the items their advanced queries and filters name, among a mixed set, and tell only their own account', async () => {
    const core = demo.live.core;
    const brand = await monitor(ada, { name: 'Brand', query: '"Harbour PR" AND NOT layoffs' });
    const tenders = await monitor(ada, { name: 'Tenders', query: 'tender OR contract', sources: ['news'], beats: ['business'], countries: ['AU'], outlets: ['The Age'] });
    const rival = await monitor(bea, { name: 'Rival', query: '"Harbour PR"' });

    const [adaTab, coleTab, beaTab, joTab] = await Promise.all([demo.socketOf(ada), demo.socketOf(cole), demo.socketOf(bea), demo.socketOf(jo)]);
    const [adaHeard, coleHeard, beaHeard, joHeard] = [heard(adaTab), heard(coleTab), heard(beaTab), heard(joTab)];
    const last = nextMessage(adaTab, 'monitor:mentioned', (m) => m.mention.title === 'Harbour PR opens in Perth', 30_000);

    // Each item, and the monitors it is a mention of.
    const table: { arrive: () => Promise<unknown>; title: string; source: string; expected: string[] }[] = [
      { title: 'Harbour PR wins tender', source: 'news', expected: ['Brand', 'Tenders', 'Rival'], arrive: () => addNewsItem(core, { id: 9001, title: 'Harbour PR wins tender', beats: ['business'], country: 'AU', outlet: 'The Age' }) },
      { title: 'Harbour PR layoffs loom', source: 'news', expected: ['Rival'], arrive: () => addNewsItem(core, { id: 9002, title: 'Harbour PR layoffs loom', country: 'AU' }) },
      { title: 'PR firm bids on harbour tender', source: 'news', expected: ['Tenders'], arrive: () => addNewsItem(core, { id: 9003, title: 'PR firm bids on harbour tender', beats: ['Business'], country: 'au', outlet: 'the age' }) },
      { title: 'Contract signed', source: 'news', expected: [], arrive: () => addNewsItem(core, { id: 9004, title: 'Contract signed', beats: ['business'], country: 'NZ', outlet: 'The Age' }) },
      { title: 'Tender in sport', source: 'news', expected: [], arrive: () => addNewsItem(core, { id: 9005, title: 'Tender in sport', beats: ['sports'], country: 'AU', outlet: 'The Age' }) },
      { title: 'Who is Harbour PR?', source: 'article', expected: ['Brand'], arrive: () => publishArticle(core, { id: 9006, kind: 'media', title: 'Who is Harbour PR?', content: '<p>A profile.</p>' }) },
      {
        title: 'Callout about Harbour PR',
        source: 'post',
        expected: ['Brand'],
        arrive: async () => expect((await jo.call('POST', '/api/v1/callouts', { title: 'Callout about Harbour PR', content: 'Who speaks for them?' })).statusCode).toBe(201),
      },
      { title: 'Hidden Harbour PR callout', source: 'post', expected: [], arrive: () => jo.call('POST', '/api/v1/callouts', { title: 'Hidden Harbour PR callout', content: 'x', userTypes: ['journo'] }) },
      { title: 'Harbour opens a Perth office', source: 'announcement', expected: [], arrive: async () => draft(pat, (await newsroomOf(admin, 'Monitored Room', [pat])).id) },
      {
        title: 'Harbour PR opens in Perth',
        source: 'announcement',
        expected: ['Brand', 'Rival'],
        arrive: async () => {
          const id = await draft(pat, (await newsroomOf(admin, 'Wire Room', [pat])).id, { headline: 'Harbour PR opens in Perth' });
          expect((await pat.call('POST', `/api/v1/announcements/${id}/publish`)).statusCode).toBe(200);
        },
      },
    ];
    for (const row of table) await row.arrive();
    await last;
    await core.processors.caughtUp();

    const wanted = (names: string[]) => table.flatMap((row) => row.expected.filter((name) => names.includes(name)).map((name) => `${name}|${row.source}:${row.title}`)).sort();
    const titled = (name: string) => wanted([name]).map((line) => line.split('|')[1]!);
    expect(await mentionsOf(ada, brand)).toEqual(titled('Brand'));
    expect(await mentionsOf(ada, tenders)).toEqual(titled('Tenders'));
    expect(await mentionsOf(bea, rival)).toEqual(titled('Rival'));
    expect(adaHeard.sort()).toEqual(wanted(['Brand', 'Tenders']));
    expect(coleHeard.sort()).toEqual(wanted(['Brand', 'Tenders']));
    expect(beaHeard.sort()).toEqual(wanted(['Rival']));
    expect(joHeard).toEqual([]);
    // Another account's monitor is not found, nor its mentions.
    expect((await bea.call('GET', `/api/v1/monitors/${brand}/mentions`)).statusCode).toBe(404);
    expect((await ada.call('GET', '/api/v1/monitors')).json().data.find((m: { id: number }) => m.id === brand)).toMatchObject({ mentionsCount: titled('Brand').length });
  });

  it('record an item once per monitor, and nothing for a monitor deleted before the item arrives', async () => {
    const core = demo.live.core;
    const kept = await monitor(ada, { name: 'Kept', query: 'lighthouse' });
    const gone = await monitor(ada, { name: 'Gone', query: 'lighthouse' });
    expect((await ada.call('DELETE', `/api/v1/monitors/${gone}`)).statusCode).toBe(204);
    await addNewsItem(core, { id: 9101, title: 'Lighthouse for sale' });
    await core.processors.caughtUp();
    expect(await mentionsOf(ada, kept)).toEqual(['news:Lighthouse for sale']);
    const { rows } = await sql<{ count: number }>`select count(*)::int as count from events where stream_id like ${`mention-${gone}-%`}`.execute(core.database.db);
    expect(rows[0]!.count).toBe(0);

    const csv = await ada.call('GET', `/api/v1/monitors/${kept}/report?format=csv`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="Kept-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Matched at,Published at,Source,Outlet,Title,Summary,Link,Beats,Country');
    expect(lines.slice(1).map((line) => line.split(',').slice(2, 5).join(','))).toEqual(['Outside news,The Daily Example,Lighthouse for sale']);
    const pdf = await ada.call('GET', `/api/v1/monitors/${kept}/report?format=pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('rebuild from the log into tables identical to the live ones', async () => {
    const { core } = demo.live;
    await core.processors.caughtUp();
    const snapshot = async () =>
      Object.fromEntries(
        await Promise.all(monitorsProjection.tables.map(async (table) => [table, (await sql`select * from ${sql.table(table)} order by 1, 2, 3`.execute(core.database.db)).rows] as const)),
      );
    const live = await snapshot();
    expect(live.mentions!.length).toBeGreaterThan(5);
    await sql`update monitors set mentions_count = 0, name = 'Broken'`.execute(core.database.db);
    await sql`delete from mentions where source = 'news'`.execute(core.database.db);
    await replayInline(core.database.db, core.store, productModel.inline);
    expect(await snapshot()).toEqual(live);
  });
});
