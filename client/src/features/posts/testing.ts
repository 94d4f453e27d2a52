import type { CommentView, PostView, ThreadView } from '../../../../contracts/posts/views.ts';

/** Views shaped as the server sends them, for the tests of this folder. */
export function callout(id: number, overrides: Partial<Extract<PostView, { type: 'callout' }>> = {}): PostView {
  return {
    id,
    type: 'callout',
    typeLabel: 'Callout',
    title: `Callout ${id}`,
    content: '<p>Looking for sources</p>',
    deadline: null,
    deadlineAt: null,
    isAsap: true,
    interview: null,
    author: { id: 30, avatar: null, name: 'Ana Author', slug: 'ana-author', type: 'person' },
    creatorId: 30,
    publishedAt: '2026-01-01T10:00:00.000Z',
    time: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    isDeleted: false,
    communityIds: [],
    userTypes: [],
    likable: { liked: false, likesCount: 0 },
    commentable: { commentsCount: 0, totalCommentsCount: 0 },
    permissions: { canEdit: false, canDelete: false, canRestore: false },
    ...overrides,
  };
}

export function comment(id: number, overrides: Partial<CommentView> = {}): CommentView {
  return {
    id,
    postId: 1,
    parentId: null,
    content: `<p>Comment ${id}</p>`,
    author: { id: 40, avatar: null, name: 'Ben Reader', slug: 'ben-reader', type: 'person' },
    createdAt: '2026-01-01T11:00:00.000Z',
    editedAt: null,
    attachments: [],
    likable: { liked: false, likesCount: 0 },
    isDeleted: false,
    permissions: { canEdit: false, canDelete: false },
    ...overrides,
  };
}

export const thread = (id: number, children: CommentView[] = [], overrides: Partial<CommentView> = {}): ThreadView => ({
  ...comment(id, overrides),
  children,
  childrenCount: children.length,
});
