import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DirectoryRow } from '../../../../contracts/contacts/api.ts';
import { BEATS } from '../../../../contracts/users/enums.ts';
import { Button, Checkbox, EmptyState, Input, PageHeader, Select, Spinner } from '../../ui/index.ts';
import { beatLabel } from '../profiles/Beats.tsx';
import { countryOptions } from '../settings/places.ts';
import { BulkActions } from './BulkActions.tsx';
import { COLUMNS, saveColumns, savedColumns, toggleColumn, type ColumnKey } from './columns.ts';
import { ContactFormModal } from './ContactFormModal.tsx';
import { ContactTable, rowKey } from './ContactTable.tsx';
import { ImportModal } from './ImportModal.tsx';
import { ContactsTabs, countOf, downloadExport } from './parts.tsx';
import { useContactsLive, useDirectoryWindow, useLists } from './queries.ts';
import { directorySearch, filterOf, isFiltered, type DirectorySearch } from './search.ts';

/** Spec section 9's input debounce: the table asks again once typing pauses. */
const TYPING_PAUSE_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** A text filter typed freely and written into the address when typing pauses. */
function TextFilter({ label, value, onChange, type = 'text' }: { label: string; value: string | undefined; onChange: (value: string | undefined) => void; type?: string }) {
  const [text, setText] = useState(value ?? '');
  const settled = useDebounced(text, TYPING_PAUSE_MS);
  // Only a settled change writes; the address answering back must not write again.
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  useEffect(() => setText(value ?? ''), [value]);
  useEffect(() => {
    const next = settled.trim() || undefined;
    if (next !== latest.current.value) latest.current.onChange(next);
  }, [settled]);
  return <Input label={label} type={type} value={text} placeholder="" onChange={(event) => setText(event.target.value)} />;
}

function ColumnChooser({ columns, onChange }: { columns: readonly ColumnKey[]; onChange: (columns: ColumnKey[]) => void }) {
  return (
    <details className="contacts-columns">
      <summary className="button button--secondary button--sm">Columns</summary>
      <fieldset className="contacts-columns__menu">
        <legend className="visually-hidden">Columns to show</legend>
        {COLUMNS.map((column) => (
          <Checkbox key={column.key} label={column.label} checked={columns.includes(column.key)} onChange={(event) => onChange(toggleColumn(columns, column.key, event.target.checked))} />
        ))}
      </fieldset>
    </details>
  );
}

function Filters({ search, onChange }: { search: DirectorySearch; onChange: (next: DirectorySearch) => void }) {
  const lists = useLists();
  // Phones show the search and the beat; the other filters open on demand.
  const [more, setMore] = useState(false);
  const others = [search.outlet, search.country, search.tag, search.list, search.hasEmail, search.sort].filter((value) => value !== undefined).length;
  const countries = useMemo(() => countryOptions(), []);
  const set = (patch: Partial<DirectorySearch>) => onChange({ ...search, ...patch });
  return (
    <div className="contacts-filters" role="search" aria-label="Filter contacts">
      <div className="contacts-filters__search">
        <TextFilter label="Search by name" type="search" value={search.q} onChange={(q) => set({ q })} />
      </div>
      <Select label="Beat" value={search.beat ?? ''} onChange={(event) => set({ beat: event.target.value ? Number(event.target.value) : undefined })}>
        <option value="">Any beat</option>
        {BEATS.map((beat) => (
          <option key={beat.id} value={beat.id}>
            {beatLabel(beat)}
          </option>
        ))}
      </Select>
      <Button type="button" variant="secondary" size="sm" className="contacts-filters__toggle" aria-expanded={more} aria-controls="contacts-more-filters" onClick={() => setMore(!more)}>
        {more ? 'Fewer filters' : `More filters${others ? ` (${others})` : ''}`}
      </Button>
      <div id="contacts-more-filters" className={`contacts-filters__more${more ? ' contacts-filters__more--open' : ''}`}>
      <TextFilter label="Outlet" value={search.outlet} onChange={(outlet) => set({ outlet })} />
      <Select label="Country" value={search.country ?? ''} onChange={(event) => set({ country: event.target.value || undefined })}>
        <option value="">Any country</option>
        {countries.map((country) => (
          <option key={country.id} value={country.id}>
            {country.name}
          </option>
        ))}
      </Select>
      <TextFilter label="Tag" value={search.tag} onChange={(tag) => set({ tag })} />
      <Select label="List" value={search.list ?? ''} onChange={(event) => set({ list: event.target.value ? Number(event.target.value) : undefined })}>
        <option value="">Any list</option>
        {lists.data?.map((list) => (
          <option key={list.id} value={list.id}>
            {list.name}
          </option>
        ))}
      </Select>
      <Select
        label="Email"
        value={search.hasEmail === undefined ? '' : String(search.hasEmail)}
        onChange={(event) => set({ hasEmail: event.target.value === '' ? undefined : event.target.value === 'true' })}
      >
        <option value="">With or without</option>
        <option value="true">Has an email address</option>
        <option value="false">No email address</option>
      </Select>
      <Select label="Sort by" value={search.sort ?? 'name'} onChange={(event) => set({ sort: event.target.value === 'name' ? undefined : (event.target.value as DirectorySearch['sort']) })}>
        <option value="name">Name, A to Z</option>
        <option value="-name">Name, Z to A</option>
        <option value="recent">Recently changed</option>
      </Select>
      </div>
    </div>
  );
}

