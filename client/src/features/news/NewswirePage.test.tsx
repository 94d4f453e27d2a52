import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArticleView } from '../../../../contracts/news/api.ts';
import { configureApi } from '../../lib/api/index.ts';
import { currentUserKey } from '../session/currentUser.ts';
import { currentUserLike } from '../session/testUser.ts';
import { NewswirePage } from './NewswirePage.tsx';

const article: ArticleView = { id: 5, kind: 'epitome', title: 'Who moved', summary: 'People on the move', content: '', imageUrl: null, videoId: null, publishedAt: '2026-03-02T09:00:00.000Z' };

beforeEach(() => {
  configureApi({ notify: vi.fn(), onUnauthorized: vi.fn(), report: vi.fn() });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.includes('/news/articles/5') ? article : url.includes('/news/wire/facets') ? { outlets: [], countries: [] } : { data: [], next: null };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function mount(at: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserKey, currentUserLike());
  const root = createRootRoute();
  const router = createRouter({ routeTree: root.addChildren([createRoute({ getParentRoute: () => root, path: 'newswire', component: NewswirePage })]), history: createMemoryHistory({ initialEntries: [at] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('an article opened by its address', () => {
  it('is read on top of the newswire, until the reader goes back to the wire', async () => {
    const router = mount('/newswire?article=5');
    const opened = await screen.findByRole('region', { name: 'Opened article' });
    expect(await within(opened).findByRole('heading', { name: 'Who moved' })).toBeInTheDocument();
    expect(within(opened).getByText('Epitome')).toBeInTheDocument();
    await userEvent.setup().click(within(opened).getByRole('button', { name: 'Back to the newswire' }));
    expect(screen.queryByRole('region', { name: 'Opened article' })).toBeNull();
    expect(router.state.location.search).toEqual({});
  });

  it('is not there without one', async () => {
    mount('/newswire');
    expect(await screen.findByText('Nothing is on the wire yet')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Opened article' })).toBeNull();
  });
});
