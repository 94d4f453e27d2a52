import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminNewsroomList, ConfirmationView, NewsroomSummary, NewsroomView, newsroomList } from '../../../../contracts/newsrooms/api.ts';
import { api } from '../../lib/api/index.ts';
import { useSocketEvent, type MessageOf } from '../../lib/realtime/index.ts';
import { adminNewsroomsQuery, type AdminNewsroomsSearch } from './adminSearch.ts';

type NewsroomList = z.infer<typeof newsroomList>;

export const newsroomKeys = {
  our: () => ['newsrooms', 'our'] as const,
  public: () => ['newsrooms', 'public'] as const,
  admin: () => ['newsrooms', 'admin'] as const,
  adminPage: (search: AdminNewsroomsSearch) => ['newsrooms', 'admin', search] as const,
  detail: (ref: number | string) => ['newsrooms', 'detail', String(ref)] as const,
  confirmation: (hash: string) => ['newsrooms', 'confirmation', hash] as const,
};

export function useOurNewsrooms(enabled = true) {
  return useQuery({ queryKey: newsroomKeys.our(), queryFn: ({ signal }) => api.get<NewsroomList>('/api/v1/newsrooms/our', { signal }), enabled });
}

export function usePublicNewsrooms() {
  return useQuery({ queryKey: newsroomKeys.public(), queryFn: ({ signal }) => api.get<NewsroomList>('/api/v1/newsrooms', { query: { limit: 100 }, signal }) });
}

/** The admins' list: a page of every newsroom, the last page kept on screen while the next loads. */
export function useAdminNewsrooms(search: AdminNewsroomsSearch) {
  return useQuery({
    queryKey: newsroomKeys.adminPage(search),
    queryFn: ({ signal }) => api.get<AdminNewsroomList>('/api/v1/admin/newsrooms', { query: adminNewsroomsQuery(search), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useNewsroom(id: number | null) {
  return useQuery({
    queryKey: newsroomKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<NewsroomView>(`/api/v1/newsrooms/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** A newsroom as it now is, put in the list where it was, or first when it is new to it. */
export function placeNewsroom(list: NewsroomList | undefined, newsroom: NewsroomSummary): NewsroomList | undefined {
  if (!list) return list;
  if (list.data.some((row) => row.id === newsroom.id)) return { ...list, data: list.data.map((row) => (row.id === newsroom.id ? newsroom : row)) };
  return { data: [newsroom, ...list.data], total: list.total + 1 };
}

export function applyNewsroomChanged(queryClient: QueryClient, message: MessageOf<'newsroom:changed'>): void {
  queryClient.setQueryData<NewsroomList>(newsroomKeys.our(), (list) => placeNewsroom(list, message.newsroom));
  void queryClient.invalidateQueries({ queryKey: newsroomKeys.detail(message.newsroomId) });
  void queryClient.invalidateQueries({ queryKey: newsroomKeys.public() });
}

/** Our newsrooms follow changes made in other tabs and by colleagues. */
export function useNewsroomsLive(): void {
  const queryClient = useQueryClient();
  useSocketEvent('newsroom:changed', (message) => applyNewsroomChanged(queryClient, message));
}

const summaryOf = ({ id, slug, name, company, logo, brandColour, languages, isPublic }: NewsroomView): NewsroomSummary => ({ id, slug, name, company, logo, brandColour, languages, isPublic });

/**
 * A newsroom as the server now holds it, in every list that shows it. Our newsrooms gain a new
 * one, not one an admin edited elsewhere. The admins' pages change their row at once, then ask
 * again: a row may have left a filtered page.
 */
function savedNewsroom(queryClient: QueryClient, view: NewsroomView, { isNew }: { isNew: boolean }): void {
  queryClient.setQueryData(newsroomKeys.detail(view.id), view);
  queryClient.setQueryData<NewsroomList>(newsroomKeys.our(), (list) => (isNew || list?.data.some((row) => row.id === view.id) ? placeNewsroom(list, view) : list));
  queryClient.setQueriesData<AdminNewsroomList>({ queryKey: newsroomKeys.admin() }, (page) =>
    page && { ...page, data: page.data.map((row) => (row.id === view.id ? { ...row, ...summaryOf(view) } : row)) },
  );
  void queryClient.invalidateQueries({ queryKey: newsroomKeys.public() });
  void queryClient.invalidateQueries({ queryKey: newsroomKeys.admin() });
}

/** Saves the form: a new newsroom (with its company) or an edit of one. Quiet: the form shows the lines under its fields. */
export function useSaveNewsroom(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: object) => (id === null ? api.post<NewsroomView>('/api/v1/newsrooms', body, { quiet: true }) : api.patch<NewsroomView>(`/api/v1/newsrooms/${id}`, body, { quiet: true })),
    onSuccess: (view) => savedNewsroom(queryClient, view, { isNew: id === null }),
  });
}

/** Makes a newsroom public or hides it: an edit of that one field. A refusal is the error catalogue's toast. */
export function useSetNewsroomPublic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isPublic }: { id: number; isPublic: boolean }) => api.patch<NewsroomView>(`/api/v1/newsrooms/${id}`, { isPublic }),
    onSuccess: (view) => savedNewsroom(queryClient, view, { isNew: false }),
  });
}

export function useConfirmation(hash: string) {
  return useQuery({
    queryKey: newsroomKeys.confirmation(hash),
    queryFn: ({ signal }) => api.get<ConfirmationView>(`/api/v1/newsrooms/confirm/${encodeURIComponent(hash)}`, { signal, quiet: true }),
    retry: false,
  });
}

export function useConfirm(hash: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ConfirmationView>(`/api/v1/newsrooms/confirm/${encodeURIComponent(hash)}`, undefined, { quiet: true }),
    onSuccess: (view) => {
      queryClient.setQueryData(newsroomKeys.confirmation(hash), view);
      void queryClient.invalidateQueries({ queryKey: newsroomKeys.our() });
    },
  });
}
