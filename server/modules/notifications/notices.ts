import type { QuestionKind } from '../../../contracts/interviews/api.ts';
import type { PostNotificationType } from '../../../contracts/notifications.ts';
import type { PostKind } from '../../../contracts/posts/kinds.ts';
import { storedSummary, summary } from '../content/rich-text.ts';

type NoticeBase = {
  recipientId: number;
  /** Notices with the same key on one recipient's feed show as one item. */
  groupKey: string;
  actorId: number;
  /** The stream of the act, so that undoing the act withdraws what it caused. */
  cause: string;
  entitySummary: string;
};

/** One notification to one person, as one act causes it: about a post (and maybe a comment on it)... */
export type PostNotice = NoticeBase & {
  type: PostNotificationType;
  postId: number;
  postKind: PostKind;
  commentId: number | null;
  parentCommentId: number | null;
  commentSummary: string | null;
};

/**
 * ...or about an interview: one is invited to answer it (opened on the answering page of
 * `answerKind`), or someone answered one's own (opened on its page).
 */
export type InterviewNotice = NoticeBase & { interviewId: number } & ({ type: 'interviewInvitation'; answerKind: QuestionKind } | { type: 'interviewAnswer' });

/** ...or about a monitor of one's own: it found a mention. Nobody acted: an item matched. */
export type MonitorNotice = Omit<NoticeBase, 'actorId'> & { type: 'monitorMention'; monitorId: number; actorId: null };

export type Notice = PostNotice | InterviewNotice | MonitorNotice;

/** A post as notices name it. `ownerId` is the person who hears about acts on it. */
export type PostTarget = { id: number; kind: PostKind; ownerId: number; summary: string };
export type CommentTarget = { id: number; parentId: number | null; authorId: number; summary: string };

const SUMMARY_LENGTH = 140;

/**
 * The words that stand for a post in a notification: its title or name (plain text), else the
 * start of its text (rich text as authoring stored it, sanitized).
 */
export function postSummary(fields: Record<string, unknown>): string {
  const title = [fields.title, fields.name].find((value) => typeof value === 'string' && value.trim() !== '');
  if (title !== undefined) return summary(String(title), SUMMARY_LENGTH);
  return storedSummary(typeof fields.content === 'string' ? fields.content : '', SUMMARY_LENGTH);
}

export function commentSummary(content: string): string {
  return storedSummary(content, SUMMARY_LENGTH);
}

/**
 * A post published as a company has no person as its author until companies have people who
 * answer for them: the person who published it hears about it.
 */
export function ownerOf(post: { authorId: number; authorType: 'person' | 'company'; creatorId: number }): number {
  return post.authorType === 'person' ? post.authorId : post.creatorId;
}

/**
 * Nobody hears of their own act, and nobody hears twice of one act: the notices come in order
 * of precedence, and the first one to a person is the one they get.
 */
function addressed(actorId: number, notices: Notice[]): Notice[] {
  const reached = new Set<number>([actorId]);
  return notices.filter((notice) => {
    if (reached.has(notice.recipientId)) return false;
    reached.add(notice.recipientId);
    return true;
  });
}

type Act = { actorId: number; cause: string };
type CommentAct = Act & { post: PostTarget; comment: CommentTarget };

function aboutComment(act: CommentAct, recipientId: number, type: PostNotificationType, groupKey: string): PostNotice {
  const { post, comment } = act;
  return {
    recipientId,
    type,
    groupKey,
    postId: post.id,
    postKind: post.kind,
    commentId: comment.id,
    parentCommentId: comment.parentId,
    actorId: act.actorId,
    cause: act.cause,
    entitySummary: post.summary,
    commentSummary: comment.summary,
  };
}

const mentionedIn = (act: CommentAct, userId: number) => aboutComment(act, userId, 'mentionOnComment', `mentionOnComment:comment-${act.comment.id}`);

/**
 * A comment tells the author of the comment it answers (commentAsReply), then the post's
 * owner (comment), then everyone it mentions (mentionOnComment). A reply to the post owner's
 * own comment is a reply to them: that notice is the more precise one.
 */
export function commentNotices(act: CommentAct & { parentAuthorId: number | null; mentions: readonly number[] }): Notice[] {
  const { post, comment } = act;
  const notices: PostNotice[] = [];
  if (act.parentAuthorId !== null && comment.parentId !== null) notices.push(aboutComment(act, act.parentAuthorId, 'commentAsReply', `commentAsReply:comment-${comment.parentId}`));
  notices.push(aboutComment(act, post.ownerId, 'comment', `comment:post-${post.id}`));
  for (const userId of act.mentions) notices.push(mentionedIn(act, userId));
  return addressed(act.actorId, notices);
}

/** People newly mentioned in an edited comment; `notified` already heard of this comment. */
export function commentMentionNotices(act: CommentAct & { mentions: readonly number[]; notified: ReadonlySet<number> }): Notice[] {
  const fresh = act.mentions.filter((userId) => !act.notified.has(userId));
  return addressed(act.actorId, fresh.map((userId) => mentionedIn(act, userId)));
}

function aboutPost(act: Act & { post: PostTarget }, recipientId: number, type: PostNotificationType, groupKey: string): PostNotice {
  const { post } = act;
  return {
    recipientId,
    type,
    groupKey,
    postId: post.id,
    postKind: post.kind,
    commentId: null,
    parentCommentId: null,
    actorId: act.actorId,
    cause: act.cause,
    entitySummary: post.summary,
    commentSummary: null,
  };
}

/** Everyone a post mentions who has not heard of it yet. */
export function postMentionNotices(act: Act & { post: PostTarget; mentions: readonly number[]; notified: ReadonlySet<number> }): Notice[] {
  const fresh = act.mentions.filter((userId) => !act.notified.has(userId));
  return addressed(act.actorId, fresh.map((userId) => aboutPost(act, userId, 'mention', `mention:post-${act.post.id}`)));
}

/** A like tells the owner of the post, or the author of the comment, that was liked. */
export function likeNotices(act: Act & { post: PostTarget; comment: CommentTarget | null }): Notice[] {
  const { post, comment } = act;
  const notice = comment
    ? aboutComment({ ...act, comment }, comment.authorId, 'likeOnComment', `likeOnComment:comment-${comment.id}`)
    : aboutPost(act, post.ownerId, 'like', `like:post-${post.id}`);
  return addressed(act.actorId, [notice]);
}
