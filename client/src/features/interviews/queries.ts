import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import type {
  CreateInterviewBody,
  InterviewListName,
  InterviewView,
  QuestionKind,
  ResponseView,
  interviewList,
  linkView,
  savedAnswerList,
} from '../../../../contracts/interviews/api.ts';
import type { UserType } from '../../../../contracts/posts/kinds.ts';
import type { PostView } from '../../../../contracts/posts/views.ts';
import { api } from '../../lib/api/index.ts';
import { setLiveQueryData, useRoom, useSocketEvent, type MessageOf } from '../../lib/realtime/index.ts';

type InterviewListPage = z.infer<typeof interviewList>;
export type SavedPage = z.infer<typeof savedAnswerList>;
export type LinkView = z.infer<typeof linkView>;
type Responses = { data: ResponseView[] };

/** The post list's batch (spec section 9): lists of interviews page the same way. */
const PAGE_SIZE = 20;

export const interviewKeys = {
  lists: () => ['interviews', 'list'] as const,
  list: (name: InterviewListName) => ['interviews', 'list', name] as const,
  saved: () => ['interviews', 'saved'] as const,
  detail: (id: number) => ['interviews', 'detail', id] as const,
  responses: (id: number) => ['interviews', 'responses', id] as const,
  links: (id: number) => ['interviews', 'links', id] as const,
};

const nextOffset = (last: { offset: number; limit: number; hasMore: boolean }) => (last.hasMore ? last.offset + last.limit : undefined);

export function useInterviewList(name: InterviewListName) {
  return useInfiniteQuery({
    queryKey: interviewKeys.list(name),
    queryFn: ({ pageParam, signal }) => api.get<InterviewListPage>('/api/v1/interviews', { query: { list: name, offset: pageParam, limit: PAGE_SIZE }, signal }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
}

export function useSavedAnswers() {
  return useInfiniteQuery({
    queryKey: interviewKeys.saved(),
    queryFn: ({ pageParam, signal }) => api.get<SavedPage>('/api/v1/interviews/saved', { query: { offset: pageParam, limit: PAGE_SIZE }, signal }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
}

export function useInterview(id: number) {
  // Quiet: the page says "not found" itself rather than a toast over an empty screen.
  return useQuery({ queryKey: interviewKeys.detail(id), queryFn: ({ signal }) => api.get<InterviewView>(`/api/v1/interviews/${id}`, { signal, quiet: true }), retry: false });
}

export function useResponses(id: number, enabled: boolean) {
  return useQuery({ queryKey: interviewKeys.responses(id), queryFn: ({ signal }) => api.get<Responses>(`/api/v1/interviews/${id}/responses`, { signal }), enabled });
}

export function useLinks(id: number, enabled: boolean) {
  return useQuery({ queryKey: interviewKeys.links(id), queryFn: ({ signal }) => api.get<{ data: LinkView[] }>(`/api/v1/interviews/${id}/links`, { signal }), enabled });
}

/**
 * Puts a response into the cached list: replaced where it is, else added at the end (the server
 * lists them oldest first). A live message is a neutral reader's view, with nothing saved, so
 * each answer keeps this reader's Saved mark.
 */
function placeResponse(responses: Responses | undefined, response: ResponseView): Responses | undefined {
  if (!responses) return responses;
  const known = responses.data.find((candidate) => candidate.id === response.id);
  if (!known) return { data: [...responses.data, response] };
  const saved = new Set(known.answers.filter((answer) => answer.saved).map((answer) => answer.questionId));
  const merged = { ...response, answers: response.answers.map((answer) => (saved.has(answer.questionId) ? { ...answer, saved: true } : answer)) };
  return { data: responses.data.map((candidate) => (candidate.id === response.id ? merged : candidate)) };
}

/**
 * An answer arrived, or a video answer became playable: the response as it now is replaces the
 * cached one (a read of the list on its way is asked again), and the interview's count follows.
 */
export function applyAnswered(queryClient: QueryClient, message: MessageOf<'interview:answered'>): void {
  setLiveQueryData<Responses>(queryClient, interviewKeys.responses(message.interviewId), (responses) => placeResponse(responses, message.response));
  queryClient.setQueryData<InterviewView>(interviewKeys.detail(message.interviewId), (view) => view && { ...view, answersCount: message.answersCount });
}

/** The interview opened, changed or closed: its status at once, the rest (questions, callout) read again. */
export function applyChanged(queryClient: QueryClient, message: MessageOf<'interview:changed'>): void {
  queryClient.setQueryData<InterviewView>(interviewKeys.detail(message.interviewId), (view) => view && { ...view, status: message.status, closedReason: message.closedReason });
  void queryClient.invalidateQueries({ queryKey: interviewKeys.detail(message.interviewId) });
  void queryClient.invalidateQueries({ queryKey: interviewKeys.lists() });
}

// setTimeout holds at most a 32-bit count of milliseconds (about 24 days); a later deadline is read again on a later visit.
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * The interview's answers as they come: joins its room (readers of the answers only, as the
 * server checks). A passed deadline closes it by the clock, with no event to hear, so the page
 * reads it again when the deadline comes.
 */
export function useInterviewLive(id: number, readsAnswers: boolean, openUntil: string | null): void {
  const queryClient = useQueryClient();
  useRoom(readsAnswers ? `interview:${id}` : null);
  useEffect(() => {
    if (openUntil === null) return;
    const wait = Date.parse(openUntil) - Date.now();
    if (Number.isNaN(wait) || wait > LONGEST_TIMER_MS) return;
    // A second past it, so the server's clock has passed it too.
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: interviewKeys.detail(id) }), Math.max(0, wait) + 1000);
    return () => clearTimeout(timer);
  }, [id, openUntil, queryClient]);
  useSocketEvent('interview:answered', (message) => {
    if (message.interviewId === id) applyAnswered(queryClient, message);
  });
  useSocketEvent('interview:changed', (message) => {
    if (message.interviewId === id) applyChanged(queryClient, message);
  });
}

/** A response was sent to an interview one reads the answers of: its count moves on every open list and on its page. */
export function applyCounted(queryClient: QueryClient, message: MessageOf<'interview:counted'>): void {
  const count = <T extends { id: number; answersCount: number }>(interview: T): T => (interview.id === message.interviewId ? { ...interview, answersCount: message.answersCount } : interview);
  queryClient.setQueriesData<InfiniteData<InterviewListPage>>({ queryKey: interviewKeys.lists() }, (lists) => lists && { ...lists, pages: lists.pages.map((page) => ({ ...page, data: page.data.map(count) })) });
  queryClient.setQueryData<InterviewView>(interviewKeys.detail(message.interviewId), (view) => view && count(view));
}

/** The lists' cards keep their counts of answers as responses are sent (the socket's own room: no room to join). */
export function useInterviewCounts(): void {
  const queryClient = useQueryClient();
  useSocketEvent('interview:counted', (message) => applyCounted(queryClient, message));
}

/** After the interview changed here: the page shows the server's answer, and every list reads itself again. */
function settle(queryClient: QueryClient, view: InterviewView): void {
  queryClient.setQueryData(interviewKeys.detail(view.id), view);
  void queryClient.invalidateQueries({ queryKey: interviewKeys.lists() });
}

export function useCreateInterview() {
  const queryClient = useQueryClient();
  return useMutation({
    // Quiet: the modal shows the lines beside the fields they are about.
    mutationFn: (body: CreateInterviewBody) => api.post<InterviewView>('/api/v1/interviews', body, { quiet: true }),
    onSuccess: (view) => settle(queryClient, view),
  });
}

export function useInterviewAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'publish' | 'close') => api.post<InterviewView>(`/api/v1/interviews/${id}/${action}`),
    onSuccess: (view) => settle(queryClient, view),
  });
}

