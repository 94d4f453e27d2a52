import { useQuery } from '@tanstack/react-query';
import type { PostKind } from '../../../../contracts/posts/kinds.ts';
import { useRoom } from '../../lib/realtime/index.ts';
import { fetchPost } from './api.ts';
import { postKeys } from './queryKeys.ts';

/** One post as this reader sees it, kept live through its room while shown. */
export function usePost(kind: PostKind, id: number) {
  useRoom(`post:${id}`);
  return useQuery({
    queryKey: postKeys.detail(id),
    queryFn: ({ signal }) => fetchPost(kind, id, signal, true),
    // A post that is gone or not readable stays so: asking again would only repeat the 404.
    retry: false,
  });
}
