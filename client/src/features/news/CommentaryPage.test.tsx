import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommentaryPage as Page, WireEntry } from '../../../../contracts/news/api.ts';
import type { PostView } from '../../../../contracts/posts/views.ts';
import { configureApi } from '../../lib/api/index.ts';
import { AlertDialogHost } from '../../ui/AlertDialog.tsx';
import { callout } from '../posts/testing.ts';
import { currentUserKey } from '../session/currentUser.ts';
import { currentUserLike } from '../session/testUser.ts';
import { CommentaryPage } from './CommentaryPage.tsx';
import { WireEntryCard } from './WireEntryCard.tsx';

const item: WireEntry = {
  key: 'news:1',
  source: 'news',
  id: 1,
  title: 'Rates held',
  summary: 'The bank waits.',
  link: 'https://biz.example/rates',
  outlet: 'Business Wire',
  beats: [],
  country: null,
  imageUrl: null,
  publishedAt: '2026-03-02T09:00:00.000Z',
  content: null,
};
const launch: WireEntry = { ...item, key: 'announcement:4', source: 'announcement', id: 4, title: 'We launch', link: '/app/announcements/4', outlet: 'Acme Newsroom' };

const said = (id: number, type: 'reaction' | 'statement', content: string, author: string): PostView => ({
  ...callout(id, { author: { id: id + 100, avatar: null, name: author, slug: `a${id}`, type: 'person' } }),
  type,
  typeLabel: type === 'reaction' ? 'Reaction' : 'Statement',
  content: `<p>${content}</p>`,
  video: null,
  url: null,
} as PostView);

let pages: Record<string, Page>;

beforeEach(() => {
  configureApi({ notify: vi.fn(), onUnauthorized: vi.fn(), report: vi.fn() });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const before = new URL(url, 'http://app.test').searchParams.get('before') ?? '';
      const body = url.includes('/news/commentary') ? pages[before] : { data: [] };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function mount(children: ReactNode, user = currentUserLike({ roles: ['expert'] })) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserKey, user);
  const root = createRootRoute();
  const router = createRouter({ routeTree: root.addChildren([createRoute({ getParentRoute: () => root, path: '/', component: () => <>{children}</> })]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <AlertDialogHost />
    </QueryClientProvider>,
  );
  return router;
}

describe('the commentary page', () => {
  it('gathers reactions and statements under the news item they answer, most recently answered first, the rest on the record, and pages on', async () => {
    pages = {
      '': {
        data: [
          { key: 'news:1', subject: item, posts: [said(12, 'statement', 'Rates should move', 'Eve Expert'), said(11, 'reaction', 'Agreed', 'Sam Spokes')] },
          { key: 'record', subject: null, posts: [said(10, 'reaction', 'In general', 'Eve Expert')] },
        ],
        next: 'older',
      },
      older: {
        data: [
          { key: 'news:1', subject: item, posts: [said(9, 'reaction', 'First take', 'Ada Analyst')] },
          { key: 'announcement:4', subject: launch, posts: [said(8, 'statement', 'Proud day', 'Sam Spokes')] },
        ],
        next: null,
      },
    };
    const router = mount(<CommentaryPage />);
    const user = userEvent.setup();

    const groups = await screen.findAllByRole('region');
    expect(groups.map((group) => group.getAttribute('aria-labelledby'))).toEqual(['wire-news:1', 'commentary-record']);
    const rates = screen.getByRole('region', { name: 'Rates held' });
    expect(within(rates).getByRole('heading', { name: 'Rates held' })).toBeInTheDocument();
    expect(within(rates).getByRole('link', { name: 'Rates held' }).getAttribute('href')).toBe('https://biz.example/rates');
    expect(within(rates).getByText('Business Wire')).toBeInTheDocument();
    expect(within(within(rates).getByRole('list', { name: 'Commentary on Rates held' })).getAllByRole('article').map((card) => [card.getAttribute('aria-label'), within(card).getByText(/Rates should move|Agreed/).textContent, within(card).getByText(/Eve Expert|Sam Spokes/).textContent])).toEqual([
      ['Statement: Statement', 'Rates should move', 'Eve Expert'],
      ['Reaction: Reaction', 'Agreed', 'Sam Spokes'],
    ]);
    expect(within(screen.getByRole('region', { name: 'On the record' })).getByText('In general')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show older commentary' }));
    await screen.findByRole('region', { name: 'We launch' });
    expect(screen.getAllByRole('region').map((group) => group.getAttribute('aria-labelledby'))).toEqual(['wire-news:1', 'commentary-record', 'wire-announcement:4']);
    expect(within(screen.getByRole('list', { name: 'Commentary on Rates held' })).getAllByRole('listitem')).toHaveLength(3);

    await user.click(within(screen.getByRole('region', { name: 'Rates held' })).getAllByRole('link', { name: 'Open statement' })[0]!);
    expect(router.state.location.search).toMatchObject({ statement: 12 });
  });

  it('says so when there is nothing yet', async () => {
    pages = { '': { data: [], next: null } };
    mount(<CommentaryPage />);
    expect(await screen.findByText('No commentary yet')).toBeInTheDocument();
  });
});

describe('“Comment on this” on the newswire', () => {
  it('opens the composer on a reaction or a statement with the item’s address filled in', async () => {
    mount(<WireEntryCard entry={item} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Comment on “Rates held”' }));
    const dialog = screen.getByRole('dialog', { name: 'Comment on this' });
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(expect.arrayContaining([expect.stringMatching(/^Reaction/), expect.stringMatching(/^Statement/)]));
    expect(within(dialog).queryByRole('button', { name: /^Callout/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /^Statement/ }));
    expect(((await within(screen.getByRole('dialog', { name: 'New Statement' })).findByRole('textbox', { name: 'Link' })) as HTMLInputElement).value).toBe('https://biz.example/rates');
  });

  it('answers an announcement by its address in the app', async () => {
    mount(<WireEntryCard entry={launch} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Comment on “We launch”' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Comment on this' })).getByRole('button', { name: /^Reaction/ }));
    expect(((await screen.findByRole('textbox', { name: 'Link' })) as HTMLInputElement).value).toBe(`${window.location.origin}/app/announcements/4`);
  });

  it('is not offered to read-only people', async () => {
    mount(<WireEntryCard entry={item} />, currentUserLike({ isReadOnly: true }));
    expect(await screen.findByRole('heading', { name: 'Rates held' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Comment on/ })).toBeNull();
  });
});
