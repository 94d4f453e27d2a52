import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { InterviewView, ResponseView } from '../../../../contracts/interviews/api.ts';
import type { VideoView } from '../../../../contracts/posts/media.ts';
import { RealtimeContext } from '../../lib/realtime/context.ts';
import { startLiveHarness, type LiveHarness } from '../../lib/realtime/testing.ts';
import { currentUserKey } from '../session/currentUser.ts';
import { currentUserLike } from '../session/testUser.ts';
import { InterviewPage } from './InterviewPage.tsx';

let live: LiveHarness;
let saves: { url: string; body: unknown }[];
let responsesAtStart: ResponseView[] = [];
let savedResponse: ResponseView;

const interview: InterviewView = {
  id: 1,
  title: 'Heat and the grid',
  brief: 'For a weekend explainer.',
  deadline: null,
  status: 'open',
  closedReason: null,
  closedLine: null,
  showQuestions: true,
  allowSkip: true,
  closeAfterAnswers: null,
  creator: { id: 7, avatar: null, name: 'Jo Reporter', slug: 'jo-reporter', type: 'person' },
  calloutId: null,
  questions: [
    { id: 11, position: 0, kind: 'video', text: 'What fails first?', timeLimitSeconds: 120, maxLength: null, thinkSeconds: 0, retakes: 1 },
    { id: 12, position: 1, kind: 'text', text: 'One fix?', timeLimitSeconds: null, maxLength: 2000, thinkSeconds: 0, retakes: 0 },
  ],
  answersCount: 0,
  createdAt: '2026-11-25T10:00:00Z',
  publishedAt: '2026-11-25T10:00:00Z',
  permissions: { canManage: true, canReadAnswers: true, canAnswer: false },
};
const processing: VideoView = { id: 9, coverUrl: null, url: '/uploads/originals/9.webm', fallbackUrl: null, duration: null, status: 'processing', qualityUrls: {}, error: null };
const guest = (answers: ResponseView['answers'], status: ResponseView['status'] = 'started'): ResponseView => ({
  id: 100,
  interviewId: 1,
  respondent: { kind: 'guest', name: 'Dr Ana Lee', email: 'ana@example.com', organisation: 'Coastal Institute' },
  status,
  answers,
  startedAt: '2026-11-25T10:01:00Z',
  sentAt: status === 'sent' ? '2026-11-25T10:09:00Z' : null,
});
const at = '2026-11-25T10:02:00Z';
const processed: VideoView = { ...processing, url: '/uploads/videos/9/master.m3u8', fallbackUrl: '/uploads/videos/9/360.mp4', coverUrl: '/uploads/videos/9/cover.jpg', duration: 42, status: 'processed', qualityUrls: { '360': '/uploads/videos/9/360.m3u8' } };
const onVideo = (video: VideoView, saved = false) => ({ questionId: 11, kind: 'video' as const, text: null, video, skipped: false, answeredAt: at, saved });

beforeEach(async () => {
  live = await startLiveHarness();
  saves = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url.endsWith('/save')) saves.push({ url, body: JSON.parse(String(init.body)) });
      const body = url.endsWith('/save') ? { data: [savedResponse] } : url.endsWith('/responses') ? { data: responsesAtStart } : url.endsWith('/links') ? { data: [] } : interview;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await live.stop();
});

afterEach(() => {
  responsesAtStart = [];
});

function mount() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserKey, currentUserLike({ timezone: 'UTC' }));
  const root = createRootRoute();
  const page = createRoute({ getParentRoute: () => root, path: '/interviews/$id', component: InterviewPage });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/interviews/1'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RealtimeContext.Provider value={live.connection}>
        <RouterProvider router={router} />
      </RealtimeContext.Provider>
    </QueryClientProvider>,
  );
}

const inRoom = async () => (await live.server.in('interview:1').fetchSockets()).length;
let position = 0;
const push = (response: ResponseView, answersCount: number) => {
  position += 1;
  live.server.to('interview:1').emit('interview:answered', { cursor: `1:${position}`, position, interviewId: 1, response, answersCount });
};

it('the interviewer’s open page joins the interview’s room and shows each answer as it is given, then the response sent', async () => {
  mount();
  expect(await screen.findByRole('heading', { name: 'Heat and the grid', level: 1 })).toBeInTheDocument();
  expect(await screen.findByText('No answers yet')).toBeInTheDocument();
  await vi.waitFor(async () => expect(await inRoom()).toBe(1));

  push(guest([{ questionId: 12, kind: 'text', text: 'Fund the levees.', video: null, skipped: false, answeredAt: at, saved: false }]), 0);
  const response = await screen.findByRole('listitem', { name: 'Dr Ana Lee' });
  expect(response).toHaveTextContent('Answering…');
  expect(response).toHaveTextContent('Fund the levees.');
  expect(response).toHaveTextContent('Not answered yet');

  push(
    guest([
      { questionId: 11, kind: 'video', text: null, video: processing, skipped: false, answeredAt: at, saved: false },
      { questionId: 12, kind: 'text', text: 'Fund the levees.', video: null, skipped: false, answeredAt: at, saved: false },
    ], 'sent'),
    1,
  );
  await vi.waitFor(() => expect(within(screen.getByRole('listitem', { name: 'Dr Ana Lee' })).getByText(/Sent 25 Nov 2026/)).toBeInTheDocument());
  expect(within(screen.getByRole('listitem', { name: 'Dr Ana Lee' })).getByText('Processing…')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: /Answers/ })).toHaveTextContent('1 answer');
});

it('a video answer is saved to Saved media from the page, and can be let go again', async () => {
  responsesAtStart = [guest([onVideo(processed)], 'sent')];
  savedResponse = guest([onVideo(processed, true)], 'sent');
  mount();
  const response = await screen.findByRole('listitem', { name: 'Dr Ana Lee' });
  expect(within(response).getByLabelText('Dr Ana Lee: What fails first?', { selector: 'video' })).toHaveAttribute('src', processed.fallbackUrl);
  within(response).getByRole('button', { name: 'Save video' }).click();
  expect(await within(response).findByRole('button', { name: 'Remove from saved' })).toBeInTheDocument();
  expect(saves).toEqual([{ url: '/api/v1/interviews/1/responses/100/answers/11/save', body: { status: true } }]);
});

it('a member who answered can be written to from their answer; a guest is reached by email', async () => {
  const member: ResponseView = { ...guest([], 'sent'), id: 101, respondent: { kind: 'member', person: { id: 21, name: 'Eve Expert', slug: 'eve-expert', avatar: null, type: 'person' } } };
  responsesAtStart = [member, guest([], 'sent')];
  mount();
  const answer = await screen.findByRole('listitem', { name: 'Eve Expert' });
  expect(within(answer).getByRole('link', { name: 'Message Eve Expert' })).toHaveAttribute('href', '/messages?to=eve-expert');
  const byLink = screen.getByRole('listitem', { name: 'Dr Ana Lee' });
  expect(within(byLink).queryByRole('link', { name: /Message/ })).toBeNull();
  expect(within(byLink).getByRole('link', { name: 'ana@example.com' })).toHaveAttribute('href', 'mailto:ana@example.com');
});
