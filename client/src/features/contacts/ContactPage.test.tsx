import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactView } from '../../../../contracts/contacts/api.ts';
import { EMPTY_FIELDS } from '../../../../contracts/contacts/fields.ts';
import type { CurrentUser } from '../../../../contracts/users/current-user.ts';
import { configureApi } from '../../lib/api/index.ts';
import { currentUserKey } from '../session/currentUser.ts';
import { currentUserLike } from '../session/testUser.ts';
import { ContactPage } from './ContactPage.tsx';

const contact = (fields: Partial<ContactView>): ContactView => ({
  ...EMPTY_FIELDS,
  name: 'Lena Fischer',
  id: 4,
  userId: null,
  slug: null,
  avatar: null,
  beats: [],
  country: null,
  doNotContact: false,
  lists: [],
  notes: [
    {
      id: 1,
      text: 'Call after ten.',
      author: { id: 7, name: 'Pat Publicist' },
      createdAt: '2026-01-02T00:00:00Z',
      editedAt: '2026-01-03T00:00:00Z',
      history: [{ text: 'Call after nine.', replacedAt: '2026-01-03T00:00:00Z' }],
    },
  ],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-03T00:00:00Z',
  ...fields,
});

function mount(view: ContactView, user: CurrentUser) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(view), { status: 200, headers: { 'content-type': 'application/json' } })));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserKey, user);
  const root = createRootRoute();
  const page = createRoute({ getParentRoute: () => root, path: '/contacts/$id', component: ContactPage });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/contacts/4'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => configureApi({ notify: vi.fn(), onUnauthorized: vi.fn(), report: vi.fn() }));
afterEach(() => vi.unstubAllGlobals());

describe('a contact’s page', () => {
  it('shows a note with its earlier wording', async () => {
    mount(contact({}), currentUserLike({ roles: ['pr'] }));
    expect(await screen.findByText('Call after ten.')).toBeInTheDocument();
    expect(screen.getByText('Earlier versions (1)')).toBeInTheDocument();
    expect(screen.getByText('Call after nine.')).toBeInTheDocument();
  });

  it('lets anyone of the account mark do-not-contact, but offers taking it off only to account admins (the server refuses the rest)', async () => {
    mount(contact({ doNotContact: true }), currentUserLike({ roles: ['pr'] }));
    expect(await screen.findByRole('note')).toHaveTextContent('Only an admin of your account can take them off this list.');
    expect(screen.queryByRole('button', { name: 'Allow contact again' })).toBeNull();
  });

  it('offers an account admin to allow contact again', async () => {
    mount(contact({ doNotContact: true }), currentUserLike({ roles: ['pr', 'accountAdmin'] }));
    expect(await screen.findByRole('button', { name: 'Allow contact again' })).toBeInTheDocument();
  });

  it('offers a message to a person on the platform', async () => {
    mount(contact({ userId: 31, slug: 'lena-fischer' }), currentUserLike({ roles: ['pr'] }));
    expect(await screen.findByRole('link', { name: 'Message' })).toHaveAttribute('href', '/messages?to=lena-fischer');
  });

  it('offers no message to a platform person on the do-not-contact list', async () => {
    mount(contact({ userId: 31, slug: 'lena-fischer', doNotContact: true }), currentUserLike({ roles: ['pr'] }));
    expect(await screen.findByText('Call after ten.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Message' })).toBeNull();
  });

  it('offers no message to a private record', async () => {
    mount(contact({}), currentUserLike({ roles: ['pr'] }));
    expect(await screen.findByText('Call after ten.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Message' })).toBeNull();
  });

  it('gives a read-only person nothing to change', async () => {
    mount(contact({}), currentUserLike({ roles: ['pr'], isReadOnly: true }));
    expect(await screen.findByText('Call after ten.')).toBeInTheDocument();
    for (const name of ['Edit', 'Delete', 'Do not contact', 'Add note', 'Add to list']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'New note' })).toBeNull();
  });
});
