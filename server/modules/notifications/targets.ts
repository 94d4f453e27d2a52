import type { PostKind } from '../../../contracts/posts/kinds.ts';
import { sql } from 'kysely';
import { batchArray } from '../../db/connect.ts';
import type { Tx } from '../../events/types.ts';
import { commentSummary, ownerOf, postSummary, type CommentTarget, type PostTarget } from './notices.ts';

// The posts and comments read models are inline: they already hold every event this processor
// meets, and authors, kinds and threads never change. Summaries may be newer than the event;
// the edit events that follow set them again, so live tables and rebuilt ones end the same.

export type FoundPost = PostTarget & { creatorId: number };
/**
 * `gone` when the comment or its thread is deleted by now: its CommentDeleted takes back what
 * it caused, so a notice made now would only be taken back, or, when that event came first,
 * never be.
 */
export type FoundComment = CommentTarget & { postId: number; gone: boolean };

/** Posts by id, in one query; each must be in the read model. */
export async function findPostTargets(trx: Tx, postIds: Iterable<number>): Promise<Map<number, FoundPost>> {
  const ids = [...new Set(postIds)];
  if (ids.length === 0) return new Map();
  // Of the fields, only what a summary reads. The ids as one array parameter however many: a
  // list of a rebuild's thousand ids was planned anew each time.
  const posts = await trx
    .selectFrom('posts')
    .select(['id', 'kind', 'author_id', 'author_type', 'creator_id'])
    .select([sql<string | null>`fields->>'title'`.as('title'), sql<string | null>`fields->>'name'`.as('name'), sql<string | null>`fields->>'content'`.as('content')])
    .where(sql<boolean>`id in (select unnest(${batchArray(ids, 'int8')}))`)
    .execute();
  const found = new Map<number, FoundPost>(
    posts.map((post) => [
      post.id,
      {
        id: post.id,
        kind: post.kind as PostKind,
        ownerId: ownerOf({ authorId: post.author_id, authorType: post.author_type, creatorId: post.creator_id }),
        creatorId: post.creator_id,
        summary: postSummary(post),
      },
    ]),
  );
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw new Error(`Post ${missing} is not in the posts read model`);
  return found;
}

/** Comments by id, in one query; each must be in the read model. */
export async function findCommentTargets(trx: Tx, commentIds: Iterable<number>): Promise<Map<number, FoundComment>> {
  const ids = [...new Set(commentIds)];
  if (ids.length === 0) return new Map();
  const comments = await trx
    .selectFrom('comments as c')
    .leftJoin('comments as thread', 'thread.id', 'c.parent_id')
    .select(['c.id', 'c.post_id', 'c.parent_id', 'c.author_id', 'c.content', 'c.is_deleted', 'thread.is_deleted as thread_deleted'])
    .where('c.id', 'in', ids)
    .execute();
  const found = new Map<number, FoundComment>(
    comments.map((comment) => [
      comment.id,
      {
        id: comment.id,
        postId: comment.post_id,
        parentId: comment.parent_id,
        authorId: comment.author_id,
        summary: commentSummary(comment.content),
        gone: comment.is_deleted || comment.thread_deleted === true,
      },
    ]),
  );
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw new Error(`Comment ${missing} is not in the comments read model`);
  return found;
}

export async function findPostTarget(trx: Tx, postId: number): Promise<FoundPost> {
  return (await findPostTargets(trx, [postId])).get(postId)!;
}

export async function findCommentTarget(trx: Tx, commentId: number): Promise<FoundComment> {
  return (await findCommentTargets(trx, [commentId])).get(commentId)!;
}
