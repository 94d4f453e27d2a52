import { sql, type Kysely } from 'kysely';

/** The people an account dismissed from its recommendations (RecommendationDismissed): never shown to it again. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table contact_recommendation_dismissals (
      account_id bigint not null,
      user_id bigint not null,
      dismissed_by bigint not null,
      dismissed_at timestamptz not null,
      primary key (account_id, user_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table contact_recommendation_dismissals`.execute(db);
}
