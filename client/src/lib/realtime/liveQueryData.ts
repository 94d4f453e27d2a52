import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Patches one cached read with what a live message says. A read of the same key still on its
 * way may have been answered before the change the message reports, and would put back what
 * came before when it lands (a new comment counted on the post but missing from its list), so
 * it is asked again, after the change, rather than trusted.
 */
export function setLiveQueryData<T>(queryClient: QueryClient, queryKey: QueryKey, update: (data: T | undefined) => T | undefined): void {
  queryClient.setQueryData<T>(queryKey, update);
  const filters = { queryKey, exact: true };
  if (queryClient.isFetching(filters) === 0) return;
  // A read again cancels the one on its way and keeps the patched data; a first read, with no
  // data yet, would be joined instead, so that one is cancelled first (back to nothing loaded).
  if (queryClient.getQueryData(queryKey) !== undefined) void queryClient.invalidateQueries(filters);
  else void queryClient.cancelQueries(filters).then(() => queryClient.invalidateQueries(filters));
}
