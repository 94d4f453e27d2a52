import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_LINK_SECRET } from '../../../config.ts';
import { createMailTransport } from '../../../mail/transport.ts';
import { productModel } from '../../../model.ts';
import { replayInline } from '../../../projections/replay.ts';
import { TEST_PUBLIC_URL } from '../../../testing/app.ts';
import { silentLog, useTestCore } from '../../../testing/core.ts';
import { useDemo } from '../../../testing/demo.ts';
import { announcementStream } from '../commands.ts';
import { draft, newsroomOf } from '../testing.ts';
import { RecipientLinks } from './links.ts';
import { DistributionSender } from './sender.ts';
import { SmtpSink } from './smtp-sink.ts';
import { put } from './testing.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const sink = new SmtpSink();
const links = new RecipientLinks(DEVELOPMENT_LINK_SECRET, TEST_PUBLIC_URL);
let newsroom: number;

/** An announcement to these addresses, published and sent through the real sender to the local relay; its id. */
async function sentTo(addresses: string[]): Promise<number> {
  const id = await draft(demo.pr, newsroom, { body: '<p>Harbour opens in Perth. <a href="https://harbour.example/perth">The office</a></p>' });
  expect((await put(demo.app, demo.pr, `/api/v1/announcements/${id}/audience`, { lists: [], subscribers: false, addresses })).statusCode).toBe(200);
  expect((await demo.pr.call('POST', `/api/v1/announcements/${id}/publish`)).statusCode).toBe(200);
  const sender = new DistributionSender(t.database.db, createMailTransport(sink.url), { from: 'Harbour PR <news@pressroom.test>', publicUrl: TEST_PUBLIC_URL, links, log: silentLog, concurrency: 2 });
  await sender.sendWaiting();
  await sender.stop();
  return id;
}

/** What the relay accepted for this address, last. */
const original = (address: string) => sink.accepted.filter((m) => m.to === address).at(-1)!.raw;
const headersOf = (raw: string) => raw.slice(0, raw.indexOf('\r\n\r\n') + 2);

/**
 * A relay's report of a failure for good, as Postfix writes one: a note for people, the
 * machine-readable delivery status, and the original message's headers.
 */
function hardReport(address: string, originalRaw: string, status = '5.1.1'): string {
  return [
    'Return-Path: <>',
    'From: MAILER-DAEMON@relay.example (Mail Delivery System)',
    'To: news@pressroom.test',
    'Subject: Undelivered Mail Returned to Sender',
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status;',
    '\tboundary="8C1D2E3F.1764150000/relay.example"',
    'Message-Id: <20261126100000.8C1D2E3F@relay.example>',
    '',
    'This is a MIME-encapsulated message.',
    '',
    '--8C1D2E3F.1764150000/relay.example',
    'Content-Description: Notification',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host relay.example.',
    '',
    "I'm sorry to have to inform you that your message could not",
    'be delivered to one or more recipients.',
    '',
    `<${address}>: host mx.paper.example said: 550 ${status} User unknown`,
    '',
    '--8C1D2E3F.1764150000/relay.example',
    'Content-Description: Delivery report',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; relay.example',
    'X-Postfix-Queue-ID: 8C1D2E3F',
    'X-Postfix-Sender: rfc822; news@pressroom.test',
    'Arrival-Date: Thu, 26 Nov 2026 10:00:00 +0000 (UTC)',
    '',
    `Final-Recipient: rfc822; ${address}`,
    `Original-Recipient: rfc822;${address}`,
    'Action: failed',
    `Status: ${status}`,
    'Remote-MTA: dns; mx.paper.example',
    `Diagnostic-Code: smtp; 550 ${status} <${address}>: Recipient address rejected:`,
    '    User unknown in virtual mailbox table',
    '',
    '--8C1D2E3F.1764150000/relay.example',
    'Content-Description: Undelivered Message Headers',
    'Content-Type: text/rfc822-headers',
    '',
    headersOf(originalRaw),
    '--8C1D2E3F.1764150000/relay.example--',
    '',
  ].join('\r\n');
}

