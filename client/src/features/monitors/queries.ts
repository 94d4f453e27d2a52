import { useMutation, useQuery, useQueryClient, useInfiniteQuery } from '@tanstack/react-query';
import type { CountsView, CreateMonitorBody, MentionsPage, MentionView, MonitorView } from '../../../../contracts/monitors/api.ts';
import { api } from '../../lib/api/index.ts';
import { useEffect, useRef } from 'react';
import { setLiveQueryData, useConnectionState, useSocketEvent } from '../../lib/realtime/index.ts';
import { showToast } from '../../ui/index.ts';

export const monitorKeys = {
  list: ['monitors', 'list'] as const,
  one: (id: number) => ['monitors', 'one', id] as const,
  mentions: (id: number) => ['monitors', 'mentions', id] as const,
  counts: (id: number, from: string, to: string) => ['monitors', 'counts', id, from, to] as const,
};

export function useMonitors() {
  return useQuery({ queryKey: monitorKeys.list, queryFn: async ({ signal }) => (await api.get<{ data: MonitorView[] }>('/api/v1/monitors', { signal })).data });
}

export function useMonitor(id: number) {
  return useQuery({ queryKey: monitorKeys.one(id), queryFn: ({ signal }) => api.get<MonitorView>(`/api/v1/monitors/${id}`, { signal }) });
}

export function useMentions(id: number) {
  return useInfiniteQuery({
    queryKey: monitorKeys.mentions(id),
    queryFn: ({ pageParam, signal }) => api.get<MentionsPage>(`/api/v1/monitors/${id}/mentions`, { query: { after: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

export function useCounts(id: number, from: string, to: string, timezone: string) {
  return useQuery({
    queryKey: monitorKeys.counts(id, from, to),
    queryFn: ({ signal }) => api.get<CountsView>(`/api/v1/monitors/${id}/counts`, { query: { from, to, timezone }, signal }),
  });
}

/** Errors come back with the server's lines: the form shows them, so no toast. */
export function useSaveMonitor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: CreateMonitorBody }) =>
      id === null ? ((await api.create('/api/v1/monitors', body, { quiet: true })).body as MonitorView) : api.patch<MonitorView>(`/api/v1/monitors/${id}`, body, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['monitors'] }),
  });
}

export function useDeleteMonitor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: number) => api.delete(`/api/v1/monitors/${id}`), onSuccess: () => queryClient.invalidateQueries({ queryKey: monitorKeys.list }) });
}

/** The report of a range as a file the browser saves: asked with the API's headers, so through fetch, not a plain link. */
export async function downloadReport(id: number, format: 'csv' | 'pdf', range: { from: string; to: string; timezone: string }): Promise<void> {
  const query = new URLSearchParams({ format, ...range });
  const response = await fetch(`/api/v1/monitors/${id}/report?${query}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' }, credentials: 'same-origin' });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { errors?: string[]; detail?: string };
    showToast({ type: 'error', lines: body.errors ?? [body.detail ?? 'Something went wrong. We are already working to solve it.'] });
    return;
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = name ? decodeURIComponent(name) : `report.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

type MentionPages = { pages: MentionsPage[]; pageParams: unknown[] };

/** The pages with a new mention on top, unless they hold it already (a refetch may have brought it first). */
export function withMention(data: MentionPages | undefined, mention: MentionView): MentionPages | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.data.some((known) => known.source === mention.source && known.sourceId === mention.sourceId))) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, data: [mention, ...first!.data] }, ...rest] };
}

/**
 * A new mention, live: the monitor's page puts it on top of its list, the list counts it, and a
 * person elsewhere in the app is told of it (the in-app notification of a monitor).
 */
export function useMentionsLive(openMonitorId: number | null): void {
  const queryClient = useQueryClient();
  useSocketEvent('monitor:mentioned', (message) => {
    void queryClient.invalidateQueries({ queryKey: monitorKeys.list });
    void queryClient.invalidateQueries({ queryKey: ['monitors', 'counts', message.monitorId] });
    if (message.monitorId === openMonitorId) setLiveQueryData<MentionPages>(queryClient, monitorKeys.mentions(message.monitorId), (data) => withMention(data, message.mention));
    else showToast({ type: 'info', title: `New mention for ${message.monitorName}`, lines: [message.mention.title] });
  });
}

/** Mentions are not replayed to a socket that was away: back online, the page reads them again. */
export function useMentionsAfterReconnect(): void {
  const queryClient = useQueryClient();
  const state = useConnectionState();
  const wasAway = useRef(false);
  useEffect(() => {
    if (state !== 'online') wasAway.current = true;
    else if (wasAway.current) {
      wasAway.current = false;
      void queryClient.invalidateQueries({ queryKey: ['monitors'] });
    }
  }, [state, queryClient]);
}
