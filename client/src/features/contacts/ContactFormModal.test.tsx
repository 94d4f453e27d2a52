import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactView } from '../../../../contracts/contacts/api.ts';
import { EMPTY_FIELDS } from '../../../../contracts/contacts/fields.ts';
import { configureApi, type ApiHooks } from '../../lib/api/index.ts';
import { clearToasts, Toaster } from '../../ui/toast.tsx';
import { ContactFormModal } from './ContactFormModal.tsx';

type Sent = { url: string; method: string; body: unknown };
let sent: Sent[];
let notify: ReturnType<typeof vi.fn<ApiHooks['notify']>>;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function answer(respond: (request: Sent) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const request = { url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined };
      sent.push(request);
      return respond(request);
    }),
  );
}

const saved = (fields: Partial<ContactView>): ContactView => ({
  ...EMPTY_FIELDS,
  id: 41,
  userId: null,
  slug: null,
  avatar: null,
  beats: [],
  country: null,
  doNotContact: false,
  lists: [],
  notes: [],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...fields,
});

function mount(contact: ContactView | null) {
  const root = createRootRoute();
  const start = createRoute({ getParentRoute: () => root, path: '/', component: () => <ContactFormModal open contact={contact} onClose={() => {}} /> });
  const page = createRoute({ getParentRoute: () => root, path: '/contacts/$id', component: () => <p>contact page</p> });
  const router = createRouter({ routeTree: root.addChildren([start, page]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  sent = [];
  notify = vi.fn();
  configureApi({ notify, onUnauthorized: vi.fn(), report: vi.fn() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

describe('the add-contact form', () => {
  // Typing four fields takes a while on a loaded machine.
  it('shows each of the server’s 400 lines beside the field it is about, and no toast', { timeout: 20_000 }, async () => {
    answer(() =>
      json(400, {
        errors: ['Phone is not valid', 'This is not a Twitter url', 'Email is not valid'],
        fields: { 'phones.mobile': ['Phone is not valid'], 'links.twitter': ['This is not a Twitter url'], 'emails.0': ['Email is not valid'] },
      }),
    );
    mount(null);
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog', { name: 'Add contact' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Nina Field');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email address 1' }), 'nina@');
    await user.type(within(dialog).getByRole('textbox', { name: 'Mobile' }), '+61 abc');
    await user.type(within(dialog).getByRole('textbox', { name: 'Twitter / X' }), 'https://facebook.com/nina');
    await user.click(within(dialog).getByRole('button', { name: 'Add contact' }));

    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Mobile' })).toHaveAccessibleDescription('Phone is not valid'));
    expect(within(dialog).getByRole('textbox', { name: 'Twitter / X' })).toHaveAccessibleDescription('This is not a Twitter url');
    expect(within(dialog).getByRole('textbox', { name: 'Email address 1' })).toHaveAccessibleDescription('Email is not valid');
    expect(notify).not.toHaveBeenCalled();
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/v1/contacts', body: { name: 'Nina Field', emails: ['nina@'], phones: { mobile: '+61 abc' }, links: { twitter: 'https://facebook.com/nina' } } });
  });

  it('adds the contact and opens its page', { timeout: 20_000 }, async () => {
    answer(() => json(201, saved({ name: 'Nina Field' })));
    const router = mount(null);
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog', { name: 'Add contact' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Nina Field');
    await user.click(within(dialog).getByRole('button', { name: 'Tech' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add contact' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/41'));
    expect(sent[0]!.body).toMatchObject({ name: 'Nina Field', beats: [355] });
    expect(await screen.findByText('Nina Field added to your contacts')).toBeInTheDocument();
  });
});

describe('editing a person on the platform', () => {
  it('offers only the email addresses and tags the account keeps, and sends only those', async () => {
    answer(() => json(200, saved({ name: 'Jo Reporter', userId: 9, tags: ['desk', 'politics'] })));
    mount(saved({ name: 'Jo Reporter', userId: 9, tags: ['desk'] }));
    const user = userEvent.setup({ delay: null });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Jo Reporter' });
    expect(within(dialog).queryByRole('textbox', { name: 'Job title' })).toBeNull();
    const tags = within(dialog).getByRole('textbox', { name: 'Tags' });
    await user.clear(tags);
    await user.type(tags, 'desk, politics');
    await user.click(within(dialog).getByRole('button', { name: 'Save contact' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'PATCH', url: '/api/v1/contacts/41', body: { emails: [], tags: ['desk', 'politics'] } });
  });
});
