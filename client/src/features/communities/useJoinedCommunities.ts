import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../contracts/users/current-user.ts';
import { useSocketEvent } from '../../lib/realtime/index.ts';
import { useCurrentUser } from '../session/currentUser.ts';
import { communityKeys, patchJoined } from './queries.ts';

export type JoinedCommunity = CurrentUser['communities'][number];

/**
 * The communities the signed-in person has joined, for the left navigation. Kept live: a
 * join or a leave in any of their tabs reaches their own room as membership:changed.
 */
export function useJoinedCommunities(): JoinedCommunity[] {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  useSocketEvent('membership:changed', (message) => {
    if (!user || message.userId !== user.id) return;
    patchJoined(queryClient, message.communityId, message.isJoined);
    void queryClient.invalidateQueries({ queryKey: communityKeys.one(message.communitySlug) });
  });
  return user?.communities.filter((community) => community.isJoined) ?? [];
}
