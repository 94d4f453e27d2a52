import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminNewsroom } from '../../../../contracts/newsrooms/api.ts';
import { AlertDialogHost, clearToasts, Toaster } from '../../ui/index.ts';
import { currentUserKey } from '../session/currentUser.ts';
import { currentUserLike } from '../session/testUser.ts';
import { AdminNewsroomsPage } from './AdminNewsroomsPage.tsx';
import { adminNewsroomsSearch } from './adminSearch.ts';

const row = (id: number, name: string, isPublic: boolean, company: string): AdminNewsroom => ({
  id,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  name,
  company: { id: id * 10, slug: company.toLowerCase(), name: company },
  logo: null,
  brandColour: '#0f766e',
  languages: ['en'],
  isPublic,
  accountId: 2,
  accountName: 'Harbour PR',
  createdAt: '2026-03-05T10:00:00Z',
  announcements: { published: id, drafts: 2 },
});

let newsrooms: AdminNewsroom[];
let requests: { method: string; url: string; body: unknown }[];
let failLists: boolean;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  newsrooms = [row(1, 'Quill Press', true, 'Quillfeather'), row(2, 'Tern Careers', false, 'Tern Labs')];
  requests = [];
  failLists = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ method: init.method ?? 'GET', url, body });
      if (url.startsWith('/api/v1/admin/newsrooms')) return failLists ? json({ errors: ['Down'] }, 503) : json({ data: newsrooms, total: newsrooms.length });
      const id = Number(/\/api\/v1\/newsrooms\/(\d+)/.exec(url)?.[1]);
      newsrooms = newsrooms.map((newsroom) => (newsroom.id === id ? { ...newsroom, ...body } : newsroom));
      const { accountId: _a, accountName: _n, announcements: _c, ...view } = newsrooms.find((newsroom) => newsroom.id === id)!;
      return json({ ...view, logoId: null, about: '', pressContacts: [], links: {}, updatedAt: view.createdAt, feeds: { rss: '', atom: '' }, canEdit: true });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

function mount(path = '/companies/newsrooms') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserKey, currentUserLike({ roles: ['admin'] }));
  const root = createRootRoute();
  const page = createRoute({ getParentRoute: () => root, path: '/companies/newsrooms', component: AdminNewsroomsPage, validateSearch: adminNewsroomsSearch });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <AlertDialogHost />
      <Toaster />
    </QueryClientProvider>,
  );
}

const rowOf = async (name: string) => (await screen.findByRole('rowheader', { name: new RegExp(name) })).closest('tr')!;

describe('companies/newsrooms', () => {
  it('lists every newsroom in a table: its company, whether it is public, its announcements, when it was made, and links', async () => {
    mount();
    const table = await screen.findByRole('table', { name: 'Newsrooms, newest first' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Newsroom', 'Company', 'Visibility', 'Announcements', 'Created', 'Actions']);
    const quill = await rowOf('Quill Press');
    expect(quill).toHaveTextContent('Quillfeather');
    expect(quill).toHaveTextContent('Run by Harbour PR');
    expect(quill).toHaveTextContent('Public');
    expect(quill).toHaveTextContent('1 published');
    expect(quill).toHaveTextContent('2 not published');
    expect(quill).toHaveTextContent('05 Mar 2026');
    expect(within(quill).getByRole('link', { name: 'Page of Quill Press' })).toHaveAttribute('href', '/newsrooms/quill-press');
    expect(within(quill).getByRole('button', { name: 'Edit Quill Press' })).toBeInTheDocument();
    expect(within(await rowOf('Tern Careers')).getByText('Hidden')).toBeInTheDocument();
    expect(screen.getByText('2 newsrooms')).toBeInTheDocument();
  });

  it('hides a public newsroom once the admin confirms, and says so', async () => {
    mount();
    fireEvent.click(within(await rowOf('Quill Press')).getByRole('button', { name: 'Hide Quill Press' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('Quill Press is hidden')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PATCH')).toEqual([{ method: 'PATCH', url: '/api/v1/newsrooms/1', body: { isPublic: false } }]);
    const quill = await rowOf('Quill Press');
    expect(within(quill).getByText('Hidden')).toBeInTheDocument();
    expect(within(quill).getByRole('button', { name: 'Make Quill Press public' })).toBeInTheDocument();
  });

  it('makes a hidden newsroom public at once', async () => {
    mount();
    fireEvent.click(within(await rowOf('Tern Careers')).getByRole('button', { name: 'Make Tern Careers public' }));
    expect(await screen.findByText('Tern Careers is public')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PATCH')).toEqual({ method: 'PATCH', url: '/api/v1/newsrooms/2', body: { isPublic: true } });
    expect(within(await rowOf('Tern Careers')).getByRole('button', { name: 'Hide Tern Careers' })).toBeInTheDocument();
  });

  it('searches by name or company and filters public or hidden ones through the API', async () => {
    mount('/companies/newsrooms?visibility=hidden');
    await rowOf('Quill Press');
    expect(requests[0]!.url).toBe('/api/v1/admin/newsrooms?visibility=hidden&offset=0&limit=20');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Newsroom or company' }), { target: { value: ' tern ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(requests.at(-1)!.url).toBe('/api/v1/admin/newsrooms?q=tern&visibility=hidden&offset=0&limit=20'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: '' } });
    await waitFor(() => expect(requests.at(-1)!.url).toBe('/api/v1/admin/newsrooms?q=tern&offset=0&limit=20'));
  });

  it('says when nothing matches, and when the list could not be loaded', async () => {
    newsrooms = [];
    mount('/companies/newsrooms?q=nobody');
    expect(await screen.findByText('No newsroom matches')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show every newsroom' }));
    expect(await screen.findByText('No newsroom yet')).toBeInTheDocument();
    failLists = true;
    mount('/companies/newsrooms?visibility=public');
    expect(await screen.findByText('The newsrooms could not be loaded')).toBeInTheDocument();
  });
});
