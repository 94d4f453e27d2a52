import type { PostKind } from '../../../contracts/posts/kinds.ts';
import type { Tx } from '../../events/types.ts';
import { commentSummary, ownerOf, postSummary, type CommentTarget, type PostTarget } from './notices.ts';

// The posts and comments read models are inline: they already hold every event this processor
// meets, and authors, kinds and threads never change. Summaries may be newer than the event;
// the edit events that follow set them again, so live tables and rebuilt ones end the same.

export async function findPostTarget(trx: Tx, postId: number): Promise<PostTarget & { creatorId: number }> {
  const post = await trx.selectFrom('posts').select(['id', 'kind', 'author_id', 'author_type', 'creator_id', 'fields']).where('id', '=', postId).executeTakeFirst();
  if (!post) throw new Error(`Post ${postId} is not in the posts read model`);
  return {
    id: post.id,
    kind: post.kind as PostKind,
    ownerId: ownerOf({ authorId: post.author_id, authorType: post.author_type, creatorId: post.creator_id }),
    creatorId: post.creator_id,
    summary: postSummary(post.fields),
  };
}

/**
 * `gone` when the comment or its thread is deleted by now: its CommentDeleted takes back what
 * it caused, so a notice made now would only be taken back, or, when that event came first,
 * never be.
 */
export async function findCommentTarget(trx: Tx, commentId: number): Promise<CommentTarget & { postId: number; gone: boolean }> {
  const comment = await trx
    .selectFrom('comments as c')
    .leftJoin('comments as thread', 'thread.id', 'c.parent_id')
    .select(['c.id', 'c.post_id', 'c.parent_id', 'c.author_id', 'c.content', 'c.is_deleted', 'thread.is_deleted as thread_deleted'])
    .where('c.id', '=', commentId)
    .executeTakeFirst();
  if (!comment) throw new Error(`Comment ${commentId} is not in the comments read model`);
  return {
    id: comment.id,
    postId: comment.post_id,
    parentId: comment.parent_id,
    authorId: comment.author_id,
    summary: commentSummary(comment.content),
    gone: comment.is_deleted || comment.thread_deleted === true,
  };
}
