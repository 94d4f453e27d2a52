import { sql } from 'kysely';

/**
 * The common tail of a statement that writes likes: given its `liked` and `unliked` CTEs (the
 * rows actually inserted and deleted, each as target_kind and target_id), the CTEs `deltas`,
 * `post_counts` and `comment_counts` move each target's count once by the sum of its changes,
 * never below zero, and return the new counts.
 */
export const likeCountsMoved = sql`
    deltas as (
      select target_kind, target_id, sum(delta)::int as delta
      from (select target_kind, target_id, 1 as delta from liked union all select target_kind, target_id, -1 from unliked) d
      group by target_kind, target_id
    ),
    post_counts as (
      update posts p set likes_count = greatest(p.likes_count + d.delta, 0) from deltas d
      where d.target_kind = 'post' and p.id = d.target_id
      returning 'post'::text as target_kind, p.id as target_id, p.likes_count
    ),
    comment_counts as (
      update comments c set likes_count = greatest(c.likes_count + d.delta, 0) from deltas d
      where d.target_kind = 'comment' and c.id = d.target_id
      returning 'comment'::text as target_kind, c.id as target_id, c.likes_count
    )`;
