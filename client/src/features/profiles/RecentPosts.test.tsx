import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PostView } from '../../../../contracts/posts/views.ts';
import { callout } from '../posts/testing.ts';
import { RecentPosts } from './RecentPosts.tsx';

function mount(posts: PostView[]) {
  const root = createRootRoute();
  const page = createRoute({ getParentRoute: () => root, path: '/', component: () => <RecentPosts name="Ana" posts={posts} timezone="Australia/Sydney" readOnly={false} /> });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('a profile’s recent posts', () => {
  it('shows the posts it is given, in their order, as the feed’s cards', async () => {
    mount([callout(7, { title: 'Sources on rates' }), callout(3, { title: 'Flood stories' })]);
    const section = await screen.findByRole('region', { name: 'Recent posts' });
    const cards = within(section).getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Callout: Sources on rates', 'Callout: Flood stories']);
  });

  it('says plainly when there are none', async () => {
    mount([]);
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
    expect(screen.getByText('Ana has not published anything yet.')).toBeInTheDocument();
  });
});
