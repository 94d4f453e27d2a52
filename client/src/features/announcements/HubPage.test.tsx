import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { announcementSummary, type AnnouncementView } from '../../../../contracts/announcements/api.ts';
import { RealtimeContext } from '../../lib/realtime/context.ts';
import { startLiveHarness, type LiveHarness } from '../../lib/realtime/testing.ts';
import { AlertDialogHost } from '../../ui/index.ts';
import { currentUserKey } from '../session/currentUser.ts';
import { currentUserLike } from '../session/testUser.ts';
import { HubPage } from './HubPage.tsx';

let live: LiveHarness;

const draft: AnnouncementView = {
  id: 5,
  newsroom: { id: 3, slug: 'harbour', name: 'Harbour Newsroom' },
  status: 'draft',
  headline: 'Harbour opens a Perth office',
  subtitle: 'Six people start on Monday',
  summary: 'A west-coast team.',
  headerImage: null,
  language: 'en',
  embargoUntil: null,
  isEmbargoed: false,
  publishAt: null,
  publishedAt: null,
  publicAt: null,
  url: '/app/announcements/5',
  updatedAt: '2026-11-25T10:00:00Z',
  body: '<p>A west-coast team.</p>',
  headerImageId: null,
  gallery: [],
  video: null,
  attachments: [],
  beats: [],
  tracking: true,
  createdAt: '2026-11-25T10:00:00Z',
  canEdit: true,
  preview: false,
};
const pat = { id: 4, name: 'Pat Publicist' };
let distribution = {
  audience: { lists: [9], subscribers: false, addresses: [] },
  totals: { recipients: 120, queued: 20, sent: 100, failed: 0, bounced: 0 },
  batches: [{ id: 2, status: 'failed', size: 20, sent: 0, lastError: '451 4.3.2 Service busy, try later', createdAt: '2026-11-25T11:00:00Z', finishedAt: null }],
  alert: 'The mail relay is refusing messages: sending is held and will be tried again.',
  numbers: { tracking: true, sent: 100, delivered: 98, opened: 40, opens: 61, clicked: 17, clicks: 23, views: 300, uniqueVisitors: 210, softBounced: 0, series: [{ at: '2026-11-25T11:00:00Z', opens: 61, clicks: 23, views: 300 }], recipients: [{ id: 11, email: 'ana@daily.example', status: 'sent', opens: 3, clicks: 2, views: 40, revokedAt: null as string | null, bounce: null as 'hard' | 'soft' | null }] },
};
const initialDistribution = distribution;
let hub = { announcement: draft, status: draft.status, history: [{ type: 'AnnouncementDrafted', at: '2026-11-25T10:00:00Z', by: pat }], numbers: null };

beforeEach(async () => {
  live = await startLiveHarness();
  distribution = initialDistribution;
  const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url.includes('/distribution') || url.includes('/revoke') ? answer(distribution) : url.includes('/contact-lists') ? answer({ data: [{ id: 9, name: 'Energy desks', count: 120 }] }) : answer(hub))),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await live.stop();
});

function mount() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserKey, currentUserLike({ timezone: 'UTC' }));
  const root = createRootRoute();
  const page = createRoute({ getParentRoute: () => root, path: '/announcements/$id/hub', component: HubPage });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/announcements/5/hub'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RealtimeContext.Provider value={live.connection}>
        <RouterProvider router={router} />
        <AlertDialogHost />
      </RealtimeContext.Provider>
    </QueryClientProvider>,
  );
}

it('the hub shows its status and who changed what, and follows announcement:changed as a colleague publishes it', async () => {
  mount();
  expect(await screen.findByRole('heading', { name: 'Harbour opens a Perth office', level: 1 })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Hub' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('link', { name: 'Email version' })).toHaveAttribute('href', '/announcements/5/email');
  const status = screen.getByRole('region', { name: 'Status' });
  expect(within(status).getByText('Draft')).toBeInTheDocument();
  expect(within(status).getByRole('button', { name: 'Publish now' })).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'History' })).getByText('Drafted by Pat Publicist')).toBeInTheDocument();
  await vi.waitFor(() => expect(live.server.sockets.sockets.size).toBe(1));

  const published = { ...draft, status: 'published' as const, publishedAt: '2026-11-25T11:00:00Z', publicAt: '2026-11-25T11:00:00Z' };
  hub = { announcement: published, status: 'published', history: [...hub.history, { type: 'AnnouncementPublished', at: '2026-11-25T11:00:00Z', by: { id: 8, name: 'Cole Colleague' } }], numbers: null };
  live.server.emit('announcement:changed', { cursor: '1:1', position: 1, announcementId: 5, newsroomId: 3, change: 'published', announcement: announcementSummary.parse(published) });

  expect(await within(status).findByText('Published')).toBeInTheDocument();
  expect(within(status).getByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
  expect(await within(screen.getByRole('region', { name: 'History' })).findByText('Published by Cole Colleague')).toBeInTheDocument();
});

