import { z } from 'zod';
import { feedAnnouncement } from '../announcements/feed.ts';
import { calloutFields, communityPostFields, eventFields, jobFields, storyFields } from './fields.ts';
import { articleKind, userType } from './kinds.ts';
import { attachmentView, videoView } from './media.ts';

/** Spec section 3: Author. */
export const author = z.object({
  id: z.number().int(),
  avatar: z.string().nullable(),
  name: z.string(),
  slug: z.string(),
  type: z.enum(['person', 'company']),
});
export type Author = z.infer<typeof author>;

export const likable = z.object({ liked: z.boolean(), likesCount: z.number().int().min(0) });

export const commentView = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  parentId: z.number().int().nullable(),
  content: z.string(),
  author,
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  attachments: z.array(attachmentView),
  likable,
  isDeleted: z.boolean(),
  permissions: z.object({ canEdit: z.boolean(), canDelete: z.boolean() }),
});
export type CommentView = z.infer<typeof commentView>;

/** Spec: post-level comment, with its replies (one level deep). */
export const threadView = commentView.extend({ children: z.array(commentView), childrenCount: z.number().int() });
export type ThreadView = z.infer<typeof threadView>;

export const commentable = z.object({ commentsCount: z.number().int().min(0), totalCommentsCount: z.number().int().min(0) });

const base = z.object({
  id: z.number().int(),
  typeLabel: z.string(),
  author,
  creatorId: z.number().int(),
  publishedAt: z.string(),
  time: z.string(),
  updatedAt: z.string(),
  isDeleted: z.boolean(),
  communityIds: z.array(z.number().int()),
  userTypes: z.array(userType),
  likable,
  commentable,
  /** What the viewer may do: the server decides again on every call. */
  permissions: z.object({ canEdit: z.boolean(), canDelete: z.boolean(), canRestore: z.boolean() }),
});

const withVideo = { video: videoView.nullable(), content: z.string() };

export const postView = z.discriminatedUnion('type', [
  base.extend({
    type: z.literal('callout'),
    ...calloutFields.pick({ title: true, content: true, deadline: true }).shape,
    deadlineAt: z.string().nullable(),
    isAsap: z.boolean(),
    /** The interview a callout opens (POST /api/v1/callouts/async/{interviewId}). */
    interview: z.object({ id: z.number().int(), showQuestions: z.boolean(), allowSkip: z.boolean() }).nullable(),
  }),
  base.extend({ type: z.literal('communityPost'), ...communityPostFields.shape, attachments: z.array(attachmentView), attachmentsCount: z.number().int() }),
  base.extend({ type: z.literal('event'), ...eventFields.shape, timeZone: z.string().nullable() }),
  base.extend({ type: z.literal('job'), ...jobFields.shape }),
  base.extend({ type: z.literal('record'), ...withVideo }),
  base.extend({ type: z.literal('reaction'), ...withVideo, url: z.string().nullable() }),
  base.extend({ type: z.literal('statement'), ...withVideo, url: z.string().nullable() }),
  base.extend({ type: z.literal('story'), ...storyFields.omit({ videoId: true }).shape, articleKind, articleKindLabel: z.string(), video: videoView.nullable() }),
]);
export type PostView = z.infer<typeof postView>;

/**
 * `announcements`: on the home feed of someone who follows the announcement feed, the public
 * announcements that fall among this page's posts by date (`announcementsOffset` counts those
 * already shown). Other lists leave it out.
 */
export const postList = z.object({ data: z.array(postView), offset: z.number().int(), limit: z.number().int(), hasMore: z.boolean(), announcements: z.array(feedAnnouncement).optional() });
export const threadList = z.object({ data: z.array(threadView), offset: z.number().int(), total: z.number().int(), hasMore: z.boolean() });
export const likerList = z.object({ data: z.array(author.extend({ likedAt: z.string() })) });
