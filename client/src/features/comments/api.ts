import type { PostKind } from '../../../../contracts/posts/kinds.ts';
import type { CommentView } from '../../../../contracts/posts/views.ts';
import { api } from '../../lib/api/index.ts';
import { postPath } from '../posts/api.ts';
import type { ThreadPage } from '../posts/cache.ts';

export type CommentInput = { content: string; attachments: number[]; parentId?: number | null };

/** Spec section 7: GET .../comments?offset={count already loaded}. */
export const fetchThreads = (kind: PostKind, postId: number, offset: number, signal?: AbortSignal) =>
  api.get<ThreadPage>(`${postPath(kind, postId)}/comments`, { query: { offset }, signal });

export const postComment = async (kind: PostKind, postId: number, input: CommentInput) =>
  (await api.create(`${postPath(kind, postId)}/comments`, input, { quiet: true })).body as CommentView;

export const editComment = (id: number, input: Omit<CommentInput, 'parentId'>) => api.patch<CommentView>(`/api/v1/comments/${id}`, input, { quiet: true });

export const deleteComment = (id: number) => api.delete(`/api/v1/comments/${id}`);
