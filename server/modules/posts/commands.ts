import type { PostEvent } from '../../../contracts/posts/index.ts';
import type { PostKind, UserType } from '../../../contracts/posts/kinds.ts';
import type { Decider } from '../../events/decider.ts';
import { Conflict, Forbidden, NotFound } from '../../errors.ts';
import { mayCreate, mayDelete, mayEdit, mayRestore, type PostRef, type Viewer } from './permissions.ts';

export const postStream = (postId: number) => `post-${postId}`;

export type PostState = { exists: false } | ({ exists: true; deleted: boolean } & PostRef);

type Content = { fields: Record<string, unknown>; communityIds: number[]; userTypes: UserType[]; mentions: number[] };

export type PostCommand =
  | ({ type: 'create'; postId: number; kind: PostKind; authorId: number; authorType: 'person' | 'company'; viewer: Viewer } & Content)
  | ({ type: 'update'; postId: number; kind: PostKind; viewer: Viewer } & Content)
  | { type: 'delete'; postId: number; viewer: Viewer }
  | { type: 'restore'; postId: number; viewer: Viewer };

const NOT_PERMITTED = 'Sorry, you are not permitted to do this.';

export const postDecider: Decider<PostState, PostCommand, PostEvent> = {
  initialState: { exists: false },
  evolve(state, event) {
    switch (event.type) {
      case 'PostCreated': {
        const { kind, authorId, authorType, creatorId } = event.data;
        return { exists: true, deleted: false, kind, authorId, authorType, creatorId };
      }
      case 'PostDeleted':
        return state.exists ? { ...state, deleted: true } : state;
      case 'PostRestored':
        return state.exists ? { ...state, deleted: false } : state;
      default:
        return state;
    }
  },
  decide(command, state) {
    const { postId, viewer } = command;
    if (command.type === 'create') {
      if (state.exists) throw new Conflict('This post exists already.');
      if (!mayCreate(viewer, command.kind)) throw new Forbidden(NOT_PERMITTED);
      const { kind, authorId, authorType, fields, communityIds, userTypes, mentions } = command;
      return [{ type: 'PostCreated', data: { postId, kind, authorId, authorType, creatorId: viewer.contactId, communityIds, userTypes, fields, mentions } }];
    }
    if (!state.exists) throw new NotFound('No such post.');
    switch (command.type) {
      case 'update': {
        if (command.kind !== state.kind) throw new NotFound('No such post.');
        if (!mayEdit(viewer, state)) throw new Forbidden(NOT_PERMITTED);
        if (state.deleted) throw new NotFound('This post was deleted. Restore it to edit it.');
        const { fields, communityIds, userTypes, mentions } = command;
        return [{ type: 'PostUpdated', data: { postId, kind: state.kind, fields, communityIds, userTypes, mentions } }];
      }
      case 'delete':
        if (!mayDelete(viewer, state)) throw new Forbidden(NOT_PERMITTED);
        return state.deleted ? [] : [{ type: 'PostDeleted', data: { postId, kind: state.kind } }];
      case 'restore':
        if (!mayRestore(viewer, state)) throw new Forbidden(NOT_PERMITTED);
        return state.deleted ? [{ type: 'PostRestored', data: { postId, kind: state.kind } }] : [];
    }
  },
};
