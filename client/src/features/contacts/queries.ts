import { keepPreviousData, useInfiniteQuery, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactInput, ContactView, DirectoryFilter, DirectoryRow, ImportReport, ListView, NoteView, RecommendationView } from '../../../../contracts/contacts/api.ts';
import { api } from '../../lib/api/index.ts';
import { useSocketEvent } from '../../lib/realtime/index.ts';
import { directoryQuery, type DirectorySearch } from './search.ts';

/** Rows a page of the table asks for: a few screens' worth, so fast scrolling rarely waits. */
export const DIRECTORY_PAGE = 200;

type DirectoryPage = { data: DirectoryRow[]; hasMore: boolean; total: number | null };
type DuplicatePair = { reason: 'email' | 'name' | 'handle'; contacts: [DirectoryRow, DirectoryRow] };

export const contactKeys = {
  all: ['contacts'] as const,
  directory: (search: DirectorySearch) => ['contacts', 'directory', search] as const,
  contact: (id: number) => ['contacts', 'contact', id] as const,
  lists: () => ['contacts', 'lists'] as const,
  members: (listId: number) => ['contacts', 'directory', { list: listId, sort: 'list' }] as const,
  duplicates: () => ['contacts', 'duplicates'] as const,
  recommendations: () => ['contacts', 'recommendations'] as const,
};

/** The account's contacts and the platform's journalists, one page at a time; the first page counts them all. */
export function useDirectory(search: DirectorySearch, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: contactKeys.directory(search),
    queryFn: ({ pageParam, signal }) =>
      api.get<DirectoryPage>('/api/v1/contacts', { query: { ...directoryQuery(search), offset: pageParam, limit: DIRECTORY_PAGE, total: pageParam === 0 }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.reduce((sum, page) => sum + page.data.length, 0) : undefined),
  });
}

/** The pages holding rows `first` to `last` (inclusive), and always the first (it holds the count). */
export function pagesFor(first: number, last: number): number[] {
  const pages = new Set([0]);
  for (let page = Math.floor(Math.max(0, first) / DIRECTORY_PAGE); page <= Math.floor(Math.max(0, last) / DIRECTORY_PAGE); page += 1) pages.add(page);
  return [...pages].sort((a, b) => a - b);
}

/**
 * The directory as the table scrolls: only the pages under the rows in view are read, by their
 * offset, so a jump to row 80,000 reads one page, not the 400 before it. The first page counts
 * every match, which sizes the scroll once per search.
 */
export function useDirectoryWindow(search: DirectorySearch, first: number, last: number) {
  const pages = pagesFor(first, last);
  const results = useQueries({
    queries: pages.map((page) => ({
      queryKey: [...contactKeys.directory(search), 'page', page] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<DirectoryPage>('/api/v1/contacts', { query: { ...directoryQuery(search), offset: page * DIRECTORY_PAGE, limit: DIRECTORY_PAGE, total: page === 0 }, signal }),
      // The first page of a new search keeps the last one's rows on screen until it arrives.
      placeholderData: page === 0 ? keepPreviousData : undefined,
    })),
  });
  const byPage = new Map(pages.map((page, index) => [page, results[index]!]));
  const firstPage = byPage.get(0)!;
  const total = firstPage.data?.total ?? firstPage.data?.data.length ?? null;
  return {
    total,
    isPending: firstPage.isPending,
    isError: firstPage.isError,
    isPlaceholder: firstPage.isPlaceholderData,
    refetch: () => firstPage.refetch(),
    rowAt: (index: number) => byPage.get(Math.floor(index / DIRECTORY_PAGE))?.data?.data[index % DIRECTORY_PAGE],
  };
}

/** A list's members in the list's own order. */
export function useListMembers(listId: number | undefined) {
  return useQuery({
    queryKey: contactKeys.members(listId ?? 0),
    queryFn: ({ signal }) => api.get<DirectoryPage>('/api/v1/contacts', { query: { list: listId, sort: 'list', limit: 500 }, signal }),
    enabled: listId !== undefined,
  });
}

export function useContact(id: number) {
  return useQuery({ queryKey: contactKeys.contact(id), queryFn: ({ signal }) => api.get<ContactView>(`/api/v1/contacts/${id}`, { signal, quiet: true }), retry: false });
}

export function useLists() {
  return useQuery({ queryKey: contactKeys.lists(), queryFn: ({ signal }) => api.get<{ data: ListView[] }>('/api/v1/contact-lists', { signal }), select: (answer) => answer.data });
}

export function useDuplicates() {
  return useQuery({ queryKey: contactKeys.duplicates(), queryFn: ({ signal }) => api.get<{ data: DuplicatePair[] }>('/api/v1/contacts/duplicates', { signal }), select: (answer) => answer.data });
}

export function useRecommendations() {
  return useQuery({
    queryKey: contactKeys.recommendations(),
    queryFn: ({ signal }) => api.get<{ data: RecommendationView[] }>('/api/v1/contacts/recommendations', { signal }),
    select: (answer) => answer.data,
  });
}

/** Gone from the screen at once; back if the server refuses (the API client says why). */
export function useDismissRecommendation() {
  const queryClient = useQueryClient();
  const key = contactKeys.recommendations();
  return useMutation({
    mutationFn: (userId: number) => api.post(`/api/v1/contacts/recommendations/${userId}/dismiss`),
    onMutate: async (userId) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<{ data: RecommendationView[] }>(key);
      queryClient.setQueryData<{ data: RecommendationView[] }>(key, (answer) => answer && { data: answer.data.filter((item) => item.userId !== userId) });
      return { before };
    },
    onError: (_error, _userId, context) => queryClient.setQueryData(key, context?.before),
    // The server shows a fixed number at a time: the next one in line takes the dismissed one's place.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** A colleague's change to the account's contacts or lists: every view of them on screen is read again. */
export function useContactsLive(): void {
  const queryClient = useQueryClient();
  useSocketEvent('contacts:changed', () => void queryClient.invalidateQueries({ queryKey: contactKeys.all }));
}

/** Anything that changes contacts or lists: every view of them is read again. */
function useRefreshContacts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: contactKeys.all });
}

