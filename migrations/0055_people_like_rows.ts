import { sql, type Kysely } from 'kysely';

/**
 * The planner's guess of what `search_people_like` returns: tens of people, not the thousand
 * it assumes of any function. With a thousand, the people search's one plan read all of `users`
 * to join a few hundred names (a sequential scan of 10,000 rows, 1 ms of every search); with
 * fifty it looks each one up by its key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter function search_people_like(text) rows 50`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter function search_people_like(text) rows 1000`.execute(db);
}
