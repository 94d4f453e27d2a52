import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, type ApiHooks } from '../../lib/api/index.ts';
import { clearToasts, Toaster } from '../../ui/toast.tsx';
import { currentUserLike } from '../session/testUser.ts';
import type { InterviewView } from '../../../../contracts/interviews/api.ts';
import { CreateInterviewModal, EditInterviewModal } from './CreateInterviewModal.tsx';

type Sent = { url: string; method: string; body: unknown };
let sent: Sent[];
let notify: ReturnType<typeof vi.fn<ApiHooks['notify']>>;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function answer(respond: (request: Sent) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const request = { url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined };
      sent.push(request);
      return respond(request);
    }),
  );
}

function mount() {
  const root = createRootRoute();
  const start = createRoute({ getParentRoute: () => root, path: '/', component: () => <CreateInterviewModal open onClose={() => {}} user={currentUserLike({ timezone: 'UTC' })} /> });
  const page = createRoute({ getParentRoute: () => root, path: '/interviews/$id', component: () => <p>interview page</p> });
  const router = createRouter({ routeTree: root.addChildren([start, page]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  sent = [];
  notify = vi.fn();
  configureApi({ notify, onUnauthorized: vi.fn(), report: vi.fn() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

describe('the create-interview modal (spec section 2, Modals)', () => {
  it('creates the interview with its questions in the order given, publishes it and opens its page', async () => {
    answer(({ url }) => json(url.endsWith('/publish') ? 200 : 201, { id: 7 }));
    const router = mount();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Create interview' });
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Heat and the grid');
    await user.type(within(dialog).getByRole('textbox', { name: /Question 1/ }), 'What fails first?');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Time limit' }), '60');
    await user.click(within(dialog).getByRole('button', { name: 'Add a written question' }));
    expect(within(dialog).getByRole('textbox', { name: /Question 2/ })).toHaveFocus();
    await user.keyboard('One fix?');
    await user.click(within(dialog).getByRole('button', { name: 'Move question 2 up' }));
    // Now first, its Move up is disabled: the focus goes on to its Move down, and the move is said.
    expect(within(dialog).getByRole('button', { name: 'Move question 1 down' })).toHaveFocus();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Question 2 moved to place 1');
    await user.click(within(dialog).getByRole('button', { name: 'Add a video question' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove question 3' }));
    expect(within(dialog).getByRole('textbox', { name: /Question 2/ })).toHaveFocus();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Allow skipping a question' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create and publish' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/interviews/7'));
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /api/v1/interviews', 'POST /api/v1/interviews/7/publish']);
    expect(sent[0]!.body).toMatchObject({
      title: 'Heat and the grid',
      allowSkip: true,
      showQuestions: true,
      deadline: null,
      questions: [
        { kind: 'text', text: 'One fix?', maxLength: 2000 },
        { kind: 'video', text: 'What fails first?', timeLimitSeconds: 60, thinkSeconds: 0, retakes: 1 },
      ],
    });
    expect(await screen.findByText('Interview published')).toBeInTheDocument();
  }, 20_000);

  it('says what is missing beside the field, takes the person there and asks nothing of the server', async () => {
    answer(() => json(500, {}));
    mount();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Create interview' });
    await user.click(within(dialog).getByRole('button', { name: 'Save as draft' }));
    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    expect(title).toHaveAccessibleDescription('Title is required');
    expect(within(dialog).getByRole('textbox', { name: /Question 1/ })).toHaveAccessibleDescription('Question is required');
    expect(title).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('shows the server’s refusal at the fields it names, not in a toast', async () => {
    answer(() => json(400, { errors: ['Deadline must be in the future', 'Question must be at most 1000 characters', 'At most 50 questions'], fields: { 'questions.0.text': ['Question must be at most 1000 characters'] } }));
    mount();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Create interview' });
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Late');
    await user.type(within(dialog).getByRole('textbox', { name: /Question 1/ }), 'Why?');
    await user.click(within(dialog).getByRole('button', { name: 'Save as draft' }));

    expect(await within(dialog).findByLabelText('Deadline')).toHaveAccessibleDescription(/Deadline must be in the future/);
    expect(within(dialog).getByRole('textbox', { name: /Question 1/ })).toHaveAccessibleDescription('Question must be at most 1000 characters');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('At most 50 questions');
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('editing an interview', () => {
  const published: InterviewView = {
    id: 5,
    title: 'Heat and the grid',
    brief: '',
    deadline: null,
    status: 'open',
    closedReason: null,
    closedLine: null,
    showQuestions: true,
    allowSkip: false,
    closeAfterAnswers: null,
    creator: { id: 7, avatar: null, name: 'Jo Reporter', slug: 'jo-reporter', type: 'person' },
    calloutId: null,
    questions: [{ id: 11, position: 0, kind: 'text', text: 'One fix?', timeLimitSeconds: null, maxLength: 2000, thinkSeconds: 0, retakes: 0 }],
    answersCount: 0,
    createdAt: '2026-11-25T10:00:00Z',
    publishedAt: '2026-11-25T10:00:00Z',
    permissions: { canManage: true, canReadAnswers: true, canAnswer: false },
  };

  it('once published, changes its details only, and says why its questions are fixed', async () => {
    answer(() => json(200, published));
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <EditInterviewModal open onClose={onClose} user={currentUserLike({ timezone: 'UTC' })} interview={published} />
        <Toaster />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Edit interview' });
    expect(within(dialog).getByText(/Questions cannot change once the interview is published/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /Question 1/ })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), ' in summer');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ url: '/api/v1/interviews/5', method: 'PATCH', body: { title: 'Heat and the grid in summer' } }]);
    expect(await screen.findByText('Interview saved')).toBeInTheDocument();
  });
});
