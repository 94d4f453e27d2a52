import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A profile's recent posts: one author's, newest first, read straight off the index.
  await sql`create index posts_author_feed on posts (author_id, published_at desc, id desc) where not is_deleted`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index posts_author_feed`.execute(db);
}