it('the hub shows who it goes to, each batch with the relay’s answer and the alert, and the numbers with clicks first and the chart', async () => {
  mount();
  const recipients = await screen.findByRole('region', { name: 'Recipients' });
  expect(await within(recipients).findByRole('checkbox', { name: /Energy desks/ })).toBeChecked();
  const sending = screen.getByRole('region', { name: 'Sending' });
  expect(within(sending).getByRole('alert')).toHaveTextContent('The mail relay is refusing messages');
  expect(within(sending).getByRole('cell', { name: '451 4.3.2 Service busy, try later' })).toBeInTheDocument();
  const numbers = screen.getByRole('region', { name: 'Numbers' });
  const terms = within(numbers).getAllByRole('term').map((term) => term.textContent);
  expect(terms[0]).toBe('Clicked');
  expect(within(numbers).getByText('23 clicks')).toBeInTheDocument();
  expect(within(numbers).getByText(/open every email by themselves/)).toBeInTheDocument();
  expect(within(numbers).getByRole('table', { name: 'Clicks, opens and web views by hour' })).toBeInTheDocument();
});

const distributionReads = () => vi.mocked(fetch).mock.calls.filter(([url]) => String(url).endsWith('/distribution')).length;

it('the hub’s numbers move live: it joins the announcement’s room and reads them again on announcement:numbers, without polling', async () => {
  mount();
  const numbers = await screen.findByRole('region', { name: 'Numbers' });
  expect(await within(numbers).findByText('61 opens')).toBeInTheDocument();
  await vi.waitFor(() => expect(live.joined).toContain('announcement:5'));
  const reads = distributionReads();

  distribution = { ...distribution, numbers: { ...distribution.numbers, opened: 41, opens: 62 } };
  live.server.emit('announcement:numbers', { announcementId: 5, moved: ['opened'] });
  expect(await within(numbers).findByText('62 opens')).toBeInTheDocument();
  expect(distributionReads()).toBe(reads + 1);

  // Another announcement's numbers are not this hub's.
  live.server.emit('announcement:numbers', { announcementId: 6, moved: ['clicked'] });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(distributionReads()).toBe(reads + 1);
});

it('shows who the relay could not deliver to: bounced for good, and for now', async () => {
  const ana = distribution.numbers.recipients[0]!;
  distribution = {
    ...distribution,
    totals: { ...distribution.totals, bounced: 1 },
    numbers: { ...distribution.numbers, softBounced: 1, recipients: [ana, { ...ana, id: 12, email: 'gone@paper.example', status: 'bounced', opens: 0, clicks: 0, views: 0, bounce: 'hard' }, { ...ana, id: 13, email: 'full@paper.example', opens: 0, clicks: 0, views: 0, bounce: 'soft' }] },
  };
  mount();
  const numbers = await screen.findByRole('region', { name: 'Numbers' });
  expect(await within(numbers).findByText('1 bounced, 1 for now')).toBeInTheDocument();
  expect(within(numbers).getByRole('cell', { name: 'gone@paper.example Bounced' })).toBeInTheDocument();
  expect(within(numbers).getByRole('cell', { name: 'full@paper.example Bounced for now' })).toBeInTheDocument();
  expect(within(numbers).getByRole('cell', { name: 'ana@daily.example' })).toBeInTheDocument();
});

it('revokes one recipient’s links from the recipients table after a confirmation, and shows them revoked', async () => {
  const user = userEvent.setup();
  mount();
  const numbers = await screen.findByRole('region', { name: 'Numbers' });
  const row = (await within(numbers).findByRole('cell', { name: 'ana@daily.example' })).closest('tr')!;
  expect(within(row).getByRole('cell', { name: '40' })).toBeInTheDocument();
  await user.click(within(row).getByRole('button', { name: 'Revoke links of ana@daily.example' }));

  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent('everyone else’s links keep working');
  const revoked = { ...distribution, numbers: { ...distribution.numbers, recipients: [{ ...distribution.numbers.recipients[0]!, revokedAt: '2026-11-25T12:00:00Z' }] } };
  distribution = revoked;
  await user.click(within(dialog).getByRole('button', { name: 'Revoke links' }));

  expect(await within(numbers).findByText(/^Revoked/)).toBeInTheDocument();
  expect(within(numbers).queryByRole('button', { name: /Revoke links/ })).not.toBeInTheDocument();
  const call = vi.mocked(fetch).mock.calls.find(([url]) => String(url).includes('/revoke'));
  expect(String(call?.[0])).toContain('/api/v1/announcements/5/recipients/11/revoke');
  expect((call?.[1] as RequestInit).method).toBe('POST');
});
