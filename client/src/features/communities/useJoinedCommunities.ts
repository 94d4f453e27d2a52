import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../contracts/users/current-user.ts';
import { useSocketEvent } from '../../lib/realtime/index.ts';
import { useCurrentUser } from '../session/currentUser.ts';
import { communityKeys, patchJoined } from './queries.ts';

export type JoinedCommunity = CurrentUser['communities'][number];

/**
 * The signed-in person's communities as the left navigation lists them (joined first, then
 * public ones to join), kept live: a join or a leave in any of their tabs reaches their own
 * room as membership:changed.
 */
export function useNavigationCommunities(): JoinedCommunity[] {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  useSocketEvent('membership:changed', (message) => {
    if (!user || message.userId !== user.id) return;
    patchJoined(queryClient, message.communityId, message.isJoined);
    void queryClient.invalidateQueries({ queryKey: communityKeys.one(message.communitySlug) });
  });
  return user?.communities ?? [];
}

/** Only the communities the person has joined, live. */
export function useJoinedCommunities(): JoinedCommunity[] {
  return useNavigationCommunities().filter((community) => community.isJoined);
}
