import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../contracts/users/current-user.ts';
import { api, ApiError } from '../../lib/api/index.ts';

export const currentUserKey = ['currentUser'] as const;

/**
 * The signed-in person, or null for a guest. Any failure means a guest: the app must still
 * start with the guest routes when the server cannot say who this is (spec section 4).
 */
export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: async ({ signal }): Promise<CurrentUser | null> => {
    try {
      return await api.get<CurrentUser>('/api/v1/current_user/info', { quiet: true, signal });
    } catch (error) {
      if (error instanceof ApiError) return null;
      throw error;
    }
  },
  staleTime: 60_000,
});

export function useCurrentUser(): CurrentUser | null {
  return useQuery(currentUserQuery).data ?? null;
}

export function cachedCurrentUser(queryClient: QueryClient): CurrentUser | null {
  return queryClient.getQueryData(currentUserKey) ?? null;
}

export const isAdmin = (user: CurrentUser) => user.roles.includes('admin');
export const isJournalist = (user: CurrentUser) => user.roles.includes('journo');
