import { storage } from '../../lib/storage.ts';

/** The table's optional columns; the name is always there. */
export const COLUMNS = [
  { key: 'jobTitle', label: 'Job title' },
  { key: 'outlets', label: 'Outlets' },
  { key: 'beats', label: 'Beats' },
  { key: 'emails', label: 'Email' },
  { key: 'country', label: 'Country' },
  { key: 'tags', label: 'Tags' },
] as const;
export type ColumnKey = (typeof COLUMNS)[number]['key'];

export const DEFAULT_COLUMNS: readonly ColumnKey[] = ['outlets', 'beats', 'emails', 'country', 'tags'];
const STORAGE_KEY = 'contacts:columns';
// A choice of layout is kept a long while: people set it once.
const KEEP_DAYS = 365;

const isColumn = (key: unknown): key is ColumnKey => COLUMNS.some((column) => column.key === key);

/** The columns the person chose last time, in the table's order; the default when nothing usable was kept. */
export function savedColumns(): ColumnKey[] {
  const kept = storage.get<unknown>(STORAGE_KEY);
  if (!Array.isArray(kept)) return [...DEFAULT_COLUMNS];
  return COLUMNS.map((column) => column.key).filter((key) => kept.filter(isColumn).includes(key));
}

export function saveColumns(columns: readonly ColumnKey[]): void {
  storage.set(STORAGE_KEY, columns, { days: KEEP_DAYS });
}

/** Turns one column on or off, keeping the table's order. */
export function toggleColumn(columns: readonly ColumnKey[], key: ColumnKey, on: boolean): ColumnKey[] {
  const next = new Set(columns);
  if (on) next.add(key);
  else next.delete(key);
  return COLUMNS.map((column) => column.key).filter((candidate) => next.has(candidate));
}
