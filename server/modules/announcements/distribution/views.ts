import { sql, type Kysely } from 'kysely';
import { EMPTY_AUDIENCE, RELAY_FAILING, type Audience, type DistributionView } from '../../../../contracts/announcements/distribution.ts';
import type { Database } from '../../../db/schema.ts';
import { numbersOf } from './activity.ts';
import './tables.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** How the email version went: its audience, its recipients by status, its batches newest first. */
export async function distributionOf(db: Kysely<Database>, announcementId: number): Promise<DistributionView> {
  const [row, counts, batches] = await Promise.all([
    db.selectFrom('announcements').select(['audience', 'tracking']).where('id', '=', announcementId).executeTakeFirst(),
    sql<{ status: string; n: number }>`select status, count(*)::int as n from distribution_recipients where announcement_id = ${announcementId} group by status`.execute(db),
    sql<{ id: number; status: DistributionView['batches'][number]['status']; size: number; sent: number; last_error: string | null; created_at: Date; finished_at: Date | null }>`
      select b.id, b.status, b.size, b.last_error, b.created_at, b.finished_at,
        (select count(*)::int from distribution_recipients r where r.batch_id = b.id and r.status in ('sent', 'bounced')) as sent
      from distribution_batches b where b.announcement_id = ${announcementId} order by b.id desc limit 200`.execute(db),
  ]);
  const by = new Map(counts.rows.map((c) => [c.status, c.n]));
  const audience: Audience = row?.audience ? json(row.audience) : EMPTY_AUDIENCE;
  return {
    audience,
    totals: {
      recipients: [...by.values()].reduce((a, b) => a + b, 0),
      queued: by.get('queued') ?? 0,
      sent: by.get('sent') ?? 0,
      failed: by.get('failed') ?? 0,
      bounced: by.get('bounced') ?? 0,
    },
    batches: batches.rows.map((b) => ({ id: Number(b.id), status: b.status, size: b.size, sent: b.sent, lastError: b.last_error, createdAt: iso(b.created_at)!, finishedAt: iso(b.finished_at) })),
    alert: batches.rows.some((b) => b.status === 'failed') ? RELAY_FAILING : null,
    numbers: await numbersOf(db, announcementId, row?.tracking ?? true),
  };
}
