import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

// First reads already waited on: messages in a burst share one read again.
const rereadOnLanding = new WeakSet<Query>();

/**
 * Patches one cached read with what a live message says. A read of the same key still on its
 * way may have been answered before the change the message reports, and would put back what
 * came before when it lands (a new comment counted on the post but missing from its list), so
 * it is read again, after the change, rather than trusted.
 */
export function setLiveQueryData<T>(queryClient: QueryClient, queryKey: QueryKey, update: (data: T | undefined) => T | undefined): void {
  queryClient.setQueryData<T>(queryKey, update);
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (!query || query.state.fetchStatus === 'idle') return;
  // With data shown, the read on its way is replaced by a new one (the patched data stays).
  if (query.state.data !== undefined) {
    void queryClient.invalidateQueries({ queryKey, exact: true });
    return;
  }
  // A first read would be joined rather than replaced, and cancelling it on every message of a
  // busy post could keep the screen from ever loading: it lands, then is read once more.
  if (rereadOnLanding.has(query)) return;
  rereadOnLanding.add(query);
  void Promise.resolve(query.promise)
    .catch(() => undefined)
    .then(() => {
      rereadOnLanding.delete(query);
      return queryClient.invalidateQueries({ queryKey, exact: true });
    });
}
