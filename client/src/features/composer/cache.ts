import type { QueryClient } from '@tanstack/react-query';
import type { PostKind } from '../../../../contracts/posts/kinds.ts';

/** After a create or an edit, the lists and the post itself are read again from the server. */
export async function afterPostSaved(queryClient: QueryClient, _kind: PostKind, _id: number): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: ['posts'] });
}
