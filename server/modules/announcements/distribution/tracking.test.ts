import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LINK_INVALID } from '../../../../contracts/announcements/distribution.ts';
import { DEVELOPMENT_LINK_SECRET } from '../../../config.ts';
import { productModel } from '../../../model.ts';
import { TEST_PUBLIC_URL } from '../../../testing/app.ts';
import { useTestCore } from '../../../testing/core.ts';
import { useDemo } from '../../../testing/demo.ts';
import { draft, newsroomOf } from '../testing.ts';
import { RecipientLinks } from './links.ts';
import { put } from './testing.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const links = new RecipientLinks(DEVELOPMENT_LINK_SECRET, TEST_PUBLIC_URL);
let newsroom: number;

const path = (url: string) => url.slice(TEST_PUBLIC_URL.length);
const get = (url: string, userAgent = 'Mail') => demo.app.inject({ method: 'GET', url, headers: { 'user-agent': userAgent } });

/** A published announcement sent to these addresses; its id and its recipients' ids by address. */
async function sentTo(addresses: string[], body: object = {}) {
  const id = await draft(demo.pr, newsroom, body);
  expect((await put(demo.app, demo.pr, `/api/v1/announcements/${id}/audience`, { lists: [], subscribers: false, addresses })).statusCode).toBe(200);
  expect((await demo.pr.call('POST', `/api/v1/announcements/${id}/publish`)).statusCode).toBe(200);
  await t.database.db.updateTable('distribution_recipients').set({ status: 'sent', sent_at: new Date() }).where('announcement_id', '=', id).execute();
  const rows = await t.database.db.selectFrom('distribution_recipients').select(['id', 'email']).where('announcement_id', '=', id).execute();
  return { id, recipient: Object.fromEntries(rows.map((r) => [r.email, Number(r.id)])) as Record<string, number> };
}

const numbers = async (id: number) => (await demo.pr.call('GET', `/api/v1/announcements/${id}/distribution`)).json().numbers;

beforeAll(async () => {
  newsroom = (await newsroomOf(demo.admin, 'Harbour Tracking Room', [demo.pr])).id;
});

describe('the numbers of an announcement', () => {
  it('counts opens by each recipient’s pixel, clicks through their signed links, and web views with unique visitors, per recipient and by hour', async () => {
    const { id, recipient } = await sentTo(['ana@daily.example', 'bo@weekly.example']);
    const ana = recipient['ana@daily.example']!;
    const bo = recipient['bo@weekly.example']!;

    for (let i = 0; i < 2; i++) {
      const pixel = await get(path(links.openPixelUrl(ana)));
      expect(pixel.statusCode).toBe(200);
      expect(pixel.headers['content-type']).toBe('image/gif');
    }
    const target = 'https://harbour.example/perth?from=mail&x=1';
    const click = await get(path(links.clickUrl(bo, target)));
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe(target);

    // Forged: another recipient's token with this one's signature, a destination not signed, a made-up token.
    const signature = links.clickSignature(bo, target);
    expect((await get(`/m/c/${links.token(ana)}?u=${encodeURIComponent(target)}&s=${signature}`)).statusCode).toBe(404);
    const elsewhere = await get(`/m/c/${links.token(bo)}?u=${encodeURIComponent('https://evil.example/')}&s=${signature}`);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.body).toContain(LINK_INVALID);
    expect((await get(`/m/o/${ana.toString(36)}.AAAAAAAAAAAAAAAAAAAAAA.gif`)).statusCode).toBe(200);

    await get(`/app/announcements/${id}`, 'Browser A');
    await get(`/app/announcements/${id}`, 'Browser A');
    await get(`/app/announcements/${id}`, 'Browser B');

    // Views are counted beside the page's answer.
    await vi.waitFor(async () => expect((await numbers(id)).views).toBe(3));
    const seen = await numbers(id);
    expect(seen).toMatchObject({ tracking: true, sent: 2, delivered: 2, opened: 1, opens: 2, clicked: 1, clicks: 1, views: 3, uniqueVisitors: 2 });
    expect(seen.recipients).toEqual([
      { id: bo, email: 'bo@weekly.example', status: 'sent', opens: 0, clicks: 1, views: 0, revokedAt: null, bounce: null },
      { id: ana, email: 'ana@daily.example', status: 'sent', opens: 2, clicks: 0, views: 0, revokedAt: null, bounce: null },
    ]);
    expect(seen.series).toHaveLength(1);
    expect(seen.series[0]).toMatchObject({ opens: 2, clicks: 1, views: 3 });
  });

  it('counts nothing when tracking is off for the announcement, and its links still lead where they point', async () => {
    const { id, recipient } = await sentTo(['cy@radio.example'], { tracking: false });
    const cy = recipient['cy@radio.example']!;
    await get(path(links.openPixelUrl(cy)));
    const click = await get(path(links.clickUrl(cy, 'https://harbour.example/')));
    expect(click.statusCode).toBe(302);
    await get(`/app/announcements/${id}`);
    expect(await numbers(id)).toMatchObject({ tracking: false, opens: 0, clicks: 0, views: 0 });
  });
});
