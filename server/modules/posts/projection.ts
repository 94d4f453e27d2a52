import { sql } from 'kysely';
import type { PostEvent } from '../../../contracts/posts/index.ts';
import { batchArray, preparedStatement } from '../../db/connect.ts';
import type { StoredEvent, Tx } from '../../events/types.ts';
import type { InlineProjection } from '../../projections/inline.ts';
import { likeCountsMoved } from './like-counts.ts';

type Created = StoredEvent<Extract<PostEvent, { type: 'PostCreated' }>>;
type LikeEvent = StoredEvent<Extract<PostEvent, { type: 'Liked' | 'Unliked' }>>;

/** A run of new posts in one statement. */
async function createPosts(trx: Tx, events: readonly Created[]): Promise<void> {
  const rows = events.map(({ data, recordedAt }) => ({
    id: data.postId,
    kind: data.kind,
    author_id: data.authorId,
    author_type: data.authorType,
    creator_id: data.creatorId,
    community_ids: data.communityIds,
    user_types: data.userTypes,
    fields: data.fields,
    published_at: recordedAt.toISOString(),
  }));
  await sql`${preparedStatement('posts_created')}
    insert into posts (id, kind, author_id, author_type, creator_id, community_ids, user_types, fields, is_deleted, published_at, updated_at, likes_count, comments_count, total_comments_count)
    select id, kind, author_id, author_type, creator_id, community_ids, user_types, fields, false, published_at, published_at, 0, 0, 0
    from jsonb_populate_recordset(null::posts, ${JSON.stringify(rows)}::jsonb)`.execute(trx);
}

/**
 * A run of likes and unlikes in a statement per stretch in which no one toggles the same
 * target twice: the rows written or removed, and each target's count moved once by the rows
 * actually changed, as the events one by one leave them.
 */
async function applyLikes(trx: Tx, events: readonly LikeEvent[]): Promise<void> {
  let stretch: LikeEvent[] = [];
  let keys = new Set<string>();
  for (const event of events) {
    const key = `${event.data.targetKind}:${event.data.targetId}:${event.data.userId}`;
    if (keys.has(key)) {
      await toggleAll(trx, stretch);
      stretch = [];
      keys = new Set();
    }
    stretch.push(event);
    keys.add(key);
  }
  await toggleAll(trx, stretch);
}

async function toggleAll(trx: Tx, events: readonly LikeEvent[]): Promise<void> {
  const column = <T>(pick: (event: LikeEvent) => T) => events.map(pick);
  await sql`${preparedStatement('posts_likes_toggled')}
    with input as (
      select * from unnest(${batchArray(column((e) => e.data.targetKind), 'text')}, ${batchArray(column((e) => e.data.targetId), 'int8')},
                           ${batchArray(column((e) => e.data.userId), 'int8')}, ${batchArray(column((e) => e.type === 'Liked'), 'bool')},
                           (select ${column((e) => e.recordedAt.toISOString())}::timestamptz[])) as t(target_kind, target_id, user_id, liked, at)
    ),
    liked as (
      insert into likes (target_kind, target_id, user_id, liked_at)
      select target_kind, target_id, user_id, at from input where liked
      on conflict do nothing
      returning target_kind, target_id
    ),
    unliked as (
      delete from likes l using input i
      where not i.liked and l.target_kind = i.target_kind and l.target_id = i.target_id and l.user_id = i.user_id
      returning l.target_kind, l.target_id
    ),
    ${likeCountsMoved}
    select count(*) from post_counts`.execute(trx);
}

/**
 * Posts, comments and likes as lists and pages read them, counts included. Counts change
 * by the exact delta of each event and never go below zero (the table checks it too).
 */
