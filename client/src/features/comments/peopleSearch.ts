import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UserSearchResult } from '../../../../contracts/users/search.ts';
import { api } from '../../lib/api/index.ts';

/** People anywhere on the platform whose name or address matches what follows the "@". */
export function usePeopleSearch(query: string | null): UserSearchResult['data'] {
  const search = query?.trim() ?? '';
  const { data } = useQuery({
    queryKey: ['people', 'search', search],
    queryFn: ({ signal }) => api.get<UserSearchResult>('/api/v1/users', { query: { search, limit: 8 }, signal, quiet: true }),
    enabled: search.length > 0,
    // While the next letter's answer is on its way, the last list stays rather than flickering.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  return search.length > 0 ? (data?.data ?? []) : [];
}
