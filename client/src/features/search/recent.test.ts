import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSearches, recentSearches, rememberSearch, RECENT_SEARCHES_MAX } from './recent.ts';

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('recent searches (spec section 9: local storage, 14 days)', () => {
  it('keeps the newest first, once each whatever the case, at most eight', () => {
    for (const q of ['one', 'two', 'One ', 'three']) rememberSearch(q);
    expect(recentSearches()).toEqual(['three', 'One', 'two']);
    for (let i = 0; i < 10; i += 1) rememberSearch(`q${i}`);
    expect(recentSearches()).toHaveLength(RECENT_SEARCHES_MAX);
    forgetSearches();
    expect(recentSearches()).toEqual([]);
  });

  it('forgets them after 14 days', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    rememberSearch('budget');
    vi.setSystemTime(new Date('2026-01-14T23:00:00Z'));
    expect(recentSearches()).toEqual(['budget']);
    vi.setSystemTime(new Date('2026-01-15T00:00:01Z'));
    expect(recentSearches()).toEqual([]);
  });
});
