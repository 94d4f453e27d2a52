import { useQuery } from '@tanstack/react-query';
import { KIND_PATHS, type PostKind } from '../../../../contracts/posts/kinds.ts';
import { api } from '../../lib/api/index.ts';
import { postKeys } from '../posts/queryKeys.ts';
import type { EditablePost } from './PostComposer.tsx';

/** A post's full form for editing (GET /api/v1/{kind}s/{id}/all): read fresh each time the editor opens. */
export function useEditablePost(kind: PostKind, id: number | null) {
  return useQuery({
    queryKey: postKeys.editable(id ?? 0),
    queryFn: ({ signal }) => api.get<EditablePost>(`/api/v1/${KIND_PATHS[kind]}/${id}/all`, { signal }),
    enabled: id !== null,
    gcTime: 0,
    staleTime: 0,
  });
}
