import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSED_TO_ANSWERS, type AnswerView, type AnsweringView, type QuestionView } from '../../../../contracts/interviews/api.ts';
import { ApiError } from '../../lib/api/index.ts';
import { currentUserKey } from '../session/currentUser.ts';
import { Answering } from './Answering.tsx';
import type { AnswerBody, AnswerChannel } from './channel.ts';

const question = (id: number, position: number, text: string, maxLength = 40): QuestionView => ({
  id,
  position,
  kind: 'text',
  text,
  timeLimitSeconds: null,
  maxLength,
  thinkSeconds: 0,
  retakes: 0,
});

const QUESTIONS = [question(11, 0, 'What do you pay?'), question(12, 1, 'Why so much?'), question(13, 2, 'Who should act?')];

/** The server's answering rules, kept in memory: what a member answering by their session meets. */
function fakeServer(options: { showQuestions?: boolean; allowSkip?: boolean; closed?: boolean } = {}) {
  const answers = new Map<number, AnswerView>();
  let sentAt: string | null = null;
  let clock = Date.parse('2026-11-25T10:00:00.000Z');
  const now = () => new Date((clock += 1000)).toISOString();
  const state = { offline: false, closed: options.closed ?? false, calls: [] as string[] };

  const view = (): AnsweringView => {
    const next = QUESTIONS.find((q) => !answers.has(q.id)) ?? null;
    const showQuestions = options.showQuestions ?? true;
    const given = QUESTIONS.flatMap((q) => answers.get(q.id) ?? []);
    return {
      interview: {
        id: 9,
        title: 'Housing costs',
        brief: 'What renters pay',
        deadline: null,
        status: state.closed ? 'closed' : 'open',
        closedReason: state.closed ? 'deadline' : null,
        closedLine: state.closed ? 'Closed: deadline passed' : null,
        showQuestions,
        allowSkip: options.allowSkip ?? false,
        creator: { id: 2, name: 'Jo Reporter', slug: 'jo', avatar: null, type: 'person' } as AnsweringView['interview']['creator'],
        calloutId: null,
        createdAt: '2026-11-25T09:00:00.000Z',
        publishedAt: '2026-11-25T09:00:00.000Z',
      },
      questions: showQuestions ? QUESTIONS : QUESTIONS.filter((q) => answers.has(q.id) || q.id === next?.id),
      questionsCount: QUESTIONS.length,
      nextQuestionId: next?.id ?? null,
      response:
        answers.size === 0 && sentAt === null
          ? null
          : {
              id: 4,
              interviewId: 9,
              respondent: { kind: 'member', person: { id: 7, name: 'Eve Expert', slug: 'eve', avatar: null, type: 'person' } } as never,
              status: sentAt ? 'sent' : 'started',
              answers: given,
              startedAt: '2026-11-25T09:30:00.000Z',
              sentAt,
            },
    };
  };
  const act = async (name: string, change: () => void) => {
    state.calls.push(name);
    if (state.offline) throw new ApiError(0, {});
    if (state.closed) throw new ApiError(422, { errors: [CLOSED_TO_ANSWERS] });
    change();
    return view();
  };
  const channel: AnswerChannel = {
    kind: 'member',
    interviewId: 9,
    queryKey: ['interview-answers', 'member', 9],
    read: async () => view(),
    answer: (questionId, body: AnswerBody) =>
      act(`answer ${questionId}`, () => {
        if ('text' in body) answers.set(questionId, { questionId, kind: 'text', text: body.text, video: null, skipped: false, answeredAt: now(), saved: false });
      }),
    skip: (questionId) => act(`skip ${questionId}`, () => void answers.set(questionId, { questionId, kind: 'text', text: null, video: null, skipped: true, answeredAt: now(), saved: false })),
    send: () => act('send', () => void (sentAt = now())),
    recordingOwner: (_view, questionId) => `user-7-interview-9-question-${questionId}`,
    uploads: undefined,
  };
  const answer = (questionId: number, text: string) => answers.set(questionId, { questionId, kind: 'text', text, video: null, skipped: false, answeredAt: now(), saved: false });
  return { channel, state, answer };
}

