import { generateKeyPairSync } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAY_FAILING, UNSUBSCRIBE_LINK_INVALID, UNSUBSCRIBED } from '../../../../contracts/announcements/distribution.ts';
import { DEVELOPMENT_LINK_SECRET } from '../../../config.ts';
import { createMailTransport } from '../../../mail/transport.ts';
import { productModel } from '../../../model.ts';
import { TEST_PUBLIC_URL } from '../../../testing/app.ts';
import { silentLog, useTestCore } from '../../../testing/core.ts';
import { useDemo } from '../../../testing/demo.ts';
import { draft, newsroomOf } from '../testing.ts';
import { RecipientLinks } from './links.ts';
import { DistributionSender, type SenderOptions } from './sender.ts';
import { SmtpSink } from './smtp-sink.ts';
import { bigListOf, put } from './testing.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const sink = new SmtpSink();
const links = new RecipientLinks(DEVELOPMENT_LINK_SECRET, TEST_PUBLIC_URL);
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
let newsroom: number;
let list: number;

function senderOn(options: { leaseMs?: number; retryMs?: number; numbers?: SenderOptions['numbers'] } = {}) {
  const transport = createMailTransport(sink.url, { dkim: { domainName: 'pressroom.test', keySelector: 'mail', privateKey } });
  return new DistributionSender(t.database.db, transport, { from: 'Harbour PR <news@pressroom.test>', publicUrl: TEST_PUBLIC_URL, links, log: silentLog, leaseMs: options.leaseMs ?? 60_000, retryMs: options.retryMs ?? 0, concurrency: 4, numbers: options.numbers ?? null });
}

/** An announcement to these, published: its recipients are queued. */
async function published(audience: { lists?: number[]; addresses?: string[] }, body: object = {}): Promise<number> {
  const id = await draft(demo.pr, newsroom, { body: '<p>Harbour opens in Perth. <a href="https://harbour.example/perth">The office</a></p>', ...body });
  const set = await put(demo.app, demo.pr, `/api/v1/announcements/${id}/audience`, { lists: audience.lists ?? [], subscribers: false, addresses: audience.addresses ?? [] });
  expect(set.statusCode, set.body).toBe(200);
  expect((await demo.pr.call('POST', `/api/v1/announcements/${id}/publish`)).statusCode).toBe(200);
  return id;
}

const sentTo = (from: number) => sink.accepted.slice(from).map((m) => m.to);
/** A header of the message, unfolded (a long one may start on its next line). */
const header = (raw: string, name: string) => new RegExp(`^${name}: *(.*)`, 'mi').exec(raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' '))?.[1] ?? null;

beforeAll(async () => {
  await sink.listen();
  newsroom = (await newsroomOf(demo.admin, 'Harbour Sending Room', [demo.pr])).id;
  list = await bigListOf(demo.app, t.database.db, demo.pr, 'Every energy desk', 1000, 'desk.example');
}, 120_000);
afterAll(() => sink.close());

