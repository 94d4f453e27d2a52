import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Tx } from '../events/types.ts';

export type Mail = { to: string; subject: string; text: string };

/**
 * Queues a mail in the transaction that causes it: no mail goes out for a change that rolled
 * back, and none is lost because a mail server was slow when the change committed.
 */
export async function enqueueMail(trx: Tx, mail: Mail): Promise<void> {
  await trx.insertInto('mail_outbox').values({ to_address: mail.to, subject: mail.subject, text_body: mail.text, sent_at: null, last_error: null }).execute();
}

export async function listOutbox(db: Kysely<Database>, limit = 50) {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'subject', 'text_body', 'created_at', 'sent_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    createdAt: new Date(row.created_at).toISOString(),
    sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
  }));
}
