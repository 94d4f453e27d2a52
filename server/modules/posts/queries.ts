import type { Kysely, RawBuilder } from 'kysely';
import { ARTICLE_KIND_LABELS, KIND_LABELS, type PostKind, type UserType } from '../../../contracts/posts/kinds.ts';
import type { MediaItem, VideoView } from '../../../contracts/posts/media.ts';
import type { Author, PostView } from '../../../contracts/posts/views.ts';
import type { Database } from '../../db/schema.ts';
import { readableCommunityIds } from '../communities/queries.ts';
import { findVideos, videoViewOf, withVideoState } from '../video/index.ts';
import { mayDelete, mayEdit, mayRead, mayRestore, type Viewer } from './permissions.ts';
import { feedRows, feedRowsAsking, postViewRow, postViewRows, type FeedFilter, type PostViewRow } from './view-statements.ts';

/** The author's name and face, from `users as u`, as `authorOf` reads them. */
export const AUTHOR_COLUMNS = ['u.firstname as author_firstname', 'u.lastname as author_lastname', 'u.slug as author_slug', 'u.logo as author_logo'] as const;

/** The post as the viewer may see it, or null when it does not exist for them. */
export async function findPostView(db: Kysely<Database>, viewer: Viewer, postId: number, kind?: PostKind): Promise<PostView | null> {
  const row = await postViewRow(db, viewer.contactId, postId);
  if (!row || (kind && row.kind !== kind)) return null;
  const readable = row.community_ids.length > 0 ? await readableCommunityIds(db, viewer.contactId) : NO_COMMUNITIES;
  if (!mayRead(viewer, visibilityOf(row), readable)) return null;
  return (await withAttachedVideos(db, [toView(viewer, row)]))[0]!;
}

/** findPostView for many posts in as many queries as for one: those the viewer may see, of the given kinds, in the order asked. */
export async function findPostViews(db: Kysely<Database>, viewer: Viewer, postIds: readonly number[], kinds?: readonly PostKind[]): Promise<PostView[]> {
  const rows = (await postViewRows(db, viewer.contactId, postIds)).filter((row) => !kinds || kinds.includes(row.kind));
  const readable = rows.some((row) => row.community_ids.length > 0) ? await readableCommunityIds(db, viewer.contactId) : NO_COMMUNITIES;
  const visible = rows.filter((row) => mayRead(viewer, visibilityOf(row), readable));
  return withAttachedVideos(db, visible.map((row) => toView(viewer, row)));
}

/** The stored fields of a post, for its edit form (GET .../{id}/all). */
export async function findPostRecord(db: Kysely<Database>, postId: number) {
  return db.selectFrom('posts').selectAll().where('id', '=', postId).executeTakeFirst();
}

/** A page of the feed (see feedRows), with hasMore. */
export async function listPostViews(db: Kysely<Database>, viewer: Viewer, options: FeedFilter) {
  return pageOfViews(db, viewer, await feedRows(db, viewer, { ...options, limit: options.limit + 1 }), options);
}

/** The unfiltered feed's page (listPostViews), with what `asked` says in the same statement (see feedRowsAsking). */
export async function listPostViewsAsking(db: Kysely<Database>, viewer: Viewer, page: { offset: number; limit: number }, asked: RawBuilder<boolean>) {
  const { rows, answer } = await feedRowsAsking(db, viewer, { ...page, limit: page.limit + 1 }, asked);
  return { posts: await pageOfViews(db, viewer, rows, page), answer };
}

/** A page of `page.limit` from rows read with one more, which tells whether there is more. */
async function pageOfViews(db: Kysely<Database>, viewer: Viewer, rows: readonly PostViewRow[], page: { offset: number; limit: number }) {
  return { data: await withAttachedVideos(db, rows.slice(0, page.limit).map((row) => toView(viewer, row))), offset: page.offset, limit: page.limit, hasMore: rows.length > page.limit };
}

/** A community post's attached videos as they are now (processing, playable, failed); a page without any costs no query. */
async function withAttachedVideos(db: Kysely<Database>, views: PostView[]): Promise<PostView[]> {
  const ids = views.flatMap((view) => (view.type === 'communityPost' ? view.attachments.filter((item) => item.type === 'video').map((item) => item.id) : []));
  if (ids.length === 0) return views;
  const videos = await findVideos(db, ids);
  for (const view of views) if (view.type === 'communityPost') view.attachments = withVideoState(view.attachments, videos);
  return views;
}

