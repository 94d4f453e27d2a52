import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { activityList, CommunityView, memberList } from '../../../../contracts/communities/api.ts';
import type { CurrentUser } from '../../../../contracts/users/current-user.ts';
import { api, ApiError } from '../../lib/api/index.ts';
import { currentUserKey } from '../session/currentUser.ts';

export const communityKeys = {
  all: ['communities'] as const,
  one: (slug: string) => ['communities', slug] as const,
  members: (slug: string) => ['communities', slug, 'members'] as const,
  activities: (slug: string) => ['communities', slug, 'activities'] as const,
};

const path = (slug: string) => `/api/v1/communities/${encodeURIComponent(slug)}`;

/** A community page's header; null when no community has (or had) this address. */
export function useCommunity(slug: string) {
  return useQuery({
    queryKey: communityKeys.one(slug),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<CommunityView>(path(slug), { signal, quiet: true });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

type Members = z.infer<typeof memberList>;
type Activities = z.infer<typeof activityList>;

/** Members and activities are the members' (and any reader's of a public community): a private one's are not asked for until joined. */
export function useMembers(slug: string, enabled: boolean, limit: number) {
  return useQuery({
    queryKey: [...communityKeys.members(slug), limit],
    queryFn: ({ signal }) => api.get<Members>(`${path(slug)}/members`, { signal, query: { limit }, quiet: true }),
    enabled,
  });
}

export function useActivities(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: communityKeys.activities(slug),
    queryFn: ({ signal }) => api.get<Activities>(`${path(slug)}/activities`, { signal, query: { limit: 5 }, quiet: true }),
    enabled,
  });
}

/** The person's own standing in a community changed: their navigation lists it (or stops). */
export function patchJoined(queryClient: QueryClient, communityId: number, isJoined: boolean): void {
  const user = queryClient.getQueryData<CurrentUser | null>(currentUserKey);
  if (!user) return;
  if (!user.communities.some((community) => community.id === communityId)) {
    // A private community the person was just let into: only the server has its summary.
    void queryClient.invalidateQueries({ queryKey: currentUserKey });
    return;
  }
  const communities = user.communities.map((community) => (community.id === communityId ? { ...community, isJoined } : community));
  queryClient.setQueryData<CurrentUser | null>(currentUserKey, (current) => current && { ...current, communities });
}

/**
 * The join toggle (POST .../join): joins a public community, asks to join a private one,
 * withdraws a request, or leaves. Answers the community as it is now.
 */
export function useToggleMembership(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CommunityView>(`${path(slug)}/join`),
    onSuccess: (community) => {
      queryClient.setQueryData(communityKeys.one(slug), community);
      patchJoined(queryClient, community.id, community.isJoined);
      return queryClient.invalidateQueries({ queryKey: communityKeys.members(slug) });
    },
  });
}