/** A relay's report of a delay (a full mailbox), quoting the whole original message, as Exim and others do. */
function softReport(address: string, originalRaw: string): string {
  return [
    'From: Mail Delivery System <Mailer-Daemon@relay.example>',
    'To: news@pressroom.test',
    'Subject: Warning: message delayed',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type="delivery-status"; boundary="delay-1"',
    '',
    '--delay-1',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Delivery to ${address} has been delayed; the relay will keep trying.`,
    '',
    '--delay-1',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; relay.example',
    '',
    `Final-Recipient: RFC822; ${address.toUpperCase()}`,
    'Action: delayed',
    'Status: 4.2.2',
    'Diagnostic-Code: smtp; 452 4.2.2 Mailbox full',
    'Will-Retry-Until: Sat, 28 Nov 2026 10:00:00 +0000',
    '',
    '--delay-1',
    'Content-Type: message/rfc822',
    '',
    originalRaw,
    '--delay-1--',
    '',
  ].join('\r\n');
}

const report = (message: string | Buffer, contentType = 'message/rfc822') => demo.app.inject({ method: 'POST', url: '/m/bounces', headers: { 'content-type': contentType }, payload: message });
const distribution = async (id: number) => (await demo.pr.call('GET', `/api/v1/announcements/${id}/distribution`)).json();
const recipientOf = (id: number, email: string) => t.database.db.selectFrom('distribution_recipients').selectAll().where('announcement_id', '=', id).where('email', '=', email).executeTakeFirstOrThrow();

beforeAll(async () => {
  await sink.listen();
  newsroom = (await newsroomOf(demo.admin, 'Harbour Bounce Room', [demo.pr])).id;
});
afterAll(() => sink.close());

describe('bounces the relay reports', () => {
  it('records a hard bounce (5.x.x) in the announcement’s log, shows it in the hub’s numbers, and never mails the address again; a soft one (4.x.x) is shown and the address still mailed', async () => {
    const id = await sentTo(['gone@paper.example', 'full@paper.example', 'fine@paper.example']);
    const gone = await recipientOf(id, 'gone@paper.example');
    const full = await recipientOf(id, 'full@paper.example');
    expect(gone.message_id).toContain(links.token(Number(gone.id)));

    const hard = await report(hardReport('gone@paper.example', original('gone@paper.example')));
    expect(hard.statusCode, hard.body).toBe(200);
    expect(hard.json()).toEqual({ bounce: 'hard' });
    const soft = await report(softReport('full@paper.example', original('full@paper.example')));
    expect(soft.json()).toEqual({ bounce: 'soft' });

    const events = (await t.core.store.readStream(t.database.db, announcementStream(id))).filter((event) => event.type === 'RecipientBounced');
    expect(events.map((event) => event.data)).toEqual([
      { announcementId: id, recipientId: Number(gone.id), email: 'gone@paper.example', kind: 'hard', status: '5.1.1', diagnostic: 'smtp; 550 5.1.1 <gone@paper.example>: Recipient address rejected: User unknown in virtual mailbox table' },
      { announcementId: id, recipientId: Number(full.id), email: 'full@paper.example', kind: 'soft', status: '4.2.2', diagnostic: 'smtp; 452 4.2.2 Mailbox full' },
    ]);
    expect(events.every((event) => event.metadata.actorRole === 'system' && event.metadata.actorId === null)).toBe(true);

    const view = await distribution(id);
    expect(view.totals).toMatchObject({ recipients: 3, sent: 2, bounced: 1 });
    expect(view.numbers).toMatchObject({ sent: 3, delivered: 2, softBounced: 1 });
    expect(view.numbers.recipients).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: 'gone@paper.example', status: 'bounced', bounce: 'hard' }),
        expect.objectContaining({ email: 'full@paper.example', status: 'sent', bounce: 'soft' }),
      ]),
    );
    expect(view.numbers.recipients.map((r: { email: string }) => r.email)).not.toContain('fine@paper.example');
    expect(await recipientOf(id, 'gone@paper.example')).toMatchObject({ status: 'bounced', bounce: 'hard', bounce_status: '5.1.1' });
    // The hub's history stays what people did.
    const hub = (await demo.pr.call('GET', `/api/v1/announcements/${id}/hub`)).json();
    expect(hub.history.map((change: { type: string }) => change.type)).not.toContain('RecipientBounced');

    const next = await sentTo(['gone@paper.example', 'full@paper.example', 'fine@paper.example']);
    const queued = await t.database.db.selectFrom('distribution_recipients').select('email').where('announcement_id', '=', next).orderBy('email').execute();
    expect(queued.map((r) => r.email)).toEqual(['fine@paper.example', 'full@paper.example']);
    expect(sink.accepted.filter((m) => m.to === 'gone@paper.example')).toHaveLength(1);
  });

  it('records each bounce once: a report repeated, or a delay after a failure for good, adds nothing; a failure after a delay does', async () => {
    const id = await sentTo(['slow@paper.example']);
    const raw = original('slow@paper.example');
    expect((await report(softReport('slow@paper.example', raw))).json()).toEqual({ bounce: 'soft' });
    expect((await report(softReport('slow@paper.example', raw))).json()).toEqual({ bounce: null });
    expect((await report(hardReport('slow@paper.example', raw, '5.2.1'))).json()).toEqual({ bounce: 'hard' });
    expect((await report(hardReport('slow@paper.example', raw, '5.2.1'))).json()).toEqual({ bounce: null });
    expect((await report(softReport('slow@paper.example', raw))).json()).toEqual({ bounce: null });
    const kinds = (await t.core.store.readStream(t.database.db, announcementStream(id))).filter((event) => event.type === 'RecipientBounced').map((event) => event.data.kind);
    expect(kinds).toEqual(['soft', 'hard']);
    expect((await distribution(id)).numbers).toMatchObject({ delivered: 0, softBounced: 0 });
  });

  it('ignores what is no report of an email of ours: a forged or foreign Message-ID, another address, an auto-reply, a report of delivery; an empty body is refused', async () => {
    const id = await sentTo(['kept@paper.example']);
    const kept = await recipientOf(id, 'kept@paper.example');
    const raw = original('kept@paper.example');
    const forged = raw.replaceAll(links.token(Number(kept.id)), `${Number(kept.id).toString(36)}.AAAAAAAAAAAAAAAAAAAAAA`);
    expect((await report(hardReport('kept@paper.example', forged))).json()).toEqual({ bounce: null });
    expect((await report(hardReport('kept@paper.example', raw.replace(/^Message-ID:\s*<[^>]+>/im, 'Message-ID: <abc@elsewhere.example>')))).json()).toEqual({ bounce: null });
    expect((await report(hardReport('someone@else.example', raw))).json()).toEqual({ bounce: null });
    const delivered = hardReport('kept@paper.example', raw).replace('Action: failed', 'Action: delivered').replace('Status: 5.1.1', 'Status: 2.0.0');
    expect((await report(delivered)).json()).toEqual({ bounce: null });
    const autoReply = ['From: kept@paper.example', 'To: news@pressroom.test', 'Subject: Out of office', 'Content-Type: text/plain', '', 'Back on Monday.', ''].join('\r\n');
    expect((await report(autoReply)).json()).toEqual({ bounce: null });

    const empty = await report('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual(['Send the message that reached the bounce address as the body, with Content-Type message/rfc822.']);
    const text = await report(hardReport('kept@paper.example', raw), 'text/plain');
    expect(text.statusCode).toBe(400);
    expect(text.json().errors).toEqual(empty.json().errors);
    expect(await recipientOf(id, 'kept@paper.example')).toMatchObject({ status: 'sent', bounce: null });
    expect((await t.core.store.readStream(t.database.db, announcementStream(id))).filter((event) => event.type === 'RecipientBounced')).toEqual([]);
  });

  it('rebuilds from the log: a replay sets the same bounces again', async () => {
    const id = await sentTo(['lost@paper.example', 'late@paper.example']);
    await report(hardReport('lost@paper.example', original('lost@paper.example')));
    await report(softReport('late@paper.example', original('late@paper.example')));
    const read = () => t.database.db.selectFrom('distribution_recipients').select(['id', 'status', 'bounce', 'bounce_status', 'bounced_at']).where('announcement_id', '=', id).orderBy('id').execute();
    const live = await read();
    expect(live.map((row) => row.bounce)).toEqual(['hard', 'soft']);
    await t.database.db.updateTable('distribution_recipients').set({ bounce: null, bounce_status: null, bounced_at: null }).where('announcement_id', '=', id).execute();
    await replayInline(t.database.db, t.core.store, productModel.inline);
    expect(await read()).toEqual(live);
  });
});
