import { sql, type Kysely, type Selectable } from 'kysely';
import { ARTICLE_KIND_LABELS, KIND_LABELS, type PostKind, type UserType } from '../../../contracts/posts/kinds.ts';
import type { MediaItem } from '../../../contracts/posts/media.ts';
import type { Author, PostView } from '../../../contracts/posts/views.ts';
import type { Database, PostsTable } from '../../db/schema.ts';
import { readableCommunityIds } from '../communities/queries.ts';
import { likedAmong } from '../likes/queries.ts';
import { videosById } from './attachments.ts';
import { mayDelete, mayEdit, mayRead, mayRestore, type Viewer } from './permissions.ts';

/** A posts row as the views read it: its kind and audience typed, with its author's name. */
type PostRow = Omit<Selectable<PostsTable>, 'kind' | 'user_types' | 'fields'> & {
  kind: PostKind;
  user_types: UserType[];
  fields: Record<string, unknown>;
  author_firstname: string | null;
  author_lastname: string | null;
  author_slug: string | null;
  author_logo: string | null;
};

/** The author's name and face, from `users as u`, as `authorOf` reads them. */
export const AUTHOR_COLUMNS = ['u.firstname as author_firstname', 'u.lastname as author_lastname', 'u.slug as author_slug', 'u.logo as author_logo'] as const;

function postsWithAuthors(db: Kysely<Database>) {
  return db
    .selectFrom('posts as p')
    .leftJoin('users as u', 'u.id', 'p.author_id')
    .select([
      'p.id',
      'p.kind',
      'p.author_id',
      'p.author_type',
      'p.creator_id',
      'p.community_ids',
      'p.user_types',
      'p.fields',
      'p.is_deleted',
      'p.published_at',
      'p.updated_at',
      'p.likes_count',
      'p.comments_count',
      'p.total_comments_count',
      ...AUTHOR_COLUMNS,
    ]);
}

/** The post as the viewer may see it, or null when it does not exist for them. */
export async function findPostView(db: Kysely<Database>, viewer: Viewer, postId: number, kind?: PostKind): Promise<PostView | null> {
  const row = (await postsWithAuthors(db).where('p.id', '=', postId).executeTakeFirst()) as PostRow | undefined;
  if (!row || (kind && row.kind !== kind)) return null;
  const readable = row.community_ids.length > 0 ? await readableCommunityIds(db, viewer.contactId) : NO_COMMUNITIES;
  if (!mayRead(viewer, visibilityOf(row), readable)) return null;
  return (await toViews(db, viewer, [row]))[0]!;
}

/** The stored fields of a post, for its edit form (GET .../{id}/all). */
export async function findPostRecord(db: Kysely<Database>, postId: number) {
  return db.selectFrom('posts').selectAll().where('id', '=', postId).executeTakeFirst();
}

/**
 * A page of the feed, newest first: posts meant for the viewer's user type and outside
 * communities or in one they may read, not deleted, with the viewer's liked flag; all
 * kinds or some, everywhere or in one community.
 */
export async function listPostViews(db: Kysely<Database>, viewer: Viewer, options: { kinds: PostKind[] | null; communityId?: number; offset: number; limit: number }) {
  let query = postsWithAuthors(db).where('p.is_deleted', '=', false);
  if (options.kinds) query = query.where('p.kind', 'in', options.kinds);
  if (options.communityId !== undefined) query = query.where(sql`p.community_ids`, '@>', sql`array[${options.communityId}]::bigint[]`);
  if (!viewer.isAdmin) {
    const readable = [...(await readableCommunityIds(db, viewer.contactId))];
    query = query.where((eb) =>
      eb.or([
        eb('p.author_id', '=', viewer.contactId),
        eb('p.creator_id', '=', viewer.contactId),
        eb.and([
          viewer.userType
            ? eb.or([eb(sql`cardinality(p.user_types)`, '=', 0), eb(sql`p.user_types`, '@>', sql`array[${viewer.userType}]::text[]`)])
            : eb(sql`cardinality(p.user_types)`, '=', 0),
          eb.or([eb(sql`cardinality(p.community_ids)`, '=', 0), eb(sql`p.community_ids`, '&&', sql`${readable}::bigint[]`)]),
        ]),
      ]),
    );
  }
  const rows = (await query.orderBy('p.published_at', 'desc').orderBy('p.id', 'desc').offset(options.offset).limit(options.limit + 1).execute()) as PostRow[];
  const page = rows.slice(0, options.limit);
  return { data: await toViews(db, viewer, page), offset: options.offset, limit: options.limit, hasMore: rows.length > options.limit };
}

const NO_COMMUNITIES: ReadonlySet<number> = new Set();

function visibilityOf(row: PostRow) {
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

export function authorOf(row: { author_id: number; author_type: 'person' | 'company'; author_firstname: string | null; author_lastname: string | null; author_slug: string | null; author_logo: string | null }): Author {
  return {
    id: row.author_id,
    avatar: row.author_logo,
    name: `${row.author_firstname ?? ''} ${row.author_lastname ?? ''}`.trim() || 'Former member',
    slug: row.author_slug ?? '',
    type: row.author_type,
  };
}

async function toViews(db: Kysely<Database>, viewer: Viewer, rows: PostRow[]): Promise<PostView[]> {
  const videoIds = rows.map((row) => row.fields.videoId).filter((id): id is number => typeof id === 'number');
  const [videos, liked] = await Promise.all([videosById(db, videoIds), likedAmong(db, viewer.contactId, 'post', rows.map((row) => row.id))]);
  return rows.map((row) => {
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
      likable: { liked: liked.has(row.id), likesCount: row.likes_count },
      commentable: { commentsCount: row.comments_count, totalCommentsCount: row.total_comments_count },
      permissions: { canEdit: !row.is_deleted && mayEdit(viewer, ref), canDelete: !row.is_deleted && mayDelete(viewer, ref), canRestore: row.is_deleted && mayRestore(viewer, ref) },
    };
    const f = row.fields as Record<string, any>;
    const video = typeof f.videoId === 'number' ? (videos.get(f.videoId) ?? null) : null;
    switch (row.kind) {
      case 'callout':
        return {
          ...base,
          type: 'callout',
          title: f.title,
          content: f.content,
          deadline: f.deadline,
          deadlineAt: f.deadline,
          isAsap: f.deadline === null,
          interview: f.interviewId === null ? null : { id: f.interviewId, showQuestions: f.showQuestions, allowSkip: f.allowSkip },
        };
      case 'communityPost':
        return { ...base, type: 'communityPost', content: f.content, attachments: f.attachments as MediaItem[], attachmentsCount: (f.attachments as MediaItem[]).length };
      case 'event':
        return { ...base, type: 'event', name: f.name, eventType: f.eventType, timezone: f.timezone, timeZone: f.timezone, address: f.address, venue: f.venue, link: f.link, description: f.description, img: f.img, start: f.start, end: f.end };
      case 'job':
        return { ...base, type: 'job', title: f.title, description: f.description, company: f.company, workplace: f.workplace, jobType: f.jobType, location: f.location, img: f.img, url: f.url };
      case 'record':
        return { ...base, type: 'record', content: f.content, video };
      case 'reaction':
      case 'statement':
        return { ...base, type: row.kind, content: f.content, video, url: f.url };
      case 'story':
        return { ...base, type: 'story', articleKind: f.articleKind, articleKindLabel: ARTICLE_KIND_LABELS[f.articleKind as keyof typeof ARTICLE_KIND_LABELS], title: f.title, summary: f.summary, content: f.content, image: f.image, video };
    }
  });
}
