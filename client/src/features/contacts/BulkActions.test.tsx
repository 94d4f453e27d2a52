import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DirectoryRow } from '../../../../contracts/contacts/api.ts';
import { configureApi } from '../../lib/api/index.ts';
import { clearToasts, Toaster } from '../../ui/toast.tsx';
import { BulkActions, type TableSelection } from './BulkActions.tsx';
import { ContactTable } from './ContactTable.tsx';

type Sent = { url: string; method: string; body: unknown };
let sent: Sent[];

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const LIST = { id: 8, name: 'Sports desk', description: '', count: 0, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };

beforeEach(() => {
  sent = [];
  configureApi({ notify: vi.fn(), onUnauthorized: vi.fn(), report: vi.fn() });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const request = { url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined };
      sent.push(request);
      if (url.startsWith('/api/v1/contacts/export')) return new Response('name\nAnn\n', { status: 200, headers: { 'content-type': 'text/csv' } });
      if (url === '/api/v1/contact-lists' && request.method === 'GET') return json({ data: [LIST] });
      if (url === '/api/v1/contacts/tags') return json({ count: 1234 });
      return json({ ...LIST, count: 1234 });
    }),
  );
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

function mount(node: ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {node}
      <Toaster />
    </QueryClientProvider>,
  );
}

const EVERYONE: TableSelection = { filter: { beat: 354, q: 'sprint' }, count: 1234 };
const row = (fields: Partial<DirectoryRow>): DirectoryRow => ({
  id: 1,
  userId: null,
  slug: null,
  avatar: null,
  name: 'Ann Sprint',
  jobTitle: null,
  outlets: [],
  beats: [],
  emails: [],
  country: null,
  tags: [],
  doNotContact: false,
  ...fields,
});

describe('the contacts table’s "select all"', () => {
  it('is a header checkbox naming every match, not only the rows read', async () => {
    const onSelectAll = vi.fn();
    mount(<ContactTable count={1234} rowAt={() => undefined} columns={[]} selected={new Set()} everyone={false} onSelect={vi.fn()} onSelectAll={onSelectAll} onRange={vi.fn()} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all 1,234 contacts' }));
    expect(onSelectAll).toHaveBeenCalledWith(true);
  });

  it('shows as checked once everyone is selected, and clears the selection when clicked again', async () => {
    const onSelectAll = vi.fn();
    mount(<ContactTable count={1234} rowAt={() => undefined} columns={[]} selected={new Set()} everyone onSelect={vi.fn()} onSelectAll={onSelectAll} onRange={vi.fn()} />);
    const box = screen.getByRole('checkbox', { name: 'Clear the selection' });
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(onSelectAll).toHaveBeenCalledWith(false);
  });

  it('says how many are selected', () => {
    mount(<BulkActions selection={EVERYONE} onClear={vi.fn()} />);
    expect(screen.getByRole('region', { name: 'Selected contacts' })).toHaveTextContent('All 1,234 selected');
  });

  it('adds everyone the filters match to a list by the filter', async () => {
    mount(<BulkActions selection={EVERYONE} onClear={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to list' }));
    await screen.findByRole('option', { name: 'Sports desk (0 contacts)' });
    await userEvent.click(screen.getAllByRole('button', { name: 'Add to list' }).at(-1)!);
    await screen.findByText('1,234 people added to Sports desk');
    expect(sent.find((request) => request.method === 'POST')).toEqual({ url: '/api/v1/contact-lists/8/contacts', method: 'POST', body: { filter: { beat: 354, q: 'sprint' } } });
  });

  it('tags everyone the filters match by the filter, and says how many the server tagged', async () => {
    mount(<BulkActions selection={EVERYONE} onClear={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Tag' }));
    await userEvent.type(screen.getByLabelText('Tag'), 'season');
    await userEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    await screen.findByText('Tagged 1,234 people “season”');
    expect(sent.find((request) => request.method === 'POST')).toEqual({ url: '/api/v1/contacts/tags', method: 'POST', body: { filter: { beat: 354, q: 'sprint' }, tag: 'season' } });
  });

  it('tags hand-picked rows by id: contacts by theirs, platform journalists by their user id', async () => {
    mount(<BulkActions selection={{ rows: [row({ id: 3 }), row({ id: null, userId: 9, name: 'Sue Sprint' })] }} onClear={vi.fn()} />);
    expect(screen.getByRole('region', { name: 'Selected contacts' })).toHaveTextContent('2 selected');
    await userEvent.click(screen.getByRole('button', { name: 'Tag' }));
    await userEvent.type(screen.getByLabelText('Tag'), 'season');
    await userEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    await waitFor(() => expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ contactIds: [3], userIds: [9], tag: 'season' }));
  });

  it('exports the account’s contacts the filters match', async () => {
    mount(<BulkActions selection={EVERYONE} onClear={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText('Contacts exported');
    const url = new URL(sent.find((request) => request.url.includes('export'))!.url, 'http://localhost');
    expect(url.pathname).toBe('/api/v1/contacts/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({ beat: '354', q: 'sprint' });
  });
});
