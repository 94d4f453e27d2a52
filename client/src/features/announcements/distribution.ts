import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Audience, DistributionView } from '../../../../contracts/announcements/distribution.ts';
import { api } from '../../lib/api/index.ts';

/** How often the hub reads its numbers again while it is open: opens and clicks arrive from mail apps, not from the app's own events. */
export const NUMBERS_REFRESH_MS = 5000;

const distributionKey = (id: number) => ['announcements', 'distribution', id] as const;

export function useDistribution(id: number) {
  return useQuery({
    queryKey: distributionKey(id),
    queryFn: ({ signal }) => api.get<DistributionView>(`/api/v1/announcements/${id}/distribution`, { signal, quiet: true }),
    refetchInterval: NUMBERS_REFRESH_MS,
    retry: false,
  });
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

/** Typed addresses from a text box: one a line, or separated by commas or spaces. */
export const addressesOf = (text: string) => [...new Set(text.split(/[\s,;]+/).map((address) => address.trim().toLowerCase()).filter(Boolean))];
