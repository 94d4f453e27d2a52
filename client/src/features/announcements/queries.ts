import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AnnouncementInput, AnnouncementSummary, AnnouncementView, announcementHub, announcementList } from '../../../../contracts/announcements/api.ts';
import type { EmailVersionView } from '../../../../contracts/announcements/distribution.ts';
import { api } from '../../lib/api/index.ts';
import { useSocketEvent, type MessageOf } from '../../lib/realtime/index.ts';

export type AnnouncementListPage = z.infer<typeof announcementList>;
export type AnnouncementHub = z.infer<typeof announcementHub>;
export type ListName = 'our' | 'all';

const PAGE_SIZE = 20;

export const announcementKeys = {
  lists: () => ['announcements', 'list'] as const,
  list: (name: ListName) => ['announcements', 'list', name] as const,
  detail: (id: number) => ['announcements', 'detail', id] as const,
  hub: (id: number) => ['announcements', 'hub', id] as const,
  email: (id: number) => ['announcements', 'email', id] as const,
  preview: (id: number, token: string) => ['announcements', 'preview', id, token] as const,
};

export function useAnnouncementList(name: ListName) {
  return useInfiniteQuery({
    queryKey: announcementKeys.list(name),
    queryFn: ({ pageParam, signal }) => api.get<AnnouncementListPage>(`/api/v1/announcements/${name}`, { query: { offset: pageParam, limit: PAGE_SIZE }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.data.length, 0);
      return loaded < last.total && last.data.length > 0 ? loaded : undefined;
    },
  });
}

export function useAnnouncementHub(id: number) {
  // Quiet: the page says "not found" itself rather than a toast over an empty screen.
  return useQuery({ queryKey: announcementKeys.hub(id), queryFn: ({ signal }) => api.get<AnnouncementHub>(`/api/v1/announcements/${id}/hub`, { signal, quiet: true }), retry: false });
}

/** The email version as a recipient would get it; quiet, as the hub: the page says what went wrong. */
export function useEmailVersion(id: number) {
  return useQuery({ queryKey: announcementKeys.email(id), queryFn: ({ signal }) => api.get<EmailVersionView>(`/api/v1/announcements/${id}/email`, { signal, quiet: true }), retry: false });
}

/** The web view's announcement: through the secret link when the page has its token, else as the reader may see it. */
export function useAnnouncementPage(id: number, token: string | null) {
  return useQuery({
    queryKey: token ? announcementKeys.preview(id, token) : announcementKeys.detail(id),
    queryFn: ({ signal }) =>
      token
        ? api.get<AnnouncementView>(`/api/v1/announcements/${id}/preview`, { query: { token }, signal, quiet: true })
        : api.get<AnnouncementView>(`/api/v1/announcements/${id}`, { signal, quiet: true }),
    retry: false,
  });
}

/** Puts an announcement as it now is into a cached list: replaced where it is; a new one of ours goes first; one no longer public leaves "all". */
export function placeAnnouncement(data: InfiniteData<AnnouncementListPage> | undefined, announcement: AnnouncementSummary, name: ListName): InfiniteData<AnnouncementListPage> | undefined {
  if (!data) return data;
  const belongs = name === 'our' || (announcement.status === 'published' && !announcement.isEmbargoed);
  const known = data.pages.some((page) => page.data.some((row) => row.id === announcement.id));
  const pages = data.pages.map((page) => ({
    ...page,
    data: belongs ? page.data.map((row) => (row.id === announcement.id ? announcement : row)) : page.data.filter((row) => row.id !== announcement.id),
    total: !belongs && page.data.some((row) => row.id === announcement.id) ? page.total - 1 : page.total,
  }));
  if (belongs && !known && pages[0]) pages[0] = { data: [announcement, ...pages[0].data], total: pages[0].total + 1 };
  return { ...data, pages };
}

export function applyAnnouncementChanged(queryClient: QueryClient, message: MessageOf<'announcement:changed'>): void {
  for (const name of ['our', 'all'] as const) {
    queryClient.setQueryData<InfiniteData<AnnouncementListPage>>(announcementKeys.list(name), (data) => placeAnnouncement(data, message.announcement, name));
  }
  queryClient.setQueryData<AnnouncementHub>(announcementKeys.hub(message.announcementId), (hub) => hub && { ...hub, status: message.announcement.status, announcement: { ...hub.announcement, ...message.announcement } });
  // The history and the whole view (body, beats) come only with a read.
  void queryClient.invalidateQueries({ queryKey: announcementKeys.hub(message.announcementId) });
  void queryClient.invalidateQueries({ queryKey: announcementKeys.detail(message.announcementId) });
  void queryClient.invalidateQueries({ queryKey: announcementKeys.email(message.announcementId) });
}

/** Lists and the hub follow changes made in other tabs, by colleagues and by the scheduler. */
export function useAnnouncementsLive(): void {
  const queryClient = useQueryClient();
  useSocketEvent('announcement:changed', (message) => applyAnnouncementChanged(queryClient, message));
}

function useSettled() {
  const queryClient = useQueryClient();
  return (view: AnnouncementView) => {
    queryClient.setQueryData(announcementKeys.detail(view.id), view);
    void queryClient.invalidateQueries({ queryKey: announcementKeys.hub(view.id) });
    void queryClient.invalidateQueries({ queryKey: announcementKeys.email(view.id) });
    void queryClient.invalidateQueries({ queryKey: announcementKeys.lists() });
  };
}

/** Saves the editor: a new draft in a newsroom or an edit. Quiet: the editor shows the lines under its fields. */
export function useSaveAnnouncement() {
  const settled = useSettled();
  return useMutation({
    mutationFn: ({ id, newsroomId, body }: { id: number | null; newsroomId: number; body: AnnouncementInput }) =>
      id === null ? api.post<AnnouncementView>('/api/v1/announcements', { ...body, newsroomId }, { quiet: true }) : api.patch<AnnouncementView>(`/api/v1/announcements/${id}`, body, { quiet: true }),
    onSuccess: settled,
  });
}

export type StatusAction = { kind: 'publish' } | { kind: 'unpublish' } | { kind: 'schedule'; publishAt: string | null };

export function useAnnouncementStatus() {
  const settled = useSettled();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: StatusAction }) =>
      action.kind === 'schedule'
        ? api.post<AnnouncementView>(`/api/v1/announcements/${id}/schedule`, { publishAt: action.publishAt }, { quiet: true })
        : api.post<AnnouncementView>(`/api/v1/announcements/${id}/${action.kind}`, undefined, { quiet: true }),
    onSuccess: settled,
  });
}

export function usePreviewLink() {
  return useMutation({ mutationFn: (id: number) => api.post<{ url: string; token: string; createdAt: string }>(`/api/v1/announcements/${id}/preview`) });
}
