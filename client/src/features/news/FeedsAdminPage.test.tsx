import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedView } from '../../../../contracts/news/api.ts';
import { FeedsAdminPage } from './FeedsAdminPage.tsx';

const feed = (id: number, fields: Partial<FeedView>): FeedView => ({
  id,
  name: `Feed ${id}`,
  url: `https://outlet${id}.example/rss`,
  outlet: `Outlet ${id}`,
  beats: ['business'],
  country: 'AU',
  failing: false,
  failures: 0,
  lastError: null,
  lastFailedAt: null,
  lastFetchedAt: new Date().toISOString(),
  nextFetchAt: new Date().toISOString(),
  itemsCount: 12,
  ...fields,
});

let feeds: FeedView[] = [];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: feeds }), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
});
afterEach(() => vi.unstubAllGlobals());

const mount = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FeedsAdminPage />
    </QueryClientProvider>,
  );

describe('the admins’ news sources', () => {
  it('marks a failing feed and says why it fails and when it is tried again; a good one is not marked', async () => {
    feeds = [
      feed(2, { name: 'Broken Gazette', failing: true, failures: 3, lastError: 'The feed answered HTTP 500.', lastFetchedAt: null }),
      feed(1, { name: 'Harbour Times' }),
    ];
    mount();
    const broken = (await screen.findByRole('heading', { level: 2, name: /Broken Gazette/ })).closest('li')!;
    expect(within(broken).getByText('Failing')).toBeInTheDocument();
    expect(within(broken).getByRole('status')).toHaveTextContent(/^Failed 3 times in a row: The feed answered HTTP 500\. Next try /);
    expect(within(broken).getByText('Not fetched yet')).toBeInTheDocument();
    const good = screen.getByRole('heading', { level: 2, name: 'Harbour Times' }).closest('li')!;
    expect(within(good).queryByText('Failing')).toBeNull();
    expect(within(good).getByText('12 items')).toBeInTheDocument();
    expect(screen.getByText('1 of 2 feeds are failing; each is retried later and later until it answers.')).toBeInTheDocument();
  });

  it('offers to register the first feed when there is none', async () => {
    feeds = [];
    mount();
    expect(await screen.findByText('No feeds yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Register a feed' })).toHaveLength(2);
  });
});