export const postsProjection: InlineProjection<PostEvent> = {
  name: 'posts',
  tables: ['likes', 'comments', 'posts'],
  // Its writes find rows by their keys; these order the feeds, threads and likers for readers.
  readerIndexes: ['posts_feed', 'posts_kind_feed', 'posts_author_feed', 'comments_thread', 'comments_replies', 'likes_newest'],
  // Between other events, new posts first and then the likes, each kind in one statement: a
  // like is always of a post created before it, so putting every creation first changes nothing.
  async applyAll(trx, events) {
    let created: Created[] = [];
    let likes: LikeEvent[] = [];
    const flush = async () => {
      if (created.length > 0) await createPosts(trx, created);
      if (likes.length > 0) await applyLikes(trx, likes);
      created = [];
      likes = [];
    };
    for (const event of events) {
      if (event.type === 'PostCreated') created.push(event);
      else if (event.type === 'Liked' || event.type === 'Unliked') likes.push(event);
      else {
        await flush();
        await this.apply(trx, event);
      }
    }
    await flush();
  },
  async apply(trx, event) {
    const at = event.recordedAt;
    switch (event.type) {
      case 'PostCreated': {
        const { postId, kind, authorId, authorType, creatorId, communityIds, userTypes, fields } = event.data;
        await trx
          .insertInto('posts')
          .values({
            id: postId,
            kind,
            author_id: authorId,
            author_type: authorType,
            creator_id: creatorId,
            community_ids: communityIds,
            user_types: userTypes,
            fields: JSON.stringify(fields),
            is_deleted: false,
            published_at: at,
            updated_at: at,
            likes_count: 0,
            comments_count: 0,
            total_comments_count: 0,
          })
          .execute();
        return;
      }
      case 'PostUpdated': {
        const { postId, communityIds, userTypes, fields } = event.data;
        await trx
          .updateTable('posts')
          .set({ community_ids: communityIds, user_types: userTypes, fields: JSON.stringify(fields), updated_at: at })
          .where('id', '=', postId)
          .execute();
        return;
      }
      case 'PostDeleted':
      case 'PostRestored':
        await trx
          .updateTable('posts')
          .set({ is_deleted: event.type === 'PostDeleted', updated_at: at })
          .where('id', '=', event.data.postId)
          .execute();
        return;
      case 'Commented': {
        const { commentId, postId, parentId, authorId, content, attachments } = event.data;
        await trx
          .insertInto('comments')
          .values({
            id: commentId,
            post_id: postId,
            parent_id: parentId,
            author_id: authorId,
            content,
            attachments: JSON.stringify(attachments),
            created_at: at,
            edited_at: null,
            is_deleted: false,
            likes_count: 0,
            children_count: 0,
          })
          .execute();
        if (parentId !== null) await trx.updateTable('comments').set({ children_count: sql`children_count + 1` }).where('id', '=', parentId).execute();
        await trx
          .updateTable('posts')
          .set({
            comments_count: parentId === null ? sql`comments_count + 1` : sql`comments_count`,
            total_comments_count: sql`total_comments_count + 1`,
          })
          .where('id', '=', postId)
          .execute();
        return;
      }
      case 'CommentEdited': {
        const { commentId, content, attachments } = event.data;
        await trx.updateTable('comments').set({ content, attachments: JSON.stringify(attachments), edited_at: at }).where('id', '=', commentId).execute();
        return;
      }
      case 'CommentDeleted': {
        const { commentId, postId, parentId } = event.data;
        // A deleted thread takes its live replies out of the post's total with it.
        const removed = await trx
          .updateTable('comments')
          .set({ is_deleted: true })
          .where('id', '=', commentId)
          .where('is_deleted', '=', false)
          .returning('children_count')
          .executeTakeFirst();
        if (!removed) return;
        if (parentId !== null) await trx.updateTable('comments').set({ children_count: sql`greatest(children_count - 1, 0)` }).where('id', '=', parentId).execute();
        await trx
          .updateTable('posts')
          .set({
            comments_count: parentId === null ? sql`greatest(comments_count - 1, 0)` : sql`comments_count`,
            total_comments_count: sql`greatest(total_comments_count - ${1 + removed.children_count}, 0)`,
          })
          .where('id', '=', postId)
          .execute();
        return;
      }
      case 'Liked':
      case 'Unliked':
        await applyLike(trx, event.type === 'Liked', event.data, at);
        return;
    }
  },
};

/** One like or unlike: the like row, then the target's count by the rows actually changed. */
async function applyLike(
  trx: Parameters<InlineProjection['apply']>[0],
  liked: boolean,
  { targetKind, targetId, userId }: { targetKind: 'post' | 'comment'; targetId: number; userId: number },
  at: Date,
): Promise<void> {
  const changed = liked
    ? await trx.insertInto('likes').values({ target_kind: targetKind, target_id: targetId, user_id: userId, liked_at: at }).onConflict((oc) => oc.doNothing()).executeTakeFirst()
    : await trx.deleteFrom('likes').where('target_kind', '=', targetKind).where('target_id', '=', targetId).where('user_id', '=', userId).executeTakeFirst();
  const rows = Number('numInsertedOrUpdatedRows' in changed ? changed.numInsertedOrUpdatedRows : changed.numDeletedRows);
  if (rows === 0) return;
  const table = targetKind === 'post' ? 'posts' : 'comments';
  await trx
    .updateTable(table)
    .set({ likes_count: liked ? sql`likes_count + 1` : sql`greatest(likes_count - 1, 0)` })
    .where('id', '=', targetId)
    .execute();
}