describe('sending the email version', () => {
  it('mails each of a 1,000-contact list once in batches, DKIM-signed, with its own unsubscribe link and List-Unsubscribe headers', { timeout: 120_000 }, async () => {
    const id = await published({ lists: [list] });
    const before = sink.accepted.length;
    const sender = senderOn();
    expect(await sender.sendWaiting()).toBe(10);
    await sender.stop();

    const counts = new Map<string, number>();
    for (const to of sentTo(before)) counts.set(to, (counts.get(to) ?? 0) + 1);
    expect(counts.size).toBe(1000);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);

    const view = (await demo.pr.call('GET', `/api/v1/announcements/${id}/distribution`)).json();
    expect(view.totals).toEqual({ recipients: 1000, queued: 0, sent: 1000, failed: 0, bounced: 0 });
    expect(view.batches).toHaveLength(10);
    expect(view.batches.every((b: { status: string; sent: number }) => b.status === 'sent' && b.sent === 100)).toBe(true);
    expect(view.alert).toBeNull();

    const message = sink.accepted.find((m) => m.to === 'reporter-7@desk.example')!;
    const recipient = await t.database.db.selectFrom('distribution_recipients').select(['id', 'message_id']).where('email', '=', 'reporter-7@desk.example').where('announcement_id', '=', id).executeTakeFirstOrThrow();
    const unsubscribe = links.unsubscribeUrl(Number(recipient.id));
    expect(header(message.raw, 'List-Unsubscribe')).toBe(`<${unsubscribe}>`);
    expect(header(message.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(message.raw, 'DKIM-Signature')).toMatch(/a=rsa-sha256; .*d=pressroom\.test; .*s=mail;/);
    expect(header(message.raw, 'Message-ID')).toBe(recipient.message_id);
    expect(header(message.raw, 'Subject')).toBe('Harbour opens a Perth office');
    // Its own links only: another recipient's token appears nowhere in it.
    const other = await t.database.db.selectFrom('distribution_recipients').select('id').where('email', '=', 'reporter-8@desk.example').where('announcement_id', '=', id).executeTakeFirstOrThrow();
    expect(message.raw.replace(/=\r\n/g, '')).toContain(links.token(Number(recipient.id)));
    expect(message.raw.replace(/=\r\n/g, '')).not.toContain(links.token(Number(other.id)));
  });

  const sentCount = async (announcementId: number) =>
    (await sql<{ n: number }>`select count(*)::int as n from distribution_recipients where announcement_id = ${announcementId} and status = 'sent'`.execute(t.database.db)).rows[0]!.n;

  it('mails everyone exactly once when its sender dies half way: the one that takes over sends only what the relay had not accepted', { timeout: 120_000 }, async () => {
    const id = await published({ lists: [list] });
    const before = sink.accepted.length;
    const first = senderOn({ leaseMs: 400 });
    const halfWay = new Promise<void>((resolve) => {
      sink.onAccepted = (count) => {
        if (count - before < 500) return;
        sink.onAccepted = () => undefined;
        // The relay holds what comes next unanswered, long enough for the messages in flight to
        // arrive whole and wait there; the marks of what it accepted land (however loaded the
        // machine: the test waits for them too); then the process dies.
        sink.freeze();
        const accepted = sink.accepted.length - before;
        const marked = (async () => {
          while ((await sentCount(id)) < accepted) await new Promise((wait) => setTimeout(wait, 20));
        })();
        void Promise.all([marked, new Promise((wait) => setTimeout(wait, 200))]).then(() => {
          first.abandon();
          resolve();
        });
      };
    });
    // A killed process answers nothing more: what it had in flight is never awaited.
    void first.sendWaiting().catch(() => 0);
    await halfWay;
    sink.thaw();
    const accepted = sink.accepted.length - before;
    expect(accepted).toBeGreaterThanOrEqual(500);
    expect(accepted).toBeLessThan(1000);
    const { rows } = await sql<{ status: string }>`select status from distribution_batches where announcement_id = ${id} and status = 'sending'`.execute(t.database.db);
    expect(rows).toHaveLength(1);

    // Its lease runs out; the next sender takes the batch over and finishes the rest.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const second = senderOn();
    await second.sendWaiting();
    await second.stop();
    const counts = new Map<string, number>();
    for (const to of sentTo(before)) counts.set(to, (counts.get(to) ?? 0) + 1);
    expect(counts.size).toBe(1000);
    expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    expect((await demo.pr.call('GET', `/api/v1/announcements/${id}/distribution`)).json().totals).toMatchObject({ sent: 1000, queued: 0 });
  });

  it('marks an address the relay refuses as bounced and leaves it out next time; a relay refusing everything fails the batch with its answer, raises the alert, and sends when it recovers; the hub hears each', async () => {
    sink.refusedAddresses.add('gone@paper.example');
    const first = await published({ addresses: ['gone@paper.example', 'desk@paper.example'] });
    const moves = new Set<string>();
    const sender = senderOn({ numbers: { moved: (announcementId, move) => moves.add(`${announcementId} ${move}`) } });
    await sender.sendWaiting();
    expect(moves).toEqual(new Set([`${first} sent`, `${first} bounced`]));
    const view = (await demo.pr.call('GET', `/api/v1/announcements/${first}/distribution`)).json();
    expect(view.totals).toMatchObject({ sent: 1, bounced: 1 });
    expect(await t.database.db.selectFrom('mail_bounces').select('email').execute()).toEqual([{ email: 'gone@paper.example' }]);
    const second = await published({ addresses: ['gone@paper.example', 'desk@paper.example'] });
    expect((await demo.pr.call('GET', `/api/v1/announcements/${second}/distribution`)).json().totals.recipients).toBe(1);
    expect(await sender.sendWaiting()).toBe(1);

    sink.relayDown = true;
    const third = await published({ addresses: ['late@paper.example'] });
    expect(await sender.sendWaiting()).toBe(0);
    const failing = (await demo.pr.call('GET', `/api/v1/announcements/${third}/distribution`)).json();
    expect(failing.batches[0]).toMatchObject({ status: 'failed', sent: 0 });
    expect(failing.batches[0].lastError).toContain('Service busy, try later');
    expect(failing.alert).toBe(RELAY_FAILING);
    expect(moves).toContain(`${third} failed`);

    sink.relayDown = false;
    await sender.sendWaiting();
    await sender.stop();
    const recovered = (await demo.pr.call('GET', `/api/v1/announcements/${third}/distribution`)).json();
    expect(recovered.batches[0]).toMatchObject({ status: 'sent', sent: 1, lastError: null });
    expect(recovered.alert).toBeNull();
    expect(sink.accepted.filter((m) => m.to === 'late@paper.example')).toHaveLength(1);
  });

  it('sends an embargoed release with the recipient’s own web version to read it online, the public page being closed until then', async () => {
    const until = new Date(Date.now() + 3_600_000);
    const id = await published({ addresses: ['early@paper.example'] }, { embargoUntil: until.toISOString() });
    const sender = senderOn();
    await sender.sendWaiting();
    await sender.stop();
    const recipient = await t.database.db.selectFrom('distribution_recipients').select('id').where('announcement_id', '=', id).executeTakeFirstOrThrow();
    const message = sink.accepted.find((m) => m.to === 'early@paper.example')!;
    expect(message.raw.replace(/=\r\n/g, '')).toContain(`Read it online: ${links.webUrl(Number(recipient.id))}`);
  });

  it('unsubscribes by the recipient’s own link (one click from the mail app, or the page’s button); a forged link does nothing', async () => {
    const id = await published({ addresses: ['leaving@paper.example', 'staying@paper.example'] });
    const leaving = await t.database.db.selectFrom('distribution_recipients').select('id').where('announcement_id', '=', id).where('email', '=', 'leaving@paper.example').executeTakeFirstOrThrow();
    const url = new URL(links.unsubscribeUrl(Number(leaving.id))).pathname;
    const page = await demo.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('leaving@paper.example');
    const forged = await demo.app.inject({ method: 'POST', url: `${url.slice(0, -3)}abc`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(forged.statusCode).toBe(404);
    expect(forged.body).toContain(UNSUBSCRIBE_LINK_INVALID);
    const oneClick = await demo.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain(UNSUBSCRIBED);

    const next = await published({ addresses: ['leaving@paper.example', 'staying@paper.example'] });
    const { rows } = await sql<{ email: string }>`select email from distribution_recipients where announcement_id = ${next}`.execute(t.database.db);
    expect(rows).toEqual([{ email: 'staying@paper.example' }]);
  });
});
