import { storage } from '../../lib/storage.ts';

const KEY = 'search:recent';
export const RECENT_SEARCHES_MAX = 8;

/** What this browser searched for, newest first, kept with the spec's expiry (14 days, lib/storage.ts). */
export function recentSearches(): string[] {
  const stored = storage.get<unknown>(KEY);
  return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string').slice(0, RECENT_SEARCHES_MAX) : [];
}

/** Remembers a search at the top; the same words searched again move up rather than repeat. */
export function rememberSearch(q: string): string[] {
  const text = q.trim();
  if (!text) return recentSearches();
  const next = [text, ...recentSearches().filter((item) => item.toLowerCase() !== text.toLowerCase())].slice(0, RECENT_SEARCHES_MAX);
  storage.set(KEY, next);
  return next;
}

export function forgetSearches(): void {
  storage.remove(KEY);
}