/**
 * `allContacts` (/contacts): the account's contacts and the platform's journalists in one fast
 * table, filtered from the address, with column choice, multi-select and bulk actions.
 */
export function ContactsPage() {
  useContactsLive();
  const search = directorySearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const setSearch = useCallback((next: DirectorySearch) => void navigate({ to: '/contacts', search: directorySearch(next as Record<string, unknown>), replace: true }), [navigate]);
  const filter = filterOf(search);
  const [range, setRange] = useState({ first: 0, last: 0 });
  const onRange = useCallback((first: number, last: number) => setRange((current) => (current.first === first && current.last === last ? current : { first, last })), []);
  const directory = useDirectoryWindow(search, range.first, range.last);
  const total = directory.total ?? 0;

  const [columns, setColumns] = useState<ColumnKey[]>(savedColumns);
  const chooseColumns = (next: ColumnKey[]) => {
    setColumns(next);
    saveColumns(next);
  };

  // The selection outlives a new filter: one can gather people from several searches, then act.
  const [selected, setSelected] = useState<Map<string, DirectoryRow>>(new Map());
  const select = useCallback((changed: readonly DirectoryRow[], on: boolean) => {
    setSelected((current) => {
      const next = new Map(current);
      for (const row of changed) {
        if (on) next.set(rowKey(row), row);
        else next.delete(rowKey(row));
      }
      return next;
    });
  }, []);

  // "Select all" names the filters, not rows: a new filter is a new set of people, so it lapses.
  const [allOf, setAllOf] = useState<string | null>(null);
  const everyone = allOf === JSON.stringify(filter);
  const selectAll = (on: boolean) => {
    setSelected(new Map());
    setAllOf(on ? JSON.stringify(filter) : null);
  };

  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const lists = useLists();
  const listFilter = search.list !== undefined ? lists.data?.find((list) => list.id === search.list) : undefined;

  const exportNow = async () => {
    setExporting(true);
    try {
      await downloadExport({ list: listFilter });
    } catch {
      // The API client has said what went wrong.
    } finally {
      setExporting(false);
    }
  };

  let body;
  if (directory.isPending) {
    body = (
      <div className="contacts__loading">
        <Spinner label="Loading contacts" />
      </div>
    );
  } else if (directory.isError) {
    body = <EmptyState title="The contacts could not be loaded" description="Check your connection and try again." action={<Button onClick={() => void directory.refetch()}>Try again</Button>} />;
  } else if (total === 0) {
    body = isFiltered(search) ? (
      <EmptyState title="No contacts match these filters" description="Try fewer filters, or another spelling." action={<Button variant="secondary" onClick={() => setSearch({})}>Clear filters</Button>} />
    ) : (
      <EmptyState
        title="No contacts yet"
        description="Add the journalists you work with, or import them from a spreadsheet."
        action={
          <>
            <Button onClick={() => setAdding(true)}>Add contact</Button> <Button variant="secondary" onClick={() => setImporting(true)}>Import CSV</Button>
          </>
        }
      />
    );
  } else {
    body = (
      <ContactTable
        key={JSON.stringify(search)}
        count={total}
        rowAt={directory.rowAt}
        columns={columns}
        selected={new Set(selected.keys())}
        everyone={everyone}
        onSelect={select}
        onSelectAll={selectAll}
        onRange={onRange}
      />
    );
  }

  return (
    <div className="contacts contacts--wide">
      <PageHeader
        title="Contacts"
        blurb="Your account's contacts and the journalists on Pressroom: everything you write about them stays with your account."
        actions={
          <>
            <Button variant="secondary" onClick={() => setImporting(true)}>
              Import CSV
            </Button>
            <Button onClick={() => setAdding(true)}>Add contact</Button>
          </>
        }
      />
      <ContactsTabs />
      <Filters search={search} onChange={setSearch} />
      <div className="contacts-toolbar">
        <p className="contacts-toolbar__count" aria-live="polite">
          {directory.isPending ? '' : countOf(total, 'contact')}
          {listFilter && <> on {listFilter.name}</>}
        </p>
        <div className="contacts-toolbar__actions">
          <ColumnChooser columns={columns} onChange={chooseColumns} />
          <Button variant="secondary" size="sm" loading={exporting} onClick={() => void exportNow()}>
            {listFilter ? 'Export list' : 'Export CSV'}
          </Button>
          <Link to="/contacts/duplicates" className="button button--ghost button--sm">
            Find duplicates
          </Link>
        </div>
      </div>
      <BulkActions selection={everyone ? { filter, count: total } : { rows: [...selected.values()] }} onClear={() => selectAll(false)} />
      <section className="contacts__body" aria-label="Contacts" aria-busy={directory.isPending}>
        {body}
      </section>
      <ContactFormModal open={adding} contact={null} onClose={() => setAdding(false)} />
      <ImportModal open={importing} onClose={() => setImporting(false)} />
    </div>
  );
}
