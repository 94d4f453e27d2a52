import type { QueryClient } from '@tanstack/react-query';
import { postKeys } from '../posts/queryKeys.ts';

/** After a create, an edit, a delete or a restore, the lists and the post itself are read again. */
export async function afterPostSaved(queryClient: QueryClient, id: number): Promise<void> {
  queryClient.removeQueries({ queryKey: postKeys.editable(id) });
  await Promise.all([queryClient.invalidateQueries({ queryKey: postKeys.lists() }), queryClient.invalidateQueries({ queryKey: postKeys.detail(id) })]);
}
