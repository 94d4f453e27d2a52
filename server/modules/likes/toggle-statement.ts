import { sql } from 'kysely';
import { batchArray, preparedStatement } from '../../db/connect.ts';
import type { Executor } from '../../events/types.ts';
import { likeCountsMoved } from '../posts/index.ts';

export type LikeTarget = 'post' | 'comment';

export type ToggleRequest = {
  targetKind: LikeTarget;
  targetId: number;
  userId: number;
  status: boolean;
  isAdmin: boolean;
  userType: string | null;
  /** For a post: the kind its address names; a post of another kind is not found. */
  postKind: string | null;
  metadata: string;
};

export type ToggleRow = { ord: number; found: boolean; liked: boolean; likes_count: number | null; changed: boolean };

export const likeStream = (target: LikeTarget, targetId: number, userId: number) => `like-${target}-${targetId}-${userId}`;

/**
 * Many like toggles, on many targets, in ONE statement: each decides against the current
 * like row (the same status twice changes nothing), appends its Liked/Unliked event at the
 * next version of its stream, writes or removes the like row, and moves each target's count
 * once by the sum of its changes. Targets the person may not see (missing, deleted, not
 * meant for their user type, or only in communities they may not read) are refused row by
 * row. Equivalent, event by event, to the posts projection, so a replay rebuilds the same
 * rows and counts.
 */
export async function toggleLikes(db: Executor, requests: readonly ToggleRequest[]): Promise<ToggleRow[]> {
  const result = await sql<ToggleRow>`${preparedStatement('likes_toggle')}
    with input as (
      select * from unnest(${batchArray(requests.map((r) => r.targetKind), 'text')}, ${batchArray(requests.map((r) => r.targetId), 'int8')},
                           ${batchArray(requests.map((r) => r.userId), 'int8')}, ${batchArray(requests.map((r) => r.status), 'bool')},
                           ${batchArray(requests.map((r) => r.isAdmin), 'bool')}, ${batchArray(requests.map((r) => r.userType), 'text')},
                           ${batchArray(requests.map((r) => r.postKind), 'text')}, ${batchArray(requests.map((r) => r.metadata), 'text')})
        with ordinality as t(target_kind, target_id, user_id, status, is_admin, user_type, post_kind, metadata, ord)
    ),
    state as (
      select i.*, 'like-' || i.target_kind || '-' || i.target_id || '-' || i.user_id as stream_id,
             p.id is not null and not p.is_deleted and (c.id is null or not c.is_deleted) and (i.post_kind is null or p.kind = i.post_kind) and (
               i.is_admin or p.author_id = i.user_id or p.creator_id = i.user_id or (
                 (cardinality(p.user_types) = 0 or p.user_types @> array[i.user_type]) and (cardinality(p.community_ids) = 0 or exists (
                   select 1 from communities co where co.id = any(p.community_ids) and (co.type = 'public' or exists (
                     select 1 from memberships m where m.community_id = co.id and m.user_id = i.user_id)))))) as found,
             l.liked is not null as liked_before,
             coalesce(c.likes_count, p.likes_count) as count_before
      from input i
      left join comments c on i.target_kind = 'comment' and c.id = i.target_id
      left join posts p on p.id = case when i.target_kind = 'post' then i.target_id else c.post_id end
      -- A probe of the primary key per toggle, whatever the statistics said when the plan was
      -- cached: an EXISTS planned while likes was small stayed a hashed scan of the whole table.
      left join lateral (select true as liked from likes l where l.target_kind = i.target_kind and l.target_id = i.target_id and l.user_id = i.user_id limit 1) l on true
    ),
    changes as (
      select s.*, coalesce((select max(e.stream_version) from events e where e.stream_id = s.stream_id), 0) as version
      from state s where s.found and s.status <> s.liked_before
    ),
    appended as (
      insert into events (stream_id, stream_version, type, schema_version, data, metadata)
      select stream_id, version + 1, case when status then 'Liked' else 'Unliked' end, 1,
             jsonb_build_object('targetKind', target_kind, 'targetId', target_id, 'userId', user_id), metadata::jsonb
      from changes order by ord
      returning stream_id, recorded_at
    ),
    liked as (
      insert into likes (target_kind, target_id, user_id, liked_at)
      -- To the millisecond, as the projection writes it from the event on a replay (a JS Date).
      select c.target_kind, c.target_id, c.user_id, date_trunc('milliseconds', a.recorded_at) from changes c join appended a on a.stream_id = c.stream_id where c.status
      on conflict do nothing
      returning target_kind, target_id
    ),
    unliked as (
      delete from likes l using changes c
      where not c.status and l.target_kind = c.target_kind and l.target_id = c.target_id and l.user_id = c.user_id
      returning l.target_kind, l.target_id
    ),
    ${likeCountsMoved},
    counts as (select * from post_counts union all select * from comment_counts)
    select s.ord::int as ord, s.found, s.status as liked, coalesce(n.likes_count, s.count_before) as likes_count,
           exists (select 1 from changes c where c.ord = s.ord) as changed
    from state s left join counts n on n.target_kind = s.target_kind and n.target_id = s.target_id
    order by s.ord`.execute(db);
  return result.rows;
}
