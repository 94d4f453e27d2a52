import { QueryClient, QueryClientProvider, QueryObserver, type InfiniteData } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InterviewView, ResponseView } from '../../../../contracts/interviews/api.ts';
import type { VideoView } from '../../../../contracts/posts/media.ts';
import { applyAnswered, applyChanged, applyCounted, dropSaved, interviewKeys, useInterviewLive, type SavedPage } from './queries.ts';

const processing: VideoView = { id: 9, coverUrl: null, url: '/uploads/originals/9.webm', fallbackUrl: null, duration: null, status: 'processing', qualityUrls: {}, error: null };
const processed: VideoView = { ...processing, url: '/uploads/videos/9/master.m3u8', fallbackUrl: '/uploads/videos/9/360.mp4', coverUrl: '/uploads/videos/9/cover.jpg', duration: 42, status: 'processed', qualityUrls: { '360': '/uploads/videos/9/360.m3u8' } };

const interview = (id: number): InterviewView => ({
  id,
  title: 'Heat and the grid',
  brief: '',
  deadline: null,
  status: 'open',
  closedReason: null,
  closedLine: null,
  showQuestions: true,
  allowSkip: false,
  closeAfterAnswers: null,
  creator: { id: 2, avatar: null, name: 'Jo Reporter', slug: 'jo', type: 'person' },
  calloutId: null,
  questions: [
    { id: 11, position: 0, kind: 'video', text: 'On camera?', timeLimitSeconds: 120, maxLength: null, thinkSeconds: 0, retakes: 1 },
    { id: 12, position: 1, kind: 'text', text: 'In writing?', timeLimitSeconds: null, maxLength: 2000, thinkSeconds: 0, retakes: 0 },
  ],
  answersCount: 1,
  createdAt: '2026-11-25T10:00:00Z',
  publishedAt: '2026-11-25T10:00:00Z',
  permissions: { canManage: true, canReadAnswers: true, canAnswer: false },
});

const response = (id: number, answers: ResponseView['answers'], status: ResponseView['status'] = 'started'): ResponseView => ({
  id,
  interviewId: 1,
  respondent: { kind: 'guest', name: 'Dr Lee', email: 'lee@example.com', organisation: 'Uni' },
  status,
  answers,
  startedAt: '2026-11-25T10:00:00Z',
  sentAt: status === 'sent' ? '2026-11-25T10:05:00Z' : null,
});
const text = (questionId: number, value: string) => ({ questionId, kind: 'text' as const, text: value, video: null, skipped: false, answeredAt: '2026-11-25T10:01:00Z', saved: false });
const video = (questionId: number, view: VideoView) => ({ questionId, kind: 'video' as const, text: null, video: view, skipped: false, answeredAt: '2026-11-25T10:01:00Z', saved: false });
const answered = (interviewId: number, changed: ResponseView, answersCount: number, position = 7) => ({ cursor: `1:${position}`, position, interviewId, response: changed, answersCount });

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient();
  queryClient.setQueryData(interviewKeys.detail(1), interview(1));
  queryClient.setQueryData(interviewKeys.detail(2), interview(2));
  queryClient.setQueryData(interviewKeys.responses(1), { data: [response(100, [text(12, 'Demand response.')], 'sent')] });
  queryClient.setQueryData(interviewKeys.responses(2), { data: [] });
});

const responses = (id: number) => queryClient.getQueryData<{ data: ResponseView[] }>(interviewKeys.responses(id))!.data;

