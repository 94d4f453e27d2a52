import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Which of these posts or comments the viewer likes, by primary key for just these ids. As a
 * subquery of a page the planner may turn it into a scan of every like of the viewer's.
 */
export async function likedAmong(db: Kysely<Database>, viewerId: number, targetKind: 'post' | 'comment', ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('likes')
    .select('target_id')
    .where('target_kind', '=', targetKind)
    .where('target_id', 'in', [...ids])
    .where('user_id', '=', viewerId)
    .execute();
  return new Set(rows.map((row) => Number(row.target_id)));
}
