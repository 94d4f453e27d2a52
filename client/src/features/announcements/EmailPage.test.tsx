import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { EmailVersionView } from '../../../../contracts/announcements/distribution.ts';
import { currentUserKey } from '../session/currentUser.ts';
import { currentUserLike } from '../session/testUser.ts';
import { EmailPage } from './EmailPage.tsx';

const email: EmailVersionView = {
  subject: '[Embargoed] Harbour opens a Perth office',
  from: 'Pressroom <no-reply@pressroom.test>',
  html: '<!doctype html><html><body><h1>Harbour opens a Perth office</h1></body></html>',
  text: 'EMBARGOED: not for publication before Mon, 30 Nov 2026 09:00:00 UTC.\n\nHarbour opens a Perth office',
  embargoUntil: '2026-11-30T09:00:00.000Z',
};
let answer: { status: number; body: unknown };

beforeEach(() => {
  answer = { status: 200, body: email };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } })),
  );
});

afterEach(() => vi.unstubAllGlobals());

function mount() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserKey, currentUserLike({ timezone: 'UTC' }));
  const root = createRootRoute();
  const page = createRoute({ getParentRoute: () => root, path: '/announcements/$id/email', component: EmailPage });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/announcements/5/email'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

it('shows the email as a recipient gets it: subject, from, the embargo, and the HTML part in a frame that may run nothing', async () => {
  mount();
  expect(await screen.findByRole('heading', { name: 'Email version', level: 1 })).toBeInTheDocument();
  expect(vi.mocked(fetch).mock.calls[0]![0]).toContain('/api/v1/announcements/5/email');
  expect(screen.getByText('[Embargoed] Harbour opens a Perth office')).toBeInTheDocument();
  expect(screen.getByText('Pressroom <no-reply@pressroom.test>')).toBeInTheDocument();
  expect(screen.getByText(/Goes out under embargo until Monday, 30 November, 2026, 09:00/)).toBeInTheDocument();
  const frame = screen.getByTitle('The email’s HTML part, desktop width');
  expect(frame.tagName).toBe('IFRAME');
  expect(frame).toHaveAttribute('sandbox', '');
  expect(frame).toHaveAttribute('srcdoc', email.html);
  expect(screen.getByRole('link', { name: 'Email version' })).toHaveAttribute('aria-current', 'page');
});

it('switches to the plain-text part, and between a desktop and a mobile width, with pressed buttons', async () => {
  const user = userEvent.setup();
  mount();
  const desktop = await screen.findByRole('button', { name: 'Desktop (600 px)' });
  const mobile = screen.getByRole('button', { name: 'Mobile (375 px)' });
  expect(desktop).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByTitle(/HTML part/)).toHaveStyle({ width: '600px' });

  await user.click(mobile);
  expect(mobile).toHaveAttribute('aria-pressed', 'true');
  expect(desktop).toHaveAttribute('aria-pressed', 'false');
  expect(screen.getByTitle('The email’s HTML part, mobile width')).toHaveStyle({ width: '375px' });

  await user.click(screen.getByRole('button', { name: 'Plain text' }));
  expect(screen.getByRole('button', { name: 'Plain text' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('button', { name: 'HTML' })).toHaveAttribute('aria-pressed', 'false');
  const text = screen.getByRole('region', { name: 'The email’s plain-text part' });
  expect(text.tagName).toBe('PRE');
  expect(text.textContent).toBe(email.text);
  expect(text).toHaveStyle({ width: '375px' });
  expect(screen.queryByTitle(/HTML part/)).not.toBeInTheDocument();
});

it('says so when the announcement is another newsroom’s', async () => {
  answer = { status: 403, body: { errors: ['Only its newsroom’s people may do this'] } };
  mount();
  expect(await screen.findByRole('heading', { name: 'Only its newsroom’s people see this' })).toBeInTheDocument();
  expect(screen.queryByTitle(/HTML part/)).not.toBeInTheDocument();
});
