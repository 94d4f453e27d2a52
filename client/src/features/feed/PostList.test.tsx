import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { FeedAnnouncement } from '../../../../contracts/announcements/feed.ts';
import { RealtimeContext } from '../../lib/realtime/context.ts';
import { startLiveHarness, type LiveHarness } from '../../lib/realtime/testing.ts';
import { callout } from '../posts/testing.ts';
import { currentUserKey } from '../session/currentUser.ts';
import { currentUserLike } from '../session/testUser.ts';
import { PostList } from './PostList.tsx';

let live: LiveHarness;
let announcements: FeedAnnouncement[];
const asked: string[] = [];

const release = (id: number, publicAt: string, headline = `Harbour release ${id}`): FeedAnnouncement => ({
  id,
  headline,
  subtitle: 'Twelve new desks',
  headerImage: null,
  url: `/app/announcements/${id}`,
  newsroom: { id: 3, slug: 'harbour', name: 'Harbour Newsroom', logo: null },
  publicAt,
});

beforeEach(async () => {
  live = await startLiveHarness();
  announcements = [release(10, '2026-01-04T00:00:00.000Z', 'Harbour opens in Oslo')];
  asked.length = 0;
  // jsdom measures and scrolls nothing: the list keeps its cards' estimated heights.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const page = { data: [callout(1, { publishedAt: '2026-01-05T00:00:00.000Z' }), callout(2, { publishedAt: '2026-01-03T00:00:00.000Z' })], offset: 0, limit: 20, hasMore: false, announcements };
      return new Response(JSON.stringify(page), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await live.stop();
});

function mount() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserKey, currentUserLike({ timezone: 'UTC' }));
  const root = createRootRoute({ component: () => <PostList /> });
  const page = createRoute({ getParentRoute: () => root, path: '/announcements/$id', component: () => null });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RealtimeContext.Provider value={live.connection}>
        <RouterProvider router={router} />
      </RealtimeContext.Provider>
    </QueryClientProvider>,
  );
}

const cards = () => screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'));

it('shows the home feed’s announcements among its posts by date, counts a new one in the bar, and drops an unpublished one at once', async () => {
  mount();
  expect(await screen.findByRole('article', { name: 'Announcement: Harbour opens in Oslo' })).toBeInTheDocument();
  expect(cards()).toEqual(['Callout: Callout 1', 'Announcement: Harbour opens in Oslo', 'Callout: Callout 2']);
  await waitFor(() => expect(live.joined).toContain('feed'));

  live.server.emit('feed:announcement', { cursor: '1:1', position: 1, announcementId: 11, change: 'added', announcement: release(11, '2026-01-06T00:00:00.000Z', 'Harbour opens in Bergen') });
  const bar = await screen.findByRole('button', { name: '1 new post' });
  expect(cards()).not.toContain('Announcement: Harbour opens in Bergen');

  live.server.emit('feed:announcement', { cursor: '1:2', position: 2, announcementId: 10, change: 'updated', announcement: release(10, '2026-01-04T00:00:00.000Z', 'Harbour opens in Oslo and Bergen') });
  expect(await screen.findByRole('article', { name: 'Announcement: Harbour opens in Oslo and Bergen' })).toBeInTheDocument();

  live.server.emit('feed:announcement', { cursor: '1:3', position: 3, announcementId: 10, change: 'removed', announcement: null });
  await waitFor(() => expect(cards()).toEqual(['Callout: Callout 1', 'Callout: Callout 2']));

  announcements = [release(11, '2026-01-06T00:00:00.000Z', 'Harbour opens in Bergen')];
  await userEvent.click(bar);
  expect(await screen.findByRole('article', { name: 'Announcement: Harbour opens in Bergen' })).toBeInTheDocument();
  expect(cards()).toEqual(['Announcement: Harbour opens in Bergen', 'Callout: Callout 1', 'Callout: Callout 2']);
  expect(asked).toHaveLength(2);
});