describe('answers arrive live on the interview page (interview:answered)', () => {
  it('adds a new response after those already shown, and the interview counts what the server counted', () => {
    applyAnswered(queryClient, answered(1, response(101, [video(11, processing)]), 1));
    expect(responses(1).map((r) => r.id)).toEqual([100, 101]);
    expect(responses(1)[1]!.answers[0]!.video!.status).toBe('processing');
    expect(queryClient.getQueryData<InterviewView>(interviewKeys.detail(1))!.answersCount).toBe(1);
  });

  it('replaces a response in place as it moves on: another answer, then its video playable, then sent', () => {
    applyAnswered(queryClient, answered(1, response(101, [video(11, processing)]), 1, 7));
    applyAnswered(queryClient, answered(1, response(101, [video(11, processing), text(12, 'A grid that bends.')]), 1, 8));
    applyAnswered(queryClient, answered(1, response(101, [video(11, processed), text(12, 'A grid that bends.')]), 1, 9));
    applyAnswered(queryClient, answered(1, response(101, [video(11, processed), text(12, 'A grid that bends.')], 'sent'), 2, 10));
    expect(responses(1).map((r) => [r.id, r.status])).toEqual([
      [100, 'sent'],
      [101, 'sent'],
    ]);
    expect(responses(1)[1]!.answers.map((a) => a.video?.status ?? a.text)).toEqual(['processed', 'A grid that bends.']);
    expect(queryClient.getQueryData<InterviewView>(interviewKeys.detail(1))!.answersCount).toBe(2);
  });

  it('keeps what this reader saved: the message is a neutral reader’s view', () => {
    queryClient.setQueryData(interviewKeys.responses(1), { data: [response(101, [{ ...video(11, processing), saved: true }, text(12, 'first')])] });
    applyAnswered(queryClient, answered(1, response(101, [video(11, processed), text(12, 'second')]), 1));
    expect(responses(1)[0]!.answers.map((a) => [a.questionId, a.saved])).toEqual([
      [11, true],
      [12, false],
    ]);
    expect(responses(1)[0]!.answers[0]!.video!.status).toBe('processed');
  });

  it('leaves other interviews, and answers never read, alone', () => {
    applyAnswered(queryClient, answered(1, response(101, [text(12, 'x')]), 2));
    expect(responses(2)).toEqual([]);
    expect(queryClient.getQueryData<InterviewView>(interviewKeys.detail(2))!.answersCount).toBe(1);
    applyAnswered(queryClient, answered(3, response(300, [text(12, 'x')]), 1));
    expect(queryClient.getQueryData(interviewKeys.responses(3))).toBeUndefined();
  });

  it('asks again when a read of the answers is on its way, since it may hold what came before the message', async () => {
    const key = interviewKeys.responses(1);
    let reads = 0;
    let releaseFirst: (value: { data: ResponseView[] }) => void = () => {};
    const observer = new QueryObserver(queryClient, {
      queryKey: key,
      queryFn: () => {
        reads += 1;
        if (reads === 1) return new Promise<{ data: ResponseView[] }>((resolve) => (releaseFirst = resolve));
        return Promise.resolve({ data: [response(100, [], 'sent'), response(101, [text(12, 'late')], 'sent')] });
      },
      staleTime: Infinity,
    });
    const stop = observer.subscribe(() => {});
    void queryClient.refetchQueries({ queryKey: key, exact: true });
    applyAnswered(queryClient, answered(1, response(101, [text(12, 'late')], 'sent'), 2));
    releaseFirst({ data: [response(100, [], 'sent')] });
    await vi.waitFor(() => expect(responses(1).map((r) => r.id)).toEqual([100, 101]));
    expect(reads).toBe(2);
    stop();
  });
});

it('a sent response moves the count on every open list and on the page (interview:counted)', () => {
  const page = (ids: number[]) => ({ data: ids.map((id) => ({ ...interview(id), answersCount: 0 })), offset: 0, limit: 20, hasMore: false });
  queryClient.setQueryData(interviewKeys.list('my'), { pages: [page([1, 2])], pageParams: [0] });
  queryClient.setQueryData(interviewKeys.list('shared'), { pages: [page([3]), page([1])], pageParams: [0, 20] });
  applyCounted(queryClient, { cursor: '1:13', position: 13, interviewId: 1, answersCount: 4 });
  const counts = (name: 'my' | 'shared') => queryClient.getQueryData<{ pages: { data: { id: number; answersCount: number }[] }[] }>(interviewKeys.list(name))!.pages.flatMap((p) => p.data.map((i) => [i.id, i.answersCount]));
  expect(counts('my')).toEqual([[1, 4], [2, 0]]);
  expect(counts('shared')).toEqual([[3, 0], [1, 4]]);
  expect(queryClient.getQueryData<InterviewView>(interviewKeys.detail(1))!.answersCount).toBe(4);
});

it('an interview that closes shows it at once (interview:changed)', () => {
  applyChanged(queryClient, { cursor: '1:12', position: 12, interviewId: 1, change: 'closed', status: 'closed', closedReason: 'answers' });
  expect(queryClient.getQueryData<InterviewView>(interviewKeys.detail(1))).toMatchObject({ status: 'closed', closedReason: 'answers' });
  expect(queryClient.getQueryData<InterviewView>(interviewKeys.detail(2))!.status).toBe('open');
});

it('an answer let go leaves Saved media at once, and only that answer', () => {
  const saved = (responseId: number, questionId: number) => ({
    interviewId: 1,
    interviewTitle: 'Heat',
    responseId,
    question: 'Q',
    respondentName: 'Dr Lee',
    answer: { ...video(questionId, processed), saved: true },
    savedAt: '2026-11-25T11:00:00Z',
  });
  const pages: InfiniteData<SavedPage> = { pages: [{ data: [saved(100, 11), saved(100, 12), saved(101, 11)], offset: 0, limit: 20, hasMore: false }], pageParams: [0] };
  expect(dropSaved(pages, 100, 11)!.pages[0]!.data.map((item) => `${item.responseId}/${item.answer.questionId}`)).toEqual(['100/12', '101/11']);
});

it('an open page reads the interview again once its deadline has passed, which closes it with no event to hear', () => {
  vi.useFakeTimers({ now: Date.parse('2026-11-25T10:00:00Z') });
  try {
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { unmount } = renderHook(() => useInterviewLive(1, true, '2026-11-25T10:05:00Z'), { wrapper });
    const stale = () => queryClient.getQueryState(interviewKeys.detail(1))!.isInvalidated;
    vi.advanceTimersByTime(5 * 60_000);
    expect(stale()).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(stale()).toBe(true);
    expect(queryClient.getQueryState(interviewKeys.detail(2))!.isInvalidated).toBe(false);
    unmount();
  } finally {
    vi.useRealTimers();
  }
});
