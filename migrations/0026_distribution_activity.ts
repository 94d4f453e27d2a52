import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // What became of an announcement: each email open (its pixel), click (its signed links) and web
  // view, by recipient where a recipient's link led there; a view's visitor is a daily hash, no address.
  await sql`
    create table distribution_activity (
      id bigint generated always as identity primary key,
      announcement_id bigint not null,
      recipient_id bigint,
      kind text not null,
      visitor text,
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index distribution_activity_of on distribution_activity (announcement_id, at)`.execute(db);
  await sql`create index distribution_activity_of_recipient on distribution_activity (recipient_id) where recipient_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table distribution_activity`.execute(db);
}
