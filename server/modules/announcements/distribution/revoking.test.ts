import { beforeAll, describe, expect, it } from 'vitest';
import { LINK_INVALID, NO_RECIPIENT } from '../../../../contracts/announcements/distribution.ts';
import { DEVELOPMENT_LINK_SECRET } from '../../../config.ts';
import { productModel } from '../../../model.ts';
import { replayInline } from '../../../projections/replay.ts';
import { TEST_PUBLIC_URL } from '../../../testing/app.ts';
import { silentLog, useTestCore } from '../../../testing/core.ts';
import { useDemo } from '../../../testing/demo.ts';
import { announcementStream } from '../commands.ts';
import { AnnouncementScheduler } from '../scheduler.ts';
import { draft, inMinutes, newsroomOf } from '../testing.ts';
import { RecipientLinks } from './links.ts';
import { put } from './testing.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const links = new RecipientLinks(DEVELOPMENT_LINK_SECRET, TEST_PUBLIC_URL);
let newsroom: number;

const path = (url: string) => url.slice(TEST_PUBLIC_URL.length);
const get = (url: string) => demo.app.inject({ method: 'GET', url, headers: { 'user-agent': 'Mail' } });
const revoke = (announcementId: number, recipientId: number) => demo.pr.call('POST', `/api/v1/announcements/${announcementId}/recipients/${recipientId}/revoke`);

/** A release published under embargo (until `until`) to these addresses; its id and its recipients' ids by address. */
async function embargoedTo(addresses: string[], until: Date) {
  const id = await draft(demo.pr, newsroom, { headline: 'Harbour buys a shipyard', embargoUntil: until.toISOString() });
  expect((await put(demo.app, demo.pr, `/api/v1/announcements/${id}/audience`, { lists: [], subscribers: false, addresses })).statusCode).toBe(200);
  expect((await demo.pr.call('POST', `/api/v1/announcements/${id}/publish`)).json().isEmbargoed).toBe(true);
  await t.database.db.updateTable('distribution_recipients').set({ status: 'sent', sent_at: new Date() }).where('announcement_id', '=', id).execute();
  const rows = await t.database.db.selectFrom('distribution_recipients').select(['id', 'email']).where('announcement_id', '=', id).execute();
  return { id, recipient: Object.fromEntries(rows.map((r) => [r.email, Number(r.id)])) as Record<string, number> };
}

beforeAll(async () => {
  newsroom = (await newsroomOf(demo.admin, 'Harbour Revoking Room', [demo.pr])).id;
});

describe('revoking one recipient’s links', () => {
  it('a revoked recipient’s web version answers 404 like a link that never was, while every other recipient still reads the embargoed release', async () => {
    const until = inMinutes(60);
    const { id, recipient } = await embargoedTo(['ana@daily.example', 'bo@weekly.example'], until);
    const ana = recipient['ana@daily.example']!;
    const bo = recipient['bo@weekly.example']!;
    expect((await get(`/app/announcements/${id}`)).statusCode).toBe(404);
    const before = await get(path(links.webUrl(ana)));
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('Harbour buys a shipyard');
    expect(before.body).toContain('Embargoed until');
    expect(before.body).toContain('noindex');

    const revoked = await revoke(id, ana);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().numbers.recipients).toEqual([expect.objectContaining({ id: ana, email: 'ana@daily.example', views: 1, revokedAt: expect.any(String) })]);

    const after = await get(path(links.webUrl(ana)));
    const forged = await get(`/m/w/${ana.toString(36)}.AAAAAAAAAAAAAAAAAAAAAA`);
    expect(after.statusCode).toBe(404);
    expect(after.body).toContain(LINK_INVALID);
    expect(after.body).toBe(forged.body);
    const other = await get(path(links.webUrl(bo)));
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('Harbour buys a shipyard');

    // What the revoked link does no longer counts; the rest of the email still works for them.
    await get(path(links.openPixelUrl(ana)));
    const click = await get(path(links.clickUrl(ana, 'https://harbour.example/')));
    expect(click.statusCode).toBe(302);
    expect((await get(path(links.unsubscribeUrl(ana)))).statusCode).toBe(200);
    const numbers = (await demo.pr.call('GET', `/api/v1/announcements/${id}/distribution`)).json().numbers;
    expect(numbers).toMatchObject({ opens: 0, clicks: 0, views: 2 });

    // Once public, the others' links lead to the public page; the revoked one stays closed.
    expect(await new AnnouncementScheduler(t.core, { now: () => until, log: silentLog }).runDue()).toBe(1);
    const public_ = await get(path(links.webUrl(bo)));
    expect(public_.statusCode).toBe(302);
    expect(public_.headers.location).toBe(`/app/announcements/${id}`);
    expect((await get(path(links.webUrl(ana)))).statusCode).toBe(404);
  });

  it('is a fact of the announcement’s log with who did it, recorded once however often it is asked', async () => {
    const { id, recipient } = await embargoedTo(['cy@radio.example'], inMinutes(60));
    const cy = recipient['cy@radio.example']!;
    expect((await revoke(id, cy)).statusCode).toBe(200);
    expect((await revoke(id, cy)).statusCode).toBe(200);
    const events = await t.core.store.readStream(t.database.db, announcementStream(id));
    const revocations = events.filter((event) => event.type === 'RecipientLinksRevoked');
    const pat = (await demo.pr.call('GET', '/api/v1/current_user/info')).json();
    expect(revocations).toHaveLength(1);
    expect(revocations[0]).toMatchObject({ data: { announcementId: id, recipientId: cy, email: 'cy@radio.example' }, metadata: { actorId: String(pat.id) } });
    const hub = (await demo.pr.call('GET', `/api/v1/announcements/${id}/hub`)).json();
    expect(hub.history.at(-1)).toMatchObject({ type: 'RecipientLinksRevoked', by: { id: pat.id } });
  });

  it('answers 404 for a recipient of another announcement, and an outsider’s try changes nothing', async () => {
    const first = await embargoedTo(['dee@daily.example'], inMinutes(60));
    const second = await embargoedTo(['eli@daily.example'], inMinutes(60));
    const elsewhere = await revoke(first.id, second.recipient['eli@daily.example']!);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().detail).toBe(NO_RECIPIENT);
    // An outsider cannot tell an embargoed release from nothing.
    const outsider = await demo.journalist.call('POST', `/api/v1/announcements/${first.id}/recipients/${first.recipient['dee@daily.example']}/revoke`);
    expect(outsider.statusCode).toBe(404);
    expect((await get(path(links.webUrl(first.recipient['dee@daily.example']!)))).statusCode).toBe(200);
  });

  it('rebuilds from the log: a replay sets the same revocations again', async () => {
    const { id, recipient } = await embargoedTo(['fay@daily.example', 'gus@weekly.example'], inMinutes(60));
    await revoke(id, recipient['fay@daily.example']!);
    const read = () => t.database.db.selectFrom('distribution_recipients').select(['id', 'revoked_at']).orderBy('id').execute();
    const live = await read();
    expect(live.filter((row) => row.revoked_at !== null).length).toBeGreaterThan(0);
    await t.database.db.updateTable('distribution_recipients').set({ revoked_at: null }).execute();
    await replayInline(t.database.db, t.core.store, productModel.inline);
    expect(await read()).toEqual(live);
  });
});
