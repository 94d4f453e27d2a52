import { describe, expect, it } from 'vitest';
import { listOutbox } from '../../mail/outbox.ts';
import { productModel } from '../../model.ts';
import { silentLog, useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import { DigestMailer } from './digest.ts';
import { addNewsItem } from './testing.ts';

const t = useTestCore(productModel, { process: true });
const demo = useDemo(t);

const DAY = 86_400_000;

describe('the daily email of a monitor', () => {
  it('tells the account’s people of the mentions of the day past, once, and only monitors that ask for it', async () => {
    const pat = demo.pr;
    const asked = (await pat.call('POST', '/api/v1/monitors', { name: 'Harbour daily', query: 'Harbour', emailDigest: true })).json().id as number;
    await pat.call('POST', '/api/v1/monitors', { name: 'Harbour quiet', query: 'Harbour' });
    await t.core.processors.caughtUp();
    await addNewsItem(t.core, { id: 7001, title: 'Harbour wins the ferry contract', outlet: 'The Age', link: 'https://theage.example/ferry' });
    await t.core.processors.caughtUp();

    let now = new Date(Date.now() + 60_000);
    const mailer = new DigestMailer(t.core, { now: () => now, publicUrl: 'https://pressroom.example', log: silentLog });
    // Not a day since the monitor was made: nothing yet.
    expect(await mailer.runDue()).toBe(0);

    now = new Date(Date.now() + DAY + 60_000);
    const sent = await mailer.runDue();
    const mails = (await listOutbox(t.database.db)).filter((mail) => mail.subject.endsWith('for Harbour daily'));
    expect(sent).toBe(mails.length);
    expect(mails.map((mail) => mail.to)).toContain('pr@pressroom.local');
    expect(mails[0]!.subject).toBe('1 new mention for Harbour daily');
    expect(mails[0]!.text).toContain('- Harbour wins the ferry contract (Outside news, The Age)\n  https://theage.example/ferry');
    expect(mails[0]!.text).toContain(`https://pressroom.example/app/monitor/${asked}`);
    expect((await listOutbox(t.database.db)).some((mail) => mail.subject.includes('Harbour quiet'))).toBe(false);

    // Sent once: the same day again finds nothing; the next day with nothing new sends nothing.
    expect(await mailer.runDue()).toBe(0);
    now = new Date(Date.now() + 2 * DAY + 120_000);
    expect(await mailer.runDue()).toBe(0);
    const row = await t.database.db.selectFrom('monitors').select('digest_through').where('id', '=', asked).executeTakeFirstOrThrow();
    expect(row.digest_through?.toISOString()).toBe(now.toISOString());
  });
});