/** Saving a contact answers 422 with lines the form places beside its fields: quiet, the form shows them. */
export function useSaveContact(id: number | null) {
  const refresh = useRefreshContacts();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContactInput) =>
      id === null ? api.post<ContactView>('/api/v1/contacts', input, { quiet: true }) : api.patch<ContactView>(`/api/v1/contacts/${id}`, input, { quiet: true }),
    onSuccess: (view) => {
      queryClient.setQueryData(contactKeys.contact(view.id), view);
      void refresh();
    },
  });
}

export function useDeleteContact() {
  const refresh = useRefreshContacts();
  return useMutation({ mutationFn: (id: number) => api.delete(`/api/v1/contacts/${id}`), onSuccess: () => void refresh() });
}

export function useDoNotContact(id: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshContacts();
  return useMutation({
    mutationFn: (on: boolean) => (on ? api.post<ContactView>(`/api/v1/contacts/${id}/do-not-contact`) : api.delete<ContactView>(`/api/v1/contacts/${id}/do-not-contact`)),
    onSuccess: (view) => {
      queryClient.setQueryData(contactKeys.contact(id), view);
      void refresh();
    },
  });
}

export function useSaveNote(contactId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, text }: { noteId: number | null; text: string }) =>
      noteId === null ? api.post<NoteView>(`/api/v1/contacts/${contactId}/notes`, { text }) : api.patch<NoteView>(`/api/v1/contacts/${contactId}/notes/${noteId}`, { text }),
    onSuccess: (note) =>
      queryClient.setQueryData<ContactView>(contactKeys.contact(contactId), (view) => {
        if (!view) return view;
        const known = view.notes.some((candidate) => candidate.id === note.id);
        return { ...view, notes: known ? view.notes.map((candidate) => (candidate.id === note.id ? note : candidate)) : [note, ...view.notes] };
      }),
  });
}

/**
 * Whom a bulk action is for: contacts by id and platform journalists the account keeps no
 * record of by user id, or everyone the directory's filters match.
 */
export type ListMembers = { contactIds: number[]; userIds: number[] } | { filter: DirectoryFilter };
export function membersOf(rows: readonly DirectoryRow[]): ListMembers {
  const contactIds: number[] = [];
  const userIds: number[] = [];
  for (const row of rows) {
    if (row.id !== null) contactIds.push(row.id);
    else if (row.userId !== null) userIds.push(row.userId);
  }
  return { contactIds, userIds };
}

export function useListChanges() {
  const refresh = useRefreshContacts();
  const queryClient = useQueryClient();
  const done = (view: ListView | undefined) => {
    if (view) queryClient.setQueryData<{ data: ListView[] }>(contactKeys.lists(), (answer) => answer && { data: answer.data.map((list) => (list.id === view.id ? view : list)) });
    void refresh();
  };
  return {
    create: useMutation({ mutationFn: (body: { name: string; description: string }) => api.post<ListView>('/api/v1/contact-lists', body, { quiet: true }), onSuccess: done }),
    rename: useMutation({ mutationFn: ({ id, ...body }: { id: number; name: string; description: string }) => api.patch<ListView>(`/api/v1/contact-lists/${id}`, body, { quiet: true }), onSuccess: done }),
    remove: useMutation({ mutationFn: (id: number) => api.delete(`/api/v1/contact-lists/${id}`), onSuccess: () => void refresh() }),
    add: useMutation({ mutationFn: ({ id, members }: { id: number; members: ListMembers }) => api.post<ListView>(`/api/v1/contact-lists/${id}/contacts`, members), onSuccess: done }),
    takeOff: useMutation({ mutationFn: ({ id, contactIds }: { id: number; contactIds: number[] }) => api.delete<ListView>(`/api/v1/contact-lists/${id}/contacts`, { contactIds }), onSuccess: done }),
    reorder: useMutation({ mutationFn: ({ id, contactIds }: { id: number; contactIds: number[] }) => api.put<ListView>(`/api/v1/contact-lists/${id}/contacts`, { contactIds }), onSuccess: done }),
  };
}

/** Adds a tag to everyone chosen, on the server in one go: a "select all" may name a hundred thousand. */
export function useTagContacts() {
  const refresh = useRefreshContacts();
  return useMutation({
    mutationFn: ({ members, tag }: { members: ListMembers; tag: string }) => api.post<{ count: number }>('/api/v1/contacts/tags', { ...members, tag }, { quiet: true }),
    onSettled: () => void refresh(),
  });
}

export function useMerge() {
  const refresh = useRefreshContacts();
  return useMutation({
    mutationFn: ({ keptId, otherId, fields }: { keptId: number; otherId: number; fields: ContactInput }) => api.post<ContactView>(`/api/v1/contacts/${keptId}/merge`, { otherId, fields }),
    onSuccess: () => void refresh(),
  });
}

export function useNotDuplicate() {
  const refresh = useRefreshContacts();
  return useMutation({ mutationFn: ({ id, otherId }: { id: number; otherId: number }) => api.post(`/api/v1/contacts/${id}/not-duplicate`, { otherId }), onSuccess: () => void refresh() });
}

export type { DirectoryPage, DuplicatePair, ImportReport };
