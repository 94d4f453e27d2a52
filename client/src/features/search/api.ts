import { useInfiniteQuery } from '@tanstack/react-query';
import type { SearchKind, SearchResult } from '../../../../contracts/search/index.ts';
import { api } from '../../lib/api/index.ts';

export type SearchFilters = { kind?: SearchKind; beat?: number; from?: string; to?: string };

/**
 * Every group of one search, and further pages of a single kind (`hasMore`). Errors take the
 * catalogue's toasts (spec section 8); the previous answer stays on screen while the next one
 * loads, so the list does not blink at every key.
 */
export function useSearchResults(q: string, filters: SearchFilters) {
  const text = q.trim();
  return useInfiniteQuery({
    queryKey: ['search', text, filters],
    queryFn: ({ pageParam, signal }) =>
      api.get<SearchResult>('/api/v1/search', { query: { q: text, ...filters, offset: filters.kind ? pageParam : undefined }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, _all, offset) => {
      const group = filters.kind ? last.groups[0] : undefined;
      return group?.hasMore ? offset + group.items.length : undefined;
    },
    enabled: text !== '',
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
}

