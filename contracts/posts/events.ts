import { z } from 'zod';
import { defineEvent } from '../events/define.ts';
import { postKind, userType } from './kinds.ts';
import { mediaItem } from './media.ts';

const postId = z.number().int().positive();
const commentId = z.number().int().positive();

/** Who a post is published as, and for whom. */
const authorship = {
  authorId: z.number().int().positive(),
  authorType: z.enum(['person', 'company']),
  creatorId: z.number().int().positive(),
};
const targeting = { communityIds: z.array(z.number().int().positive()), userTypes: z.array(userType) };

// `fields` is the kind's own shape (contracts/posts/fields.ts); checked by the kind's schema
// before the event is written, kept open here so one event type serves every kind.
export const PostCreated = defineEvent(
  'PostCreated',
  z.object({ postId, kind: postKind, ...authorship, ...targeting, fields: z.record(z.string(), z.unknown()), mentions: z.array(z.number().int()) }),
);
export const PostUpdated = defineEvent(
  'PostUpdated',
  z.object({ postId, kind: postKind, ...targeting, fields: z.record(z.string(), z.unknown()), mentions: z.array(z.number().int()) }),
);
export const PostDeleted = defineEvent('PostDeleted', z.object({ postId, kind: postKind }));
export const PostRestored = defineEvent('PostRestored', z.object({ postId, kind: postKind }));

export const Commented = defineEvent(
  'Commented',
  z.object({
    commentId,
    postId,
    postKind,
    parentId: commentId.nullable(),
    authorId: z.number().int().positive(),
    content: z.string(),
    attachments: z.array(mediaItem),
    mentions: z.array(z.number().int()),
  }),
);
export const CommentEdited = defineEvent(
  'CommentEdited',
  z.object({ commentId, postId, content: z.string(), attachments: z.array(mediaItem), mentions: z.array(z.number().int()) }),
);
export const CommentDeleted = defineEvent('CommentDeleted', z.object({ commentId, postId, parentId: commentId.nullable() }));

const likeTarget = { targetKind: z.enum(['post', 'comment']), targetId: z.number().int().positive(), userId: z.number().int().positive() };
export const Liked = defineEvent('Liked', z.object(likeTarget));
export const Unliked = defineEvent('Unliked', z.object(likeTarget));

export const postEvents = [PostCreated, PostUpdated, PostDeleted, PostRestored, Commented, CommentEdited, CommentDeleted, Liked, Unliked] as const;
