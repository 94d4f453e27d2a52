import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { NotificationList } from '../../../../contracts/notifications.ts';
import { currentUserKey } from '../session/currentUser.ts';
import { currentUserLike } from '../session/testUser.ts';
import { NotificationsPanel } from './NotificationsPanel.tsx';

const jo = { id: 7, name: 'Jo Reporter', avatar: null, slug: 'jo-reporter', type: 'person' as const };
const feed: NotificationList = {
  data: [
    {
      id: 65_536,
      type: 'interviewInvitation',
      entityType: 'INTERVIEW',
      entitySummary: 'Heat and the grid',
      when: '2026-11-25T10:00:00Z',
      isRead: false,
      who: { actors: [jo], total: 1 },
      interview: { id: 4, answerKind: 'video' },
    },
    {
      id: 131_072,
      type: 'interviewAnswer',
      entityType: 'INTERVIEW',
      entitySummary: 'Rates and rents',
      when: '2026-11-25T09:00:00Z',
      isRead: false,
      who: { actors: [{ id: -12, name: 'Gail Guest', avatar: null, slug: '', type: 'person' }, jo], total: 2 },
      interview: { id: 9 },
    },
    {
      id: 196_608,
      type: 'monitorMention',
      entityType: 'MONITOR',
      entitySummary: 'Harbour PR',
      when: '2026-11-25T08:00:00Z',
      isRead: false,
      monitor: { id: 5 },
      mentions: 12,
    },
  ],
  offset: 0,
  hasMore: false,
  unreadCount: 14,
};
let calls: { method: string; url: string }[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ method: init?.method ?? 'GET', url });
      const body = init?.method === 'PATCH' ? { unreadCount: 0 } : feed;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function mount() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserKey, currentUserLike({ timezone: 'UTC' }));
  const root = createRootRoute();
  const panel = createRoute({ getParentRoute: () => root, path: '/notifications', component: () => <NotificationsPanel headingLevel={1} /> });
  const answering = createRoute({ getParentRoute: () => root, path: '/interviews/async/video/$id', component: () => <h1>Answering</h1> });
  const interview = createRoute({ getParentRoute: () => root, path: '/interviews/$id', component: () => <h1>Interview</h1> });
  const monitor = createRoute({ getParentRoute: () => root, path: '/monitor/$id', component: () => <h1>Monitor</h1> });
  const router = createRouter({ routeTree: root.addChildren([panel, answering, interview, monitor]), history: createMemoryHistory({ initialEntries: ['/notifications'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

it('an invitation reads "Jo Reporter invited you to answer “Heat and the grid”" and opens the interview’s answering page, marked read', async () => {
  const router = mount();
  const item = await screen.findByRole('button', { name: /invited you to answer/ });
  expect(item).toHaveTextContent('Jo Reporter invited you to answer “Heat and the grid”');
  expect(within(item).getByRole('img', { name: 'Unread' })).toBeInTheDocument();
  // The title is the sentence's; it is not quoted again beneath it.
  expect(within(item).getAllByText(/Heat and the grid/)).toHaveLength(1);

  await userEvent.click(item);
  expect(await screen.findByRole('heading', { name: 'Answering' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/interviews/async/video/4');
  await vi.waitFor(() => expect(calls).toContainEqual({ method: 'PATCH', url: expect.stringContaining('/api/v1/notifications/65536/read') }));
});

it('answers read "Gail Guest and Jo Reporter answered your interview “Rates and rents”" and open the interview’s page, where the answers are', async () => {
  const router = mount();
  const item = await screen.findByRole('button', { name: /answered your interview/ });
  expect(item).toHaveTextContent('Gail Guest and Jo Reporter answered your interview “Rates and rents”');
  expect(within(item).getAllByText(/Rates and rents/)).toHaveLength(1);

  await userEvent.click(item);
  expect(await screen.findByRole('heading', { name: 'Interview' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/interviews/9');
  await vi.waitFor(() => expect(calls).toContainEqual({ method: 'PATCH', url: expect.stringContaining('/api/v1/notifications/131072/read') }));
});

it('a monitor’s mentions read "12 new mentions for “Harbour PR”" and open the monitor’s page, marked read', async () => {
  const router = mount();
  const item = await screen.findByRole('button', { name: /new mentions for/ });
  expect(item).toHaveTextContent('12 new mentions for “Harbour PR”');
  expect(within(item).getByRole('img', { name: 'Unread' })).toBeInTheDocument();
  expect(within(item).getAllByText(/Harbour PR/)).toHaveLength(1);

  await userEvent.click(item);
  expect(await screen.findByRole('heading', { name: 'Monitor' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/monitor/5');
  await vi.waitFor(() => expect(calls).toContainEqual({ method: 'PATCH', url: expect.stringContaining('/api/v1/notifications/196608/read') }));
});
