import { sql, type Kysely } from 'kysely';

/**
 * What the relay's delivery reports said of a recipient (issue 18): `bounce` hard (5.x.x, the
 * address is not mailed again) or soft (4.x.x), with the report's status code and when. Written
 * by the announcements projection from RecipientBounced, as `revoked_at` is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table distribution_recipients
      add column bounce text check (bounce in ('hard', 'soft')),
      add column bounce_status text,
      add column bounced_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table distribution_recipients drop column bounce, drop column bounce_status, drop column bounced_at`.execute(db);
}
