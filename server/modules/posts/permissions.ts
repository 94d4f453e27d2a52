import { OFFICIAL_AUTHOR_ID, type PostKind, type UserType } from '../../../contracts/posts/kinds.ts';
import type { AccountRole } from '../../../contracts/users/enums.ts';

/** The person asking: their author id (contact id), whether they are a platform admin, and who posts are meant for them. */
export type Viewer = { contactId: number; isAdmin: boolean; userType: UserType | null };

export type PostRef = { kind: PostKind; authorId: number; authorType: 'person' | 'company'; creatorId: number };

const ALWAYS_PUBLISHED_AS_IS: readonly PostKind[] = ['communityPost', 'record', 'reaction', 'statement'];

/** Spec section 6: a community post, record, reaction or statement whose author is a company or not its creator. */
export function isSystemPost(post: PostRef): boolean {
  return ALWAYS_PUBLISHED_AS_IS.includes(post.kind) && (post.authorType === 'company' || post.authorId !== post.creatorId);
}

const isMainAuthor = (viewer: Viewer, post: PostRef) => viewer.contactId === post.authorId;

/**
 * Spec section 6. The main author edits their own jobs, callouts and events; a platform admin
 * also edits callouts and events published as a company or as the official account.
 * Community posts, records, reactions and statements are never edited. Stories are the
 * admins' (the editorial articles).
 */
export function mayEdit(viewer: Viewer, post: PostRef): boolean {
  switch (post.kind) {
    case 'callout':
    case 'event':
      return isMainAuthor(viewer, post) || (viewer.isAdmin && (post.authorType === 'company' || post.authorId === OFFICIAL_AUTHOR_ID));
    case 'job':
      return isMainAuthor(viewer, post);
    case 'story':
      return viewer.isAdmin;
    case 'communityPost':
    case 'record':
    case 'reaction':
    case 'statement':
      return false;
  }
}

/**
 * Spec section 6. Jobs, callouts and events: their main author or an admin. Community posts,
 * records, reactions and statements: an admin, or the main author when they are also the
 * creator; a system post only an admin. Stories: admins.
 */
export function mayDelete(viewer: Viewer, post: PostRef): boolean {
  switch (post.kind) {
    case 'callout':
    case 'event':
    case 'job':
      return isMainAuthor(viewer, post) || viewer.isAdmin;
    case 'story':
      return viewer.isAdmin;
    case 'communityPost':
    case 'record':
    case 'reaction':
    case 'statement':
      if (isSystemPost(post)) return viewer.isAdmin;
      return viewer.isAdmin || (isMainAuthor(viewer, post) && post.authorId === post.creatorId);
  }
}

/** Whoever may delete a post may bring it back. */
export const mayRestore = mayDelete;

/** Stories are written by admins; every other kind by anyone signed in. */
export function mayCreate(viewer: Viewer, kind: PostKind): boolean {
  return kind === 'story' ? viewer.isAdmin : true;
}

export type Visibility = PostRef & { userTypes: readonly UserType[]; communityIds: readonly number[]; isDeleted: boolean };

/**
 * A reader sees a post when it is meant for their user type (empty: everyone) and, when it is
 * in communities, they may read one of them. Authors, creators and admins always see theirs,
 * deleted ones included; nobody else sees a deleted post.
 */
export function mayRead(viewer: Viewer, post: Visibility, readableCommunityIds: ReadonlySet<number>): boolean {
  if (viewer.isAdmin || viewer.contactId === post.authorId || viewer.contactId === post.creatorId) return true;
  if (post.isDeleted) return false;
  if (post.userTypes.length > 0 && !(viewer.userType && post.userTypes.includes(viewer.userType))) return false;
  return post.communityIds.length === 0 || post.communityIds.some((id) => readableCommunityIds.has(id));
}

/** Comments: edited by their author only; deleted by their author or an admin. */
export const mayEditComment = (viewer: Viewer, comment: { authorId: number }) => viewer.contactId === comment.authorId;
export const mayDeleteComment = (viewer: Viewer, comment: { authorId: number }) => viewer.isAdmin || viewer.contactId === comment.authorId;

const USER_TYPE_OF_ROLE: Partial<Record<AccountRole, UserType>> = { journo: 'journo', pr: 'marketing', expert: 'experts' };

export function viewerOf(user: { id: number; roles: readonly AccountRole[] }): Viewer {
  const userType = user.roles.map((role) => USER_TYPE_OF_ROLE[role]).find((type) => type !== undefined) ?? null;
  return { contactId: user.id, isAdmin: user.roles.includes('admin'), userType };
}