function mount(channel: AnswerChannel, path = '/interviews/async/text/9') {
  const root = createRootRoute();
  const routes = (['video', 'text'] as const).map((kind) =>
    createRoute({ getParentRoute: () => root, path: `/interviews/async/${kind}/$id`, component: () => <Answering channel={channel} flavour="member" kind={kind} opening /> }),
  );
  const router = createRouter({ routeTree: root.addChildren(routes), history: createMemoryHistory({ initialEntries: [path] }) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(currentUserKey, null);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const heading = (name: string) => screen.findByRole('heading', { name, level: 2 });

beforeEach(() => {
  sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('answering an interview, one question a screen', () => {
  it('opens on the interview with every question listed, then the first question, its heading taking the focus, with progress', async () => {
    const router = mount(fakeServer().channel);
    const opening = await heading('3 questions');
    expect(opening).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Housing costs', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'What do you pay?Written answer, up to 40 characters',
      'Why so much?Written answer, up to 40 characters',
      'Who should act?Written answer, up to 40 characters',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Start answering' }));
    await waitFor(async () => expect(await heading('What do you pay?')).toHaveFocus());
    expect(screen.getByText('Question 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '0 of 3 questions answered' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ question: 11 });
  });

  it('counts a written answer as one types, refuses one over the limit, and goes on to the next question once it is saved', async () => {
    const router = mount(fakeServer().channel, '/interviews/async/text/9?question=11');
    const field = await screen.findByRole('textbox', { name: 'Your answer' });
    const save = screen.getByRole('button', { name: 'Save and continue' });
    expect(save).toBeDisabled();
    fireEvent.change(field, { target: { value: 'Half my pay' } });
    expect(field).toHaveAccessibleDescription('11 of 40 characters');
    fireEvent.change(field, { target: { value: 'x'.repeat(37) } });
    expect(screen.getByText('Near the limit of 40 characters')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: 'x'.repeat(42) } });
    expect(field).toHaveAccessibleDescription('2 characters over the limit of 40');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(save).toBeDisabled();
    fireEvent.change(field, { target: { value: '  Half my pay  ' } });
    fireEvent.click(save);
    await waitFor(async () => expect(await heading('Why so much?')).toHaveFocus());
    expect(router.state.location.search).toEqual({ question: 12 });
    expect(screen.getByRole('progressbar', { name: '1 of 3 questions answered' })).toBeInTheDocument();
  });

  it('keeps a draft of a written answer for when one comes back', async () => {
    mount(fakeServer().channel, '/interviews/async/text/9?question=11');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Your answer' }), { target: { value: 'Half my' } });
    expect(localStorage.getItem('pressroom:interviewDraft:user-7-interview-9-question-11')).toContain('Half my');
  });

  it('resumes at the first question neither answered nor skipped when one comes back, and goes back only to what was seen', async () => {
    const server = fakeServer({ showQuestions: false });
    server.answer(11, 'Half my pay');
    const router = mount(server.channel);
    expect(await heading('Why so much?')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toEqual({ question: 12 }));
    expect(screen.getByText('Question 2 of 3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Previous question' }));
    await waitFor(async () => expect(await heading('What do you pay?')).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue('Half my pay');
    expect(screen.getByRole('button', { name: 'Keep this answer' })).toBeEnabled();
  });

  it('skips where the interviewer allows it, lists what became of each question, and sends them', async () => {
    const server = fakeServer({ allowSkip: true });
    server.answer(11, 'Half my pay');
    server.answer(12, 'Landlords');
    mount(server.channel);
    await heading('Who should act?');
    fireEvent.click(screen.getByRole('button', { name: 'Skip this question' }));
    const review = await heading('Ready to send');
    await waitFor(() => expect(review).toHaveFocus());
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['What do you pay?AnsweredChange', 'Why so much?AnsweredChange', 'Who should act?SkippedChange']);
    fireEvent.click(screen.getByRole('button', { name: 'Send your answers' }));
    expect(await heading('Your answers are sent')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send/ })).toBeNull();
    expect(server.state.calls).toEqual(['skip 13', 'send']);
  });

  it('offers no skip where the interviewer does not allow it', async () => {
    mount(fakeServer().channel, '/interviews/async/text/9?question=11');
    await heading('What do you pay?');
    expect(screen.queryByRole('button', { name: 'Skip this question' })).toBeNull();
  });

  it('keeps an answer given offline and sends it when the connection is back', async () => {
    const server = fakeServer();
    mount(server.channel, '/interviews/async/text/9?question=11');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Your answer' }), { target: { value: 'Half my pay' } });
    server.state.offline = true;
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('You are offline. Your answer is kept here and will be sent when you are back online.')).toBeInTheDocument();
    server.state.offline = false;
    vi.stubGlobal('navigator', { ...navigator, onLine: true });
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await heading('Why so much?')).toBeInTheDocument();
    expect(server.state.calls).toEqual(['answer 11', 'answer 11']);
  });

  it('shows the server’s line once the interview is closed, also when it closes while one answers', async () => {
    const server = fakeServer();
    mount(server.channel, '/interviews/async/text/9?question=11');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Your answer' }), { target: { value: 'Half my pay' } });
    server.state.closed = true;
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await heading(CLOSED_TO_ANSWERS)).toBeInTheDocument();
    expect(screen.getByText('Closed: deadline passed')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
