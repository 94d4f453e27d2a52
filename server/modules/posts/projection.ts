import { sql } from 'kysely';
import type { PostEvent } from '../../../contracts/posts/index.ts';
import type { InlineProjection } from '../../projections/inline.ts';

/**
 * Posts, comments and likes as lists and pages read them, counts included. Counts change
 * by the exact delta of each event and never go below zero (the table checks it too).
 */
export const postsProjection: InlineProjection<PostEvent> = {
  name: 'posts',
  tables: ['likes', 'comments', 'posts'],
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
