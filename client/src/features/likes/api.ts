import type { PostKind } from '../../../../contracts/posts/kinds.ts';
import type { PostView } from '../../../../contracts/posts/views.ts';
import { api } from '../../lib/api/index.ts';
import { postPath } from '../posts/api.ts';

export type Likable = PostView['likable'];
export type LikeTarget = { kind: 'post'; postKind: PostKind; id: number } | { kind: 'comment'; id: number };
export type Liker = PostView['author'] & { likedAt: string };

const pathOf = (target: LikeTarget) => (target.kind === 'post' ? postPath(target.postKind, target.id) : `/api/v1/comments/${target.id}`);

/** Spec section 7: POST .../toggleLike {status}, answered with the new {liked, likesCount}. */
export const toggleLike = (target: LikeTarget, status: boolean) => api.post<Likable>(`${pathOf(target)}/toggleLike`, { status });

export const fetchLikers = async (target: LikeTarget, signal?: AbortSignal) => (await api.get<{ data: Liker[] }>(`${pathOf(target)}/likes`, { signal })).data;
