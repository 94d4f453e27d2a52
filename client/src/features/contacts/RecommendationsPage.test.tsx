import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecommendationView } from '../../../../contracts/contacts/api.ts';
import type { CurrentUser } from '../../../../contracts/users/current-user.ts';
import { configureApi, type ApiHooks } from '../../lib/api/index.ts';
import { clearToasts, Toaster } from '../../ui/toast.tsx';
import { currentUserKey } from '../session/currentUser.ts';
import { currentUserLike } from '../session/testUser.ts';
import { RecommendationsPage } from './RecommendationsPage.tsx';

type Sent = { url: string; method: string; body: unknown };
let sent: Sent[];
let recommended: RecommendationView[];
let refuseDismiss: boolean;
let hold: boolean;
let notify: ReturnType<typeof vi.fn<ApiHooks['notify']>>;

const json = (status: number, body: unknown) => new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const person = (userId: number, name: string, why: string, fields: Partial<RecommendationView> = {}): RecommendationView => ({
  userId,
  slug: name.toLowerCase().replace(' ', '-'),
  avatar: null,
  name,
  jobTitle: 'Technology reporter',
  role: 'journo',
  beats: [{ id: 355, name: 'tech', color: 'red' }],
  outlets: ['The Wire'],
  score: 10,
  why,
  ...fields,
});
const LIST = { id: 8, name: 'Launch', description: '', count: 2, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };

beforeEach(() => {
  sent = [];
  refuseDismiss = false;
  hold = false;
  recommended = [
    person(11, 'Jill Tester', 'covers tech; asked for sources on “AI in newsrooms” last week'),
    person(12, 'Ed Tester', 'covers tech', { role: 'expert', jobTitle: null, outlets: [] }),
    person(13, 'Kim Tester', 'covers tech; at The Wire, where you have contacts'),
  ];
  notify = vi.fn();
  configureApi({ notify, onUnauthorized: vi.fn(), report: vi.fn() });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const request = { url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined };
      sent.push(request);
      const dismissed = /^\/api\/v1\/contacts\/recommendations\/(\d+)\/dismiss$/.exec(url);
      if (dismissed) {
        if (refuseDismiss) return json(500, { detail: 'Down' });
        recommended = recommended.filter((item) => item.userId !== Number(dismissed[1]));
        return json(204, null);
      }
      if (url === '/api/v1/contacts/recommendations') return hold ? new Promise<Response>(() => {}) : json(200, { data: recommended });
      if (url === '/api/v1/contact-lists') return json(200, { data: [LIST] });
      if (url === '/api/v1/contact-lists/8/contacts') {
        // Now a contact of the account: no longer recommended.
        recommended = recommended.filter((item) => !(request.body as { userIds: number[] }).userIds.includes(item.userId));
        return json(200, { ...LIST, count: 3 });
      }
      return json(404, { detail: 'No such thing' });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

function mount(user: CurrentUser = currentUserLike({ roles: ['pr'] })) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserKey, user);
  const root = createRootRoute();
  const page = createRoute({ getParentRoute: () => root, path: '/contacts/recommendations', component: RecommendationsPage });
  const profile = createRoute({ getParentRoute: () => root, path: '/u/$slug', component: () => <p>profile</p> });
  const router = createRouter({ routeTree: root.addChildren([page, profile]), history: createMemoryHistory({ initialEntries: ['/contacts/recommendations'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const list = () => screen.findByRole('list', { name: 'Recommended journalists and experts' });
const card = (name: string) => screen.getByRole('listitem', { name });

describe('recommendations', () => {
  it('show each person with their profile, their work and why, best first', async () => {
    mount();
    const profiles = within(await list()).getAllByRole('link');
    expect(profiles.map((link) => link.getAttribute('href'))).toEqual(['/u/jill-tester', '/u/ed-tester', '/u/kim-tester']);
    const jill = card('Jill Tester');
    expect(within(jill).getByRole('link', { name: 'Jill Tester' })).toHaveAttribute('href', '/u/jill-tester');
    expect(jill).toHaveTextContent('Journalist Technology reporter · The Wire');
    expect(jill).toHaveTextContent('Why: Covers tech; asked for sources on “AI in newsrooms” last week.');
    expect(within(jill).getByRole('list', { name: 'Beats of Jill Tester' })).toHaveTextContent('Tech');
    expect(card('Ed Tester')).toHaveTextContent('Expert');
  });

  it('dismiss a person at once, say so, and move the focus to the next', async () => {
    mount();
    await list();
    await userEvent.click(within(card('Jill Tester')).getByRole('button', { name: 'Dismiss Jill Tester' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Jill Tester' })).not.toBeInTheDocument());
    expect(sent.find((request) => request.method === 'POST')?.url).toBe('/api/v1/contacts/recommendations/11/dismiss');
    expect(await screen.findByText('Jill Tester won’t be recommended again')).toBeInTheDocument();
    await waitFor(() => expect(card('Ed Tester')).toHaveFocus());
  });

  it('bring a dismissed person back when the server refuses, the error shown by the catalogue', async () => {
    refuseDismiss = true;
    mount();
    await list();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss Kim Tester' }));
    await waitFor(() => expect(notify).toHaveBeenCalled());
    expect(await screen.findByRole('listitem', { name: 'Kim Tester' })).toBeInTheDocument();
  });

  it('add a person to one of the account’s lists, after which they are a contact and leave the list', async () => {
    mount();
    await list();
    await userEvent.click(screen.getByRole('button', { name: 'Add to list: Ed Tester' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to list' });
    await within(dialog).findByRole('option', { name: 'Launch (2 contacts)' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to list' }));
    expect(await screen.findByText('Added to Launch')).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'POST')).toEqual({ url: '/api/v1/contact-lists/8/contacts', method: 'POST', body: { contactIds: [], userIds: [12] } });
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Ed Tester' })).not.toBeInTheDocument());
  });

  it('offer read-only people nothing to change', async () => {
    mount(currentUserLike({ roles: ['pr'], isReadOnly: true }));
    await list();
    expect(screen.queryByRole('button', { name: /Dismiss|Add to list/ })).not.toBeInTheDocument();
  });

  it('say they are loading while they are', async () => {
    hold = true;
    mount();
    expect(await screen.findByText('Loading recommendations')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Recommendations' })).toHaveAttribute('aria-busy', 'true');
  });

  it('say so when there are none', async () => {
    recommended = [];
    mount();
    expect(await screen.findByText('No recommendations yet')).toBeInTheDocument();
  });
});
