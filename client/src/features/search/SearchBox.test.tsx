import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchHit, SearchResult } from '../../../../contracts/search/index.ts';
import { SEARCH_DEBOUNCE_MS } from './useDebouncedValue.ts';
import { rememberSearch } from './recent.ts';
import { SearchBox } from './SearchBox.tsx';

const hit = (kind: SearchHit['kind'], id: number, title: string, titleHtml = title): SearchHit => ({
  kind,
  id,
  slug: kind === 'posts' ? null : title.toLowerCase().replace(/\W+/g, '-'),
  postKind: kind === 'posts' ? 'callout' : null,
  title,
  titleHtml,
  snippetHtml: null,
  detail: null,
  image: null,
  publishedAt: null,
});

const answer: SearchResult = {
  q: 'jo',
  groups: [
    { kind: 'people', offset: 0, hasMore: false, items: [hit('people', 1, 'Jo Reporter', '<mark>Jo</mark> Reporter'), hit('people', 2, 'Joan Smith')] },
    { kind: 'companies', offset: 0, hasMore: false, items: [hit('companies', 3, 'Jolly Media', '<img src=x onerror=alert(1)>')] },
  ],
};

let asked: string[] = [];
let reply: SearchResult = answer;

function mount() {
  const root = createRootRoute();
  function Header() {
    const [query, setQuery] = useState('');
    return <SearchBox variant="header" query={query} onQueryChange={setQuery} />;
  }
  const page = createRoute({ getParentRoute: () => root, path: '/', component: Header });
  const profile = createRoute({ getParentRoute: () => root, path: '/u/$slug', component: () => <p>profile page</p> });
  const interview = createRoute({ getParentRoute: () => root, path: '/interviews/$id', component: () => <p>interview page</p> });
  const results = createRoute({ getParentRoute: () => root, path: '/search', component: () => <p>search page</p> });
  const router = createRouter({ routeTree: root.addChildren([page, profile, interview, results]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  asked = [];
  reply = answer;
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(new URL(url, 'http://localhost').searchParams.get('q') ?? '');
      return new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const type = async (text: string) => {
  const box = await screen.findByRole('combobox');
  fireEvent.change(box, { target: { value: text } });
  return box;
};

describe('the search box (spec section 9: placeholder, 300 ms)', () => {
  it("says 'Input your search term' and asks once, 300 ms after the last key", async () => {
    mount();
    const box = await screen.findByRole('combobox');
    expect(box).toHaveAttribute('placeholder', 'Input your search term');
    fireEvent.change(box, { target: { value: 'j' } });
    fireEvent.change(box, { target: { value: 'jo' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 50));
    expect(asked).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(await screen.findByRole('option', { name: /Jo Reporter/ })).toBeInTheDocument();
    expect(asked).toEqual(['jo']);
  });

  it('groups results under their kind, highlights only with <mark>', async () => {
    mount();
    await type('jo');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    const people = await screen.findByRole('group', { name: 'People' });
    expect(within(people).getAllByRole('option').map((option) => option.textContent)).toEqual(['JJo Reporter', 'JJoan Smith']);
    expect(people.querySelector('mark')?.textContent).toBe('Jo');
    const companies = screen.getByRole('group', { name: 'Companies' });
    expect(companies.querySelector('img')).toBeNull();
    expect(within(companies).getByRole('option').textContent).toContain('Jolly Media');
  });

  it('shows an interview under Interviews, its brief or question matched, and opens its page', async () => {
    reply = {
      q: 'silt',
      groups: [
        {
          kind: 'interviews',
          offset: 0,
          hasMore: false,
          items: [{ ...hit('interviews', 7, 'Dredging the estuary'), slug: null, snippetHtml: 'Which channels <mark>silt</mark> up first?', detail: 'Interview · Jo Reporter' }],
        },
      ],
    };
    const router = mount();
    const box = await type('silt');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    const interviews = await screen.findByRole('group', { name: 'Interviews' });
    const option = within(interviews).getByRole('option');
    expect(option).toHaveTextContent('Dredging the estuary');
    expect(option).toHaveTextContent('Interview · Jo Reporter');
    expect([...option.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['silt']);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    await screen.findByText('interview page');
    expect(router.state.location.pathname).toBe('/interviews/7');
  });

  it('moves through the options with the arrows and opens one with Enter, remembering the search', async () => {
    const router = mount();
    const box = await type('jo');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    await screen.findByRole('option', { name: /Jo Reporter/ });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const active = box.getAttribute('aria-activedescendant');
    expect(document.getElementById(active!)).toHaveTextContent('Joan Smith');
    expect(document.getElementById(active!)).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'Enter' });
    await screen.findByText('profile page');
    expect(router.state.location.pathname).toBe('/u/jo-reporter');
    expect(JSON.parse(localStorage.getItem('pressroom:search:recent')!).value).toEqual(['jo']);
  });

  it('sends Enter without a chosen option to the search page, and Escape closes the list', async () => {
    const router = mount();
    const box = await type('jolly');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    await screen.findByRole('listbox');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    fireEvent.keyDown(box, { key: 'Enter' });
    await screen.findByText('search page');
    expect(router.state.location.search).toEqual({ q: 'jolly' });
  });

  it('offers recent searches in an empty box, and forgets them on Clear', async () => {
    rememberSearch('budget');
    rememberSearch('climate');
    mount();
    const box = await screen.findByRole('combobox');
    fireEvent.focus(box);
    const recent = await screen.findByRole('group', { name: 'Recent searches' });
    expect(within(recent).getAllByRole('option').map((option) => option.textContent)).toEqual(['climate', 'budget']);
    fireEvent.click(within(recent).getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('group', { name: 'Recent searches' })).toBeNull();
    expect(localStorage.getItem('pressroom:search:recent')).toBeNull();
  });
});
