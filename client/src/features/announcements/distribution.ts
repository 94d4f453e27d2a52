import { useQueryClient, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Audience, DistributionView } from '../../../../contracts/announcements/distribution.ts';
import { announcementRoom } from '../../../../contracts/announcements/realtime.ts';
import { api } from '../../lib/api/index.ts';
import { useConnectionState, useRoom, useSocketEvent } from '../../lib/realtime/index.ts';
import { announcementKeys } from './queries.ts';

const distributionKey = (id: number) => ['announcements', 'distribution', id] as const;

export function useDistribution(id: number) {
  return useQuery({
    queryKey: distributionKey(id),
    queryFn: ({ signal }) => api.get<DistributionView>(`/api/v1/announcements/${id}/distribution`, { signal, quiet: true }),
    retry: false,
  });
}

/**
 * The hub's numbers as they move: its room says when (at most twice a second), and the hub reads
 * them again. Those pushes are not in the log, so nothing replays them after a disconnection: the
 * hub reads them again once the connection is back, and polls no more than the app's other live screens.
 */
export function useDistributionLive(id: number): void {
  const queryClient = useQueryClient();
  useRoom(announcementRoom(id));
  useSocketEvent('announcement:numbers', (message) => {
    if (message.announcementId !== id) return;
    void queryClient.invalidateQueries({ queryKey: distributionKey(id) });
    // A colleague's revocation is in the hub's history too.
    if (message.moved.includes('revoked')) void queryClient.invalidateQueries({ queryKey: announcementKeys.hub(id) });
  });
  const state = useConnectionState();
  const wasOffline = useRef(false);
  useEffect(() => {
    if (state === 'offline') wasOffline.current = true;
    else if (state === 'online' && wasOffline.current) {
      wasOffline.current = false;
      void queryClient.invalidateQueries({ queryKey: distributionKey(id) });
    }
  }, [state, id, queryClient]);
}

/** The account's contact lists to send to; none for an account without the contacts module. */
export function useSendableLists() {
  return useQuery({
    queryKey: ['announcements', 'sendable-lists'] as const,
    queryFn: ({ signal }) => api.get<{ data: { id: number; name: string; count: number }[] }>('/api/v1/contact-lists', { signal, quiet: true }).then((answer) => answer.data),
    retry: false,
  });
}

/** Sets who the email version goes to. Quiet: the panel toasts the lines itself. */
export function useSetAudience(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (audience: Audience) => api.put<DistributionView>(`/api/v1/announcements/${id}/audience`, audience, { quiet: true }),
    onSuccess: (view) => queryClient.setQueryData(distributionKey(id), view),
  });
}

/** Revokes one recipient's links (a leaked embargoed link names whose it was); everyone else's still work. */
export function useRevokeLinks(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recipientId: number) => api.post<DistributionView>(`/api/v1/announcements/${id}/recipients/${recipientId}/revoke`),
    onSuccess: (view) => {
      queryClient.setQueryData(distributionKey(id), view);
      void queryClient.invalidateQueries({ queryKey: announcementKeys.hub(id) });
    },
  });
}

/** Typed addresses from a text box: one a line, or separated by commas or spaces. */
export const addressesOf = (text: string) => [...new Set(text.split(/[\s,;]+/).map((address) => address.trim().toLowerCase()).filter(Boolean))];
