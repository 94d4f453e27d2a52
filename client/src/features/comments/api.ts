import type { PostKind } from '../../../../contracts/posts/kinds.ts';
import type { CommentView } from '../../../../contracts/posts/views.ts';
import type { UploadView } from '../../../../contracts/uploads.ts';
import { api, ApiError } from '../../lib/api/index.ts';
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

/**
 * POST /api/v1/uploads with progress: fetch cannot report an upload's progress, so this one
 * call goes through XMLHttpRequest, with the same header and the same error shape as the API client.
 */
export function uploadFile(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadView> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/v1/uploads');
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    request.setRequestHeader('Accept', 'application/json');
    request.withCredentials = true;
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = (request.response ?? {}) as UploadView & { errors?: string[]; detail?: string };
      if (request.status >= 200 && request.status < 300) resolve(body);
      else reject(new ApiError(request.status, { ...(body.errors ? { errors: body.errors } : {}), ...(body.detail ? { detail: body.detail } : {}) }));
    };
    request.onerror = () => reject(new ApiError(0, {}));
    signal?.addEventListener('abort', () => request.abort());
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    const body = new FormData();
    body.append('file', file, file.name);
    request.send(body);
  });
}
