import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { NumbersView } from '../../../../contracts/announcements/distribution.ts';
import type { Database } from '../../../db/schema.ts';
import type { ActivityKind } from './tables.ts';
import './tables.ts';

/** A web visitor as a hash of their address and browser, new every day: counted as one, never named. */
export function visitorOf(ip: string, userAgent: string, at = new Date()): string {
  return createHash('sha256').update(`${at.toISOString().slice(0, 10)}|${ip}|${userAgent}`).digest('base64url').slice(0, 22);
}

export async function recordActivity(db: Kysely<Database>, entry: { announcementId: number; recipientId: number | null; kind: ActivityKind; visitor: string | null }): Promise<void> {
  await db.insertInto('distribution_activity').values({ announcement_id: entry.announcementId, recipient_id: entry.recipientId, kind: entry.kind, visitor: entry.visitor }).execute();
}

/** The announcement's numbers: per recipient and in total, and by hour for the chart. */
export async function numbersOf(db: Kysely<Database>, announcementId: number, tracking: boolean): Promise<NumbersView> {
  const [totals, series, recipients] = await Promise.all([
    sql<{ sent: number; delivered: number; soft: number; opened: number; opens: number; clicked: number; clicks: number; views: number; visitors: number }>`
      select
        (select count(*)::int from distribution_recipients where announcement_id = ${announcementId} and status in ('sent', 'bounced')) as sent,
        (select count(*)::int from distribution_recipients where announcement_id = ${announcementId} and status = 'sent') as delivered,
        (select count(*)::int from distribution_recipients where announcement_id = ${announcementId} and status = 'sent' and bounce = 'soft') as soft,
        count(distinct recipient_id) filter (where kind = 'open')::int as opened,
        count(*) filter (where kind = 'open')::int as opens,
        count(distinct recipient_id) filter (where kind = 'click')::int as clicked,
        count(*) filter (where kind = 'click')::int as clicks,
        count(*) filter (where kind = 'view')::int as views,
        count(distinct visitor) filter (where kind = 'view')::int as visitors
      from distribution_activity where announcement_id = ${announcementId}`.execute(db),
    sql<{ at: Date; opens: number; clicks: number; views: number }>`
      select date_trunc('hour', at) as at,
        count(*) filter (where kind = 'open')::int as opens, count(*) filter (where kind = 'click')::int as clicks, count(*) filter (where kind = 'view')::int as views
      from distribution_activity where announcement_id = ${announcementId} group by 1 order by 1 desc limit 168`.execute(db),
    // Those who acted, those whose links were revoked (what the hub's revoke button shows), and those who bounced.
    sql<{ id: number; email: string; status: string; bounce: 'hard' | 'soft' | null; opens: number; clicks: number; views: number; revoked_at: Date | null }>`
      select r.id, r.email, r.status, r.bounce, r.revoked_at,
        count(a.id) filter (where a.kind = 'open')::int as opens, count(a.id) filter (where a.kind = 'click')::int as clicks, count(a.id) filter (where a.kind = 'view')::int as views
      from distribution_recipients r left join distribution_activity a on a.recipient_id = r.id
      where r.announcement_id = ${announcementId} and (a.id is not null or r.revoked_at is not null or r.status = 'bounced' or r.bounce is not null)
      group by r.id order by clicks desc, views desc, opens desc, r.email limit 50`.execute(db),
  ]);
  const t = totals.rows[0]!;
  return {
    tracking,
    sent: t.sent,
    delivered: t.delivered,
    opened: t.opened,
    opens: t.opens,
    clicked: t.clicked,
    clicks: t.clicks,
    views: t.views,
    uniqueVisitors: t.visitors,
    softBounced: t.soft,
    series: series.rows.reverse().map((row) => ({ at: new Date(row.at).toISOString(), opens: row.opens, clicks: row.clicks, views: row.views })),
    recipients: recipients.rows.map((r) => ({ id: Number(r.id), email: r.email, status: r.status, opens: r.opens, clicks: r.clicks, views: r.views, revokedAt: r.revoked_at === null ? null : new Date(r.revoked_at).toISOString(),
      bounce: r.status === 'bounced' ? 'hard' : r.bounce === 'soft' ? 'soft' : null,
    })),
  };
}
