import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { SEARCH_KIND_LABELS, SEARCH_KINDS, searchKind, type SearchKind } from '../../../../contracts/search/index.ts';
import { BEATS } from '../../../../contracts/users/enums.ts';
import { Input, Select } from '../../ui/index.ts';
import type { SearchFilters } from './api.ts';
import { SearchBox } from './SearchBox.tsx';
import { useDebouncedValue } from './useDebouncedValue.ts';

type PageSearch = { q?: unknown; kind?: unknown; beat?: unknown; from?: unknown; to?: unknown };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** What the address says, as filters the server accepts (anything else is left out). */
function filtersOf(search: PageSearch): SearchFilters {
  const kind = searchKind.safeParse(search.kind);
  const beat = Number(search.beat);
  const from = text(search.from);
  const to = text(search.to);
  return {
    ...(kind.success ? { kind: kind.data } : {}),
    ...(BEATS.some((b) => b.id === beat) ? { beat } : {}),
    ...(DAY.test(from) ? { from } : {}),
    ...(DAY.test(to) && (!DAY.test(from) || from <= to) ? { to } : {}),
  };
}

/**
 * Spec section 2 `/search`: the one search box with its results below, filters by kind, beat
 * and date, a group's "See all" and paging. The address keeps the text and filters, so a
 * search can be shared, and Back returns to it.
 */
export function SearchPage() {
  const search = useSearch({ strict: false }) as PageSearch;
  const navigate = useNavigate();
  const filters = filtersOf(search);
  const [query, setQuery] = useState(text(search.q));
  const settled = useDebouncedValue(query);

  useEffect(() => {
    if (settled === text(search.q)) return;
    void navigate({ to: '/search', search: { ...search, q: settled || undefined } as never, replace: true });
  }, [settled, search, navigate]);

  const setFilter = (next: Partial<Record<keyof SearchFilters, string | number | undefined>>) =>
    void navigate({ to: '/search', search: { ...search, q: query || undefined, ...next } as never, replace: true });

  return (
    <div className="search-page">
      <h1 className="visually-hidden">Search</h1>
      <SearchBox variant="page" query={query} onQueryChange={setQuery} filters={filters} onShowKind={(kind) => setFilter({ kind })}>
        <div className="search-filters" role="group" aria-label="Filters">
          <div className="search-kinds" role="radiogroup" aria-label="Kind">
            {([undefined, ...SEARCH_KINDS] as (SearchKind | undefined)[]).map((kind) => (
              <button
                key={kind ?? 'all'}
                type="button"
                role="radio"
                aria-checked={filters.kind === kind}
                className={`search-kind${filters.kind === kind ? ' search-kind--on' : ''}`}
                onClick={() => setFilter({ kind })}
              >
                {kind ? SEARCH_KIND_LABELS[kind] : 'All'}
              </button>
            ))}
          </div>
          <div className="search-filters__row">
            <Select label="Beat" value={filters.beat ?? ''} onChange={(event) => setFilter({ beat: event.target.value || undefined })}>
              <option value="">Any beat</option>
              {BEATS.map((beat) => (
                <option key={beat.id} value={beat.id}>
                  {beat.name[0]!.toUpperCase() + beat.name.slice(1)}
                </option>
              ))}
            </Select>
            <Input label="From" type="date" value={filters.from ?? ''} max={filters.to} onChange={(event) => setFilter({ from: event.target.value || undefined })} />
            <Input label="To" type="date" value={filters.to ?? ''} min={filters.from} onChange={(event) => setFilter({ to: event.target.value || undefined })} />
          </div>
        </div>
      </SearchBox>
    </div>
  );
}
