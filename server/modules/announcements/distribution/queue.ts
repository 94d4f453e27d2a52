import { sql } from 'kysely';
import { EMPTY_AUDIENCE, type Audience } from '../../../../contracts/announcements/distribution.ts';
import type { Tx } from '../../../events/types.ts';
import { listAddresses } from '../../contacts/index.ts';
import type { RecipientSource } from './tables.ts';
import './tables.ts';

/** Recipients per batch: a batch is what the hub shows a status for, and what a sender claims at once. */
export const BATCH_SIZE = 100;

type Candidate = { email: string; name: string; source: RecipientSource };

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * Queues the email version for whoever of its audience may have it now and has not been queued
 * yet, in the transaction of the event that opened the way (published, embargo lifted, audience
 * set): journalists on its lists and typed addresses from publication (under embargo, with the
 * embargo said), the newsroom's subscribers once the public may read it. Each address once per
 * announcement (a unique index holds to it), none that bounced or unsubscribed from the account.
 * How many were queued.
 */
export async function queueRecipients(trx: Tx, announcementId: number): Promise<number> {
  const row = await trx.selectFrom('announcements').select(['status', 'is_public', 'account_id', 'newsroom_id', 'audience']).where('id', '=', announcementId).executeTakeFirst();
  if (!row || row.status !== 'published') return 0;
  const audience: Audience = row.audience ? json(row.audience) : EMPTY_AUDIENCE;
  const accountId = Number(row.account_id);
  const candidates: Candidate[] = [];
  if (audience.lists.length > 0) {
    const { recipients } = await listAddresses(trx, accountId, audience.lists);
    candidates.push(...recipients.map((r) => ({ email: r.email, name: r.name, source: 'list' as const })));
  }
  candidates.push(...audience.addresses.map((email) => ({ email, name: '', source: 'address' as const })));
  if (audience.subscribers && row.is_public) {
    const subscribers = await trx.selectFrom('newsroom_subscribers').select('email').where('newsroom_id', '=', Number(row.newsroom_id)).where('status', '=', 'confirmed').orderBy('id').execute();
    candidates.push(...subscribers.map((s) => ({ email: s.email, name: '', source: 'subscriber' as const })));
  }
  const unique = new Map<string, Candidate>();
  for (const candidate of candidates) {
    const key = candidate.email.trim().toLowerCase();
    if (key && !unique.has(key)) unique.set(key, { ...candidate, email: candidate.email.trim() });
  }
  if (unique.size === 0) return 0;
  const keys = [...unique.keys()];
  const { rows: excluded } = await sql<{ email: string }>`
    select lower(email) as email from distribution_recipients where announcement_id = ${announcementId} and lower(email) = any(${keys}::text[])
    union select email from mail_bounces where email = any(${keys}::text[])
    union select email from distribution_unsubscribes where account_id = ${accountId} and email = any(${keys}::text[])`.execute(trx);
  for (const { email } of excluded) unique.delete(email);
  const fresh = [...unique.values()];
  for (let start = 0; start < fresh.length; start += BATCH_SIZE) {
    const chunk = fresh.slice(start, start + BATCH_SIZE);
    const batch = await trx.insertInto('distribution_batches').values({ announcement_id: announcementId, status: 'queued', size: chunk.length, lease_until: null, last_error: null, finished_at: null }).returning('id').executeTakeFirstOrThrow();
    await trx
      .insertInto('distribution_recipients')
      .values(chunk.map((c) => ({ announcement_id: announcementId, batch_id: Number(batch.id), email: c.email, name: c.name, source: c.source, status: 'queued' as const, message_id: null, last_error: null, sent_at: null, revoked_at: null })))
      .execute();
  }
  return fresh.length;
}
