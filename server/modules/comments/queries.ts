import type { Kysely } from 'kysely';
import type { MediaItem, VideoView } from '../../../contracts/posts/media.ts';
import type { CommentView, ThreadView } from '../../../contracts/posts/views.ts';
import type { Database } from '../../db/schema.ts';
import { mayDeleteComment, mayEditComment, type Viewer } from '../posts/permissions.ts';
import { likedAmong } from '../likes/queries.ts';
import { AUTHOR_COLUMNS, authorNamed, authorOf } from '../posts/queries.ts';
import { findVideos, withVideoState } from '../video/index.ts';

export const COMMENTS_PAGE = 20;
/** Replies shown under each thread; childrenCount tells how many there are in all. */
export const REPLIES_SHOWN = 50;

function commentsWithAuthors(db: Kysely<Database>) {
  return db
    .selectFrom('comments as c')
    .leftJoin('users as u', 'u.id', 'c.author_id')
    .select([
      'c.id',
      'c.post_id',
      'c.parent_id',
      'c.author_id',
      'c.content',
      'c.attachments',
      'c.created_at',
      'c.edited_at',
      'c.is_deleted',
      'c.likes_count',
      'c.children_count',
      ...AUTHOR_COLUMNS,
    ]);
}

type CommentRow = Awaited<ReturnType<ReturnType<typeof commentsWithAuthors>['executeTakeFirstOrThrow']>>;

function toView(row: CommentRow, viewer: Viewer, liked: ReadonlySet<number>, videos: ReadonlyMap<number, VideoView>): CommentView {
  return {
    id: row.id,
    postId: row.post_id,
    parentId: row.parent_id,
    content: row.content,
    author: authorNamed(row.author_id, 'person', row),
    createdAt: new Date(row.created_at).toISOString(),
    editedAt: row.edited_at ? new Date(row.edited_at).toISOString() : null,
    attachments: withVideoState(row.attachments as MediaItem[], videos),
    likable: { liked: liked.has(row.id), likesCount: row.likes_count },
    isDeleted: row.is_deleted,
    permissions: { canEdit: !row.is_deleted && mayEditComment(viewer, { authorId: row.author_id }), canDelete: !row.is_deleted && mayDeleteComment(viewer, { authorId: row.author_id }) },
  };
}

export async function findComment(db: Kysely<Database>, viewer: Viewer, commentId: number): Promise<CommentView | null> {
  const row = await commentsWithAuthors(db).where('c.id', '=', commentId).executeTakeFirst();
  if (!row) return null;
  const [liked, videos] = await Promise.all([likedAmong(db, viewer.contactId, 'comment', [row.id]), videosOf(db, [row])]);
  return toView(row, viewer, liked, videos);
}

/** Where a comment hangs: for replies (thread rules) and for the post a like or edit concerns. */
export async function findCommentPlace(db: Kysely<Database>, commentId: number) {
  const row = await db.selectFrom('comments').select(['post_id', 'parent_id', 'is_deleted']).where('id', '=', commentId).executeTakeFirst();
  return row ? { postId: row.post_id, parentId: row.parent_id, isDeleted: row.is_deleted } : null;
}

/**
 * A page of a post's threads, oldest first so that "offset = how many are loaded" stays
 * right while new comments arrive, each with its replies (oldest first, up to REPLIES_SHOWN).
 */
export async function listThreads(db: Kysely<Database>, viewer: Viewer, postId: number, offset: number) {
  const threads = await commentsWithAuthors(db)
    .where('c.post_id', '=', postId)
    .where('c.parent_id', 'is', null)
    .where('c.is_deleted', '=', false)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .offset(offset)
    .limit(COMMENTS_PAGE + 1)
    .execute();
  const page = threads.slice(0, COMMENTS_PAGE);
  const replies = page.length
    ? await commentsWithAuthors(db)
        .where('c.parent_id', 'in', page.map((thread) => thread.id))
        .where('c.is_deleted', '=', false)
        .orderBy('c.created_at')
        .orderBy('c.id')
        .execute()
    : [];
  const [liked, videos] = await Promise.all([likedAmong(db, viewer.contactId, 'comment', [...page, ...replies].map((comment) => comment.id)), videosOf(db, [...page, ...replies])]);
  const byParent = new Map<number, CommentView[]>();
  for (const reply of replies) {
    const list = byParent.get(reply.parent_id!) ?? [];
    if (list.length < REPLIES_SHOWN) list.push(toView(reply, viewer, liked, videos));
    byParent.set(reply.parent_id!, list);
  }
  const total = await db.selectFrom('posts').select('comments_count').where('id', '=', postId).executeTakeFirst();
  const data: ThreadView[] = page.map((thread) => ({ ...toView(thread, viewer, liked, videos), children: byParent.get(thread.id) ?? [], childrenCount: thread.children_count }));
  return { data, offset, total: total?.comments_count ?? 0, hasMore: threads.length > COMMENTS_PAGE };
}

/** Who liked a post or comment, newest first. */
export async function listLikers(db: Kysely<Database>, target: 'post' | 'comment', targetId: number, limit = 100) {
  const rows = await db
    .selectFrom('likes as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['u.id', 'u.firstname', 'u.lastname', 'u.slug', 'u.logo', 'l.liked_at'])
    .where('l.target_kind', '=', target)
    .where('l.target_id', '=', targetId)
    .orderBy('l.liked_at', 'desc')
    .orderBy('u.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...authorOf({ author_id: row.id, author_type: 'person', author_firstname: row.firstname, author_lastname: row.lastname, author_slug: row.slug, author_logo: row.logo }),
    likedAt: new Date(row.liked_at).toISOString(),
  }));
}

/** The current state of the videos these comments carry. */
function videosOf(db: Kysely<Database>, rows: readonly CommentRow[]): Promise<Map<number, VideoView>> {
  return findVideos(db, rows.flatMap((row) => (row.attachments as MediaItem[]).filter((item) => item.type === 'video').map((item) => item.id)));
}