const NO_COMMUNITIES: ReadonlySet<number> = new Set();

function visibilityOf(row: PostViewRow) {
  return {
    kind: row.kind,
    authorId: row.author_id,
    authorType: row.author_type,
    creatorId: row.creator_id,
    userTypes: row.user_types,
    communityIds: row.community_ids.map(Number),
    isDeleted: row.is_deleted,
  };
}

/** The columns AUTHOR_COLUMNS reads, under their names. */
export type AuthorNames = { author_firstname: string | null; author_lastname: string | null; author_slug: string | null; author_logo: string | null };

export function authorOf(row: AuthorNames & { author_id: number; author_type: 'person' | 'company' }): Author {
  return authorNamed(row.author_id, row.author_type, row);
}

/**
 * An author from the name columns of a row whose id is kept elsewhere: taken, not spread into a
 * new row, which for a wide row was a slow copy on every view.
 */
export function authorNamed(id: number, type: Author['type'], names: AuthorNames): Author {
  return {
    id,
    avatar: names.author_logo,
    name: `${names.author_firstname ?? ''} ${names.author_lastname ?? ''}`.trim() || 'Former member',
    slug: names.author_slug ?? '',
    type,
  };
}

function videoOf(row: PostViewRow): VideoView | null {
  if (row.video_id === null) return null;
  return videoViewOf({
    id: row.video_id,
    source: row.video_path!,
    status: row.video_status!,
    master: row.video_master,
    qualities: row.video_qualities,
    fallback: row.video_fallback,
    cover: row.video_thumbnail,
    duration: row.video_duration,
  });
}

function toView(viewer: Viewer, row: PostViewRow): PostView {
  const ref = visibilityOf(row);
  const published = new Date(row.published_at).toISOString();
  const base = {
    id: row.id,
    typeLabel: KIND_LABELS[row.kind],
    author: authorOf(row),
    creatorId: row.creator_id,
    publishedAt: published,
    time: published,
    updatedAt: new Date(row.updated_at).toISOString(),
    isDeleted: row.is_deleted,
    communityIds: ref.communityIds,
    userTypes: row.user_types,
    likable: { liked: row.liked, likesCount: row.likes_count },
    commentable: { commentsCount: row.comments_count, totalCommentsCount: row.total_comments_count },
    permissions: { canEdit: !row.is_deleted && mayEdit(viewer, ref), canDelete: !row.is_deleted && mayDelete(viewer, ref), canRestore: row.is_deleted && mayRestore(viewer, ref) },
  };
  // Object.assign, not a spread: spreading base into a literal with more keys costs V8
  // about a hundred times more, and a feed page makes twenty of these.
  return Object.assign(base, kindFields(row));
}

/** What each kind adds to the common view. */
function kindFields(row: PostViewRow) {
  const f = row.fields as Record<string, any>;
  const video = videoOf(row);
  switch (row.kind) {
    case 'callout':
      return {
        type: 'callout' as const,
        title: f.title,
        content: f.content,
        deadline: f.deadline,
        deadlineAt: f.deadline,
        isAsap: f.deadline === null,
        interview: f.interviewId === null ? null : { id: f.interviewId, showQuestions: f.showQuestions, allowSkip: f.allowSkip },
      };
    case 'communityPost':
      return { type: 'communityPost' as const, content: f.content, attachments: f.attachments as MediaItem[], attachmentsCount: (f.attachments as MediaItem[]).length };
    case 'event':
      return { type: 'event' as const, name: f.name, eventType: f.eventType, timezone: f.timezone, timeZone: f.timezone, address: f.address, venue: f.venue, link: f.link, description: f.description, img: f.img, start: f.start, end: f.end };
    case 'job':
      return { type: 'job' as const, title: f.title, description: f.description, company: f.company, workplace: f.workplace, jobType: f.jobType, location: f.location, img: f.img, url: f.url };
    case 'record':
      return { type: 'record' as const, content: f.content, video };
    case 'reaction':
    case 'statement':
      return { type: row.kind, content: f.content, video, url: f.url };
    case 'story':
      return { type: 'story' as const, articleKind: f.articleKind, articleKindLabel: ARTICLE_KIND_LABELS[f.articleKind as keyof typeof ARTICLE_KIND_LABELS], title: f.title, summary: f.summary, content: f.content, image: f.image, video };
  }
}
