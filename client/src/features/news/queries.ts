import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ArticleView, CommentaryGroup, CommentaryPage, CreateArticleBody, FeedView, RegisterFeedBody, WireEntry, WirePage } from '../../../../contracts/news/api.ts';
import { api } from '../../lib/api/index.ts';
import { showToast } from '../../ui/index.ts';

export type WireFilters = { beat: string; country: string; outlet: string };

export const newsKeys = {
  all: ['news'] as const,
  wire: (filters: WireFilters) => ['news', 'wire', filters] as const,
  facets: () => ['news', 'facets'] as const,
  insider: (kind: string) => ['news', 'insider', kind] as const,
  commentary: () => ['news', 'commentary'] as const,
  article: (id: number) => ['news', 'article', id] as const,
  feeds: () => ['news', 'feeds'] as const,
};

/** Whether a wire entry belongs in a list filtered so: what counts towards its "new items" bar. */
export function matchesFilters(entry: WireEntry, filters: WireFilters): boolean {
  if (filters.beat && !entry.beats.includes(filters.beat)) return false;
  if (filters.country && entry.country !== filters.country) return false;
  if (filters.outlet && entry.outlet !== filters.outlet) return false;
  return true;
}

/** The newswire as filtered, newest first, a page at a time. */
export function useWire(filters: WireFilters) {
  return useInfiniteQuery({
    queryKey: newsKeys.wire(filters),
    queryFn: ({ pageParam, signal }) => api.get<WirePage>('/api/v1/news/wire', { query: { ...filters, ...(pageParam ? { before: pageParam } : {}) }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useWireFacets() {
  return useQuery({
    queryKey: newsKeys.facets(),
    queryFn: ({ signal }) => api.get<{ outlets: string[]; countries: string[] }>('/api/v1/news/wire/facets', { signal, quiet: true }),
    staleTime: 60_000,
  });
}

/** Epitome and Marcoms News articles (`kind` empty: both). */
export function useInsider(kind: '' | 'epitome' | 'marcoms') {
  return useInfiniteQuery({
    queryKey: newsKeys.insider(kind),
    queryFn: ({ pageParam, signal }) =>
      api.get<{ data: ArticleView[]; next: string | null }>('/api/v1/news/insider', { query: { ...(kind ? { kind } : {}), ...(pageParam ? { before: pageParam } : {}) }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** One article, opened by its address in the app (`articlePath`); nothing is asked without one. */
export function useArticle(id: number | null) {
  return useQuery({
    queryKey: newsKeys.article(id ?? 0),
    queryFn: ({ signal }) => api.get<ArticleView>(`/api/v1/news/articles/${id}`, { signal, quiet: true }),
    enabled: id !== null,
  });
}

/** Reactions and statements under what they answer, a page of posts at a time. */
export function useCommentary() {
  return useInfiniteQuery({
    queryKey: newsKeys.commentary(),
    queryFn: ({ pageParam, signal }) => api.get<CommentaryPage>('/api/v1/news/commentary', { query: pageParam ? { before: pageParam } : {}, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/**
 * The groups of all pages read so far: a group the next page goes on with (an item answered
 * over a long time, or the record) takes its older posts beneath the ones already shown, so
 * the groups stay in order of their newest activity.
 */
export function gatherCommentary(pages: readonly CommentaryPage[]): CommentaryGroup[] {
  const groups = new Map<string, CommentaryGroup>();
  for (const group of pages.flatMap((page) => page.data)) {
    const known = groups.get(group.key);
    groups.set(group.key, known ? { ...known, posts: [...known.posts, ...group.posts.filter((post) => !known.posts.some((shown) => shown.id === post.id))] } : group);
  }
  return [...groups.values()];
}

/** The outside feeds with how their fetching goes, read again every 15 s while the screen is open. */
export function useFeeds() {
  return useQuery({ queryKey: newsKeys.feeds(), queryFn: async ({ signal }) => (await api.get<{ data: FeedView[] }>('/api/v1/news/feeds', { signal })).data, refetchInterval: 15_000 });
}

export function useRegisterFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterFeedBody) => api.post<FeedView>('/api/v1/news/feeds', body),
    onSuccess: (feed) => {
      showToast({ type: 'success', title: 'Feed registered', lines: [`${feed.name} is fetched within a few seconds.`] });
      void queryClient.invalidateQueries({ queryKey: newsKeys.all });
    },
  });
}

export function useRemoveFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feed: FeedView) => api.delete(`/api/v1/news/feeds/${feed.id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: newsKeys.all }),
  });
}

export function useFetchNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feed: FeedView) => api.post<FeedView>(`/api/v1/news/feeds/${feed.id}/fetch`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: newsKeys.feeds() }),
  });
}

export function usePublishArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateArticleBody) => api.post<ArticleView>('/api/v1/news/articles', body),
    onSuccess: (article) => {
      showToast({ type: 'success', title: 'Article published', lines: [article.title] });
      void queryClient.invalidateQueries({ queryKey: newsKeys.all });
    },
  });
}
