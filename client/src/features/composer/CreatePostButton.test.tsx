import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, type ApiHooks } from '../../lib/api/index.ts';
import { AlertDialogHost } from '../../ui/AlertDialog.tsx';
import { clearToasts, Toaster } from '../../ui/toast.tsx';
import { currentUserKey } from '../session/currentUser.ts';
import { currentUserLike } from '../session/testUser.ts';
import { CreatePostButton } from './CreatePostButton.tsx';

type Sent = { url: string; method: string; body: unknown };
let sent: Sent[];
let notify: ReturnType<typeof vi.fn<ApiHooks['notify']>>;

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

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function renderComposer() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserKey, currentUserLike());
  render(
    <QueryClientProvider client={queryClient}>
      <CreatePostButton />
      <AlertDialogHost />
      <Toaster />
    </QueryClientProvider>,
  );
}

async function openCallout() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Start a post' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Create a post' })).getByRole('button', { name: /^Callout/ }));
  // The composer loads when it is first wanted.
  await screen.findByRole('button', { name: 'Post' });
  return user;
}

beforeEach(() => {
  sent = [];
  notify = vi.fn();
  configureApi({ notify, onUnauthorized: vi.fn(), report: vi.fn() });
  answer(({ url }) => (url.includes('responsibilities') ? json(200, { data: [] }) : json(404, {})));
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

describe('the composer', () => {
  it('refuses a callout without a title before sending anything, and takes the person to the field', async () => {
    renderComposer();
    const user = await openCallout();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Title is required')).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveFocus());
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('shows the server’s lines by their fields, with no toast, and sends the normalised body', async () => {
    renderComposer();
    answer(({ url, method }) => {
      if (url.includes('responsibilities')) return json(200, { data: [] });
      if (method === 'POST') return json(422, { errors: ['Content is required', 'Community 9 does not exist'] });
      return json(404, {});
    });
    const user = await openCallout();
    await user.type(screen.getByLabelText(/^Title/), '  Budget sources  ');
    await user.click(screen.getByRole('button', { name: 'Experts' }));
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Content is required')).toBeVisible();
    expect(screen.getByLabelText(/^Content/)).toHaveAccessibleDescription('Content is required');
    expect(screen.getByRole('alert')).toHaveTextContent('Community 9 does not exist');
    expect(notify).not.toHaveBeenCalled();
    expect(sent.find((request) => request.method === 'POST')).toMatchObject({
      url: '/api/v1/callouts',
      body: { title: 'Budget sources', content: '', deadline: null, userTypes: ['experts'], communities: [], saveAs: 'self' },
    });
  });

  it('publishes, says so and closes', async () => {
    renderComposer();
    answer(({ url, method }) => {
      if (url.includes('responsibilities')) return json(200, { data: [] });
      if (method === 'POST') return json(201, { id: 41 }, { 'object-id': '41' });
      return json(404, {});
    });
    const user = await openCallout();
    await user.type(screen.getByLabelText(/^Title/), 'Budget sources');
    await user.type(screen.getByLabelText(/^Content/), 'Two quotes by 4 pm');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Callout published')).toBeVisible();
    expect(sent.find((request) => request.method === 'POST')?.body).toMatchObject({ content: '<p>Two quotes by 4 pm</p>' });
  });

  it('asks before a half-written post is thrown away', async () => {
    renderComposer();
    const user = await openCallout();
    await user.type(screen.getByLabelText(/^Title/), 'Budget');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    const question = await screen.findByRole('alertdialog', { name: 'Discard this post?' });
    await user.click(within(question).getByRole('button', { name: 'Keep writing' }));
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Budget');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Callout' })).not.toBeInTheDocument());
  });
});

describe('an interview from the composer', () => {
  function renderRouted(roles: ('journo' | 'expert')[]) {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(currentUserKey, currentUserLike({ roles }));
    const root = createRootRoute();
    const home = createRoute({ getParentRoute: () => root, path: '/', component: () => <CreatePostButton /> });
    const router = createRouter({ routeTree: root.addChildren([home]), history: createMemoryHistory({ initialEntries: ['/'] }) });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  }

  it('is offered to those who ask, and opens the create-interview modal in place of the chooser', async () => {
    renderRouted(['journo']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start a post' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Create a post' })).getByRole('button', { name: /^Interview/ }));
    expect(await screen.findByRole('dialog', { name: 'Create interview' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create a post' })).not.toBeInTheDocument());
  });

  it('is not offered to experts, who answer interviews', async () => {
    renderRouted(['expert']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start a post' }));
    const chooser = screen.getByRole('dialog', { name: 'Create a post' });
    expect(within(chooser).getByRole('button', { name: /^Callout/ })).toBeVisible();
    expect(within(chooser).queryByRole('button', { name: /^Interview/ })).not.toBeInTheDocument();
  });
});
