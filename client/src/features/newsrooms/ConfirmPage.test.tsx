import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { LINK_NOT_VALID, type ConfirmationView } from '../../../../contracts/newsrooms/api.ts';
import { currentUserKey } from '../session/currentUser.ts';
import { ConfirmPage } from './ConfirmPage.tsx';

const link: ConfirmationView = {
  newsroom: { id: 3, slug: 'harbour', name: 'Harbour Newsroom' },
  company: { id: 2, slug: 'harbour-pr', name: 'Harbour PR' },
  person: { id: 9, name: 'Sam Field', email: 'sam@example.com' },
  grants: 'Sam Field will be able to edit Harbour Newsroom and write its announcements.',
  expiresAt: '2026-12-01T10:00:00Z',
  confirmed: false,
};

let answer: (method: string) => Response;
let posts = 0;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  posts = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      if (init.method === 'POST') posts += 1;
      return answer(init.method ?? 'GET');
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function mount() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserKey, null);
  const root = createRootRoute();
  const page = createRoute({ getParentRoute: () => root, path: '/newsrooms/confirm/$hash', component: ConfirmPage });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/newsrooms/confirm/abc'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

it('says plainly what confirming grants, and confirms once', async () => {
  answer = (method) => json(method === 'POST' ? { ...link, confirmed: true } : link);
  mount();
  expect(await screen.findByRole('heading', { name: 'Let Sam Field edit Harbour Newsroom?', level: 1 })).toBeInTheDocument();
  expect(screen.getByText(link.grants)).toBeInTheDocument();
  expect(screen.getByText(/sam@example.com/)).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Sam Field can now edit Harbour Newsroom. This link has been used and will not work again.');
  expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  expect(posts).toBe(1);
});

it('an expired or used link says so, with no button', async () => {
  answer = () => json({ errors: [LINK_NOT_VALID] }, 422);
  mount();
  expect(await screen.findByText('This link no longer works')).toBeInTheDocument();
  expect(screen.getByText(LINK_NOT_VALID)).toBeInTheDocument();
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});
