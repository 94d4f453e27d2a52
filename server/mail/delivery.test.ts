import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../core.ts';
import { productModel } from '../model.ts';
import { openTestCore, silentLog } from '../testing/core.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { MailDelivery } from './delivery.ts';
import { enqueueMail, listOutbox } from './outbox.ts';

let database: TestDatabase;
let core: Core;
let smtp: SMTPServer;
let port: number;
const received: { from: string; to: string[]; body: string }[] = [];
let refuseNext = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  core = await openTestCore(database, productModel, { process: false });
  // A real SMTP server on loopback: the mail crosses a socket as it would to a relay.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
      stream.on('end', () => {
        if (refuseNext > 0) {
          refuseNext -= 1;
          return callback(new Error('mailbox busy'));
        }
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await core?.close();
  await database?.drop();
});

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 25));
}

describe('mail delivery over SMTP', () => {
  it('sends queued mail once and marks it sent; a refused send stays queued and goes out later', async () => {
    const delivery = new MailDelivery(core.database.db, `smtp://127.0.0.1:${port}`, 'Pressroom <no-reply@pressroom.test>', silentLog, 50);
    refuseNext = 1;
    await core.database.db.transaction().execute((trx) => enqueueMail(trx, { to: 'ana@example.com', subject: 'Reset your Pressroom password', text: 'Choose a new password here: …' }));
    delivery.start();
    await until(async () => (await listOutbox(core.database.db))[0]?.sentAt !== null);
    await delivery.stop();

    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'no-reply@pressroom.test', to: ['ana@example.com'] });
    expect(received[0]!.body).toContain('Subject: Reset your Pressroom password');
    const [row] = await core.database.db.selectFrom('mail_outbox').select(['attempts', 'last_error', 'sent_at']).execute();
    expect(row).toMatchObject({ attempts: 2, last_error: null });
    expect(row!.sent_at).not.toBeNull();
  });
});
