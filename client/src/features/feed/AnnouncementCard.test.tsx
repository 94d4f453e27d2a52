import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FeedAnnouncement } from '../../../../contracts/announcements/feed.ts';
import type { PostPages } from '../posts/cache.ts';
import { callout } from '../posts/testing.ts';
import { AnnouncementCard } from './AnnouncementCard.tsx';
import { entriesOf, nextPageParam, patchAnnouncement } from './entries.ts';

const release = (id: number, publicAt: string, overrides: Partial<FeedAnnouncement> = {}): FeedAnnouncement => ({
  id,
  headline: `Harbour release ${id}`,
  subtitle: 'Twelve new desks in Oslo',
  headerImage: '/uploads/i/header.jpg',
  url: `/app/announcements/${id}`,
  newsroom: { id: 3, slug: 'harbour', name: 'Harbour Newsroom', logo: '/uploads/i/logo.png' },
  publicAt,
  ...overrides,
});

function mountCard(announcement: FeedAnnouncement) {
  const root = createRootRoute({ component: () => <AnnouncementCard announcement={announcement} timezone="Europe/Oslo" /> });
  const page = createRoute({ getParentRoute: () => root, path: '/announcements/$id', component: () => null });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('an announcement in the feed', () => {
  it('shows its newsroom’s name and logo, headline, subtitle and header image, and opens its web page', async () => {
    mountCard(release(7, '2026-01-01T10:00:00.000Z'));
    const card = await screen.findByRole('article', { name: 'Announcement: Harbour release 7' });
    expect(within(card).getByText('Harbour Newsroom')).toBeInTheDocument();
    expect(within(card).getByText('Announcement')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Harbour release 7' })).toHaveAttribute('href', '/announcements/7');
    expect(within(card).getByText('Twelve new desks in Oslo')).toBeInTheDocument();
    const sources = [...card.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual(['/uploads/i/logo.png', '/uploads/i/header.jpg']);
    expect(card.querySelector('a[href="/announcements/7"] img')).toHaveAttribute('src', '/uploads/i/header.jpg');
  });

  it('shows initials without a logo, and no picture or subtitle when it has none', async () => {
    mountCard(release(8, '2026-01-01T10:00:00.000Z', { headerImage: null, subtitle: '', newsroom: { id: 3, slug: 'harbour', name: 'Harbour Newsroom', logo: null } }));
    const card = await screen.findByRole('article', { name: 'Announcement: Harbour release 8' });
    expect(card.querySelectorAll('img')).toHaveLength(0);
    expect(within(card).getByText('HN')).toBeInTheDocument();
    expect(card.querySelector('.post-summary')).toBeNull();
  });
});

describe('the feed’s entries', () => {
  const pages = (...list: PostPages['pages']): PostPages => ({ pages: list, pageParams: list.map(() => null) });
  const page = (data: PostPages['pages'][number]['data'], announcements?: FeedAnnouncement[]) => ({ data, offset: 0, limit: 20, hasMore: true, ...(announcements ? { announcements } : {}) });

  it('put each page’s announcements among its posts by date, the post first on the same instant, each once', () => {
    const feed = pages(
      page([callout(1, { publishedAt: '2026-01-05T00:00:00.000Z' }), callout(2, { publishedAt: '2026-01-03T00:00:00.000Z' })], [release(10, '2026-01-04T00:00:00.000Z'), release(11, '2026-01-03T00:00:00.000Z')]),
      page([callout(2, { publishedAt: '2026-01-03T00:00:00.000Z' }), callout(3, { publishedAt: '2026-01-01T00:00:00.000Z' })], [release(12, '2026-01-02T00:00:00.000Z')]),
    );
    expect(entriesOf(feed).map((entry) => entry.key)).toEqual(['post:1', 'announcement:10', 'post:2', 'announcement:11', 'announcement:12', 'post:3']);
    expect(nextPageParam(feed.pages)).toEqual({ offset: 4, announcements: 3 });
  });

  it('change an edited announcement in place and drop an unpublished one', () => {
    const feed = pages(page([callout(1)], [release(10, '2026-01-04T00:00:00.000Z'), release(11, '2026-01-03T00:00:00.000Z')]));
    const edited = patchAnnouncement(feed, 10, release(10, '2026-01-04T00:00:00.000Z', { headline: 'Edited' }));
    expect(edited.pages[0]!.announcements!.map((item) => item.headline)).toEqual(['Edited', 'Harbour release 11']);
    expect(patchAnnouncement(edited, 11, null).pages[0]!.announcements!.map((item) => item.id)).toEqual([10]);
    expect(patchAnnouncement(feed, 99, null)).toBe(feed);
  });
});
