import { queryOptions } from '@tanstack/react-query';

/**
 * Whether this server is a development host: one with its development tools on, which
 * answers for the mail outbox (docs/decisions.md) and nowhere else. A HEAD request reads
 * no mail; it goes around the API client because a 404 here is an answer, not an error.
 */
export const developmentHostQuery = queryOptions({
  queryKey: ['developmentHost'],
  queryFn: async ({ signal }) => {
    try {
      const response = await fetch('/api/v1/dev/mail', {
        method: 'HEAD',
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
        credentials: 'same-origin',
        signal,
      });
      return response.ok;
    } catch {
      return false;
    }
  },
  staleTime: Infinity,
});
