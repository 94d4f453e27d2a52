import type { PostEvent } from '../../../contracts/posts/index.ts';
import type { PostKind } from '../../../contracts/posts/kinds.ts';
import type { MediaItem } from '../../../contracts/posts/media.ts';
import type { Decider } from '../../events/decider.ts';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import { mayDeleteComment, mayEditComment, type Viewer } from '../posts/permissions.ts';

export const commentStream = (commentId: number) => `comment-${commentId}`;

export type CommentState = { exists: false } | { exists: true; deleted: boolean; authorId: number; postId: number; parentId: number | null };

type Body = { content: string; attachments: MediaItem[]; mentions: number[]; blank: boolean };

/** The comment a reply answers, as the thread read model knows it. */
export type ParentComment = { postId: number; parentId: number | null; isDeleted: boolean } | null;

export type CommentCommand =
  | ({ type: 'comment'; commentId: number; postId: number; postKind: PostKind; parentId: number | null; parent: ParentComment; viewer: Viewer } & Body)
  | ({ type: 'edit'; commentId: number; viewer: Viewer } & Body)
  | { type: 'delete'; commentId: number; viewer: Viewer };

const EMPTY = 'Write something or attach a file';

export const commentDecider: Decider<CommentState, CommentCommand, PostEvent> = {
  initialState: { exists: false },
  evolve(state, event) {
    switch (event.type) {
      case 'Commented':
        return { exists: true, deleted: false, authorId: event.data.authorId, postId: event.data.postId, parentId: event.data.parentId };
      case 'CommentDeleted':
        return state.exists ? { ...state, deleted: true } : state;
      default:
        return state;
    }
  },
  decide(command, state) {
    const { commentId, viewer } = command;
    if (command.type === 'comment') {
      if (state.exists) throw new Conflict('This comment exists already.');
      if (command.blank && command.attachments.length === 0) throw new ValidationFailed([EMPTY]);
      if (command.parentId !== null) {
        const parent = command.parent;
        if (!parent || parent.isDeleted || parent.postId !== command.postId) throw new NotFound('The comment you are replying to is gone.');
        // Threads are one level deep: a reply to a reply joins its thread.
        if (parent.parentId !== null) throw new ValidationFailed(['Reply to the comment that starts the thread']);
      }
      const { postId, postKind, parentId, content, attachments, mentions } = command;
      return [{ type: 'Commented', data: { commentId, postId, postKind, parentId, authorId: viewer.contactId, content, attachments, mentions } }];
    }
    if (!state.exists || state.deleted) throw new NotFound('No such comment.');
    if (command.type === 'edit') {
      if (!mayEditComment(viewer, state)) throw new Forbidden('Only its author may edit a comment.');
      if (command.blank && command.attachments.length === 0) throw new ValidationFailed([EMPTY]);
      const { content, attachments, mentions } = command;
      return [{ type: 'CommentEdited', data: { commentId, postId: state.postId, content, attachments, mentions } }];
    }
    if (!mayDeleteComment(viewer, state)) throw new Forbidden('Sorry, you are not permitted to do this.');
    return [{ type: 'CommentDeleted', data: { commentId, postId: state.postId, parentId: state.parentId } }];
  },
};