export function usePeopleAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ to, userIds }: { to: 'invitations' | 'shares'; userIds: number[] }) => api.post<InterviewView>(`/api/v1/interviews/${id}/${to}`, { userIds }, { quiet: true }),
    onSuccess: (view) => settle(queryClient, view),
  });
}

export function useCreateLink(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { type: QuestionKind; label: string }) => api.post<LinkView>(`/api/v1/interviews/${id}/links`, input),
    onSuccess: (link) => queryClient.setQueryData<{ data: LinkView[] }>(interviewKeys.links(id), (links) => ({ data: [...(links?.data ?? []), link] })),
  });
}

export function useRevokeLink(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: number) => api.delete(`/api/v1/interviews/${id}/links/${linkId}`),
    onSuccess: (_answer, linkId) =>
      queryClient.setQueryData<{ data: LinkView[] }>(interviewKeys.links(id), (links) => links && { data: links.data.map((link) => (link.id === linkId ? { ...link, revoked: true } : link)) }),
  });
}

type CalloutInput = {
  communities: number[];
  userTypes: UserType[];
  title: string;
  content: string;
  deadline: string | null;
  showQuestions: boolean;
  allowSkip: boolean;
};

export function usePublishCallout(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CalloutInput) => api.post<PostView>(`/api/v1/callouts/async/${id}`, input, { quiet: true }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: interviewKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: interviewKeys.lists() });
    },
  });
}

/** Keep or let go an answer's media (Saved media); the server answers with the interview's responses as they now are. */
export function useSaveAnswer(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ responseId, questionId, status }: { responseId: number; questionId: number; status: boolean }) =>
      api.post<Responses>(`/api/v1/interviews/${id}/responses/${responseId}/answers/${questionId}/save`, { status }),
    onSuccess: (responses) => {
      queryClient.setQueryData(interviewKeys.responses(id), responses);
      void queryClient.invalidateQueries({ queryKey: interviewKeys.saved() });
    },
  });
}

/** Removes an answer from the cached Saved media at once, so the list does not wait for its next read. */
export function dropSaved(pages: InfiniteData<SavedPage> | undefined, responseId: number, questionId: number): InfiniteData<SavedPage> | undefined {
  if (!pages) return pages;
  return { ...pages, pages: pages.pages.map((page) => ({ ...page, data: page.data.filter((item) => !(item.responseId === responseId && item.answer.questionId === questionId)) })) };
}

export function useUnsave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ interviewId, responseId, questionId }: { interviewId: number; responseId: number; questionId: number }) =>
      api.post<Responses>(`/api/v1/interviews/${interviewId}/responses/${responseId}/answers/${questionId}/save`, { status: false }),
    onSuccess: (responses, { interviewId, responseId, questionId }) => {
      queryClient.setQueryData<InfiniteData<SavedPage>>(interviewKeys.saved(), (pages) => dropSaved(pages, responseId, questionId));
      queryClient.setQueryData(interviewKeys.responses(interviewId), responses);
    },
  });
}
