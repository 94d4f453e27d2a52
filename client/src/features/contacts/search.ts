import type { DirectoryFilter } from '../../../../contracts/contacts/api.ts';
import { BEATS } from '../../../../contracts/users/enums.ts';

export type ContactSort = 'name' | '-name' | 'recent';

/** The directory's filters as the address keeps them, so a filtered table can be shared and reloaded. */
export type DirectorySearch = {
  q?: string;
  beat?: number;
  outlet?: string;
  country?: string;
  tag?: string;
  list?: number;
  hasEmail?: boolean;
  sort?: ContactSort;
};

const SORTS: readonly ContactSort[] = ['name', '-name', 'recent'];
const BEAT_IDS = new Set<number>(BEATS.map((beat) => beat.id));

const text = (value: unknown, max: number) => {
  const trimmed = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  return trimmed && trimmed.length <= max ? trimmed : undefined;
};
const positive = (value: unknown) => {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
};

/** Reads the address's query: what the API would refuse (an unknown beat, a malformed country) is dropped. */
export function directorySearch(search: Record<string, unknown>): DirectorySearch {
  const beat = positive(search.beat);
  const country = text(search.country, 2)?.toUpperCase();
  const sort = SORTS.find((known) => known === search.sort);
  const hasEmail = search.hasEmail === true || search.hasEmail === 'true' ? true : search.hasEmail === false || search.hasEmail === 'false' ? false : undefined;
  const result: DirectorySearch = {
    q: text(search.q, 200),
    beat: beat !== undefined && BEAT_IDS.has(beat) ? beat : undefined,
    outlet: text(search.outlet, 200),
    country: country && /^[A-Z]{2}$/.test(country) ? country : undefined,
    tag: text(search.tag, 50),
    list: positive(search.list),
    hasEmail,
    sort: sort === 'name' ? undefined : sort,
  };
  return Object.fromEntries(Object.entries(result).filter(([, value]) => value !== undefined)) as DirectorySearch;
}

/** The query of `GET /api/v1/contacts` for these filters. */
export function directoryQuery(search: DirectorySearch): Record<string, string | number | boolean | undefined> {
  return { ...search, sort: search.sort ?? 'name' };
}

/** The table's filters without its order: whom "select all" names. */
export const filterOf = ({ sort: _sort, ...filter }: DirectorySearch): DirectoryFilter => filter;

/** Whether anything narrows the table (an empty table then says "nothing matches", not "no contacts yet"). */
export const isFiltered = (search: DirectorySearch) => Object.entries(search).some(([name, value]) => name !== 'sort' && value !== undefined);

/** The lists screen remembers which list is open. */
export type ListSearch = { list?: number };
export function listSearch(search: Record<string, unknown>): ListSearch {
  const list = positive(search.list);
  return list === undefined ? {} : { list };
}
