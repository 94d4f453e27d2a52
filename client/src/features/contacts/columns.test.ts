import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_COLUMNS, saveColumns, savedColumns, toggleColumn } from './columns.ts';
import { moved } from './ListsPage.tsx';

describe('column choice', () => {
  beforeEach(() => localStorage.clear());

  it('starts with the default columns and remembers a choice, in the table’s order', () => {
    expect(savedColumns()).toEqual(DEFAULT_COLUMNS);
    saveColumns(toggleColumn(toggleColumn(DEFAULT_COLUMNS, 'jobTitle', true), 'tags', false));
    expect(savedColumns()).toEqual(['jobTitle', 'outlets', 'beats', 'emails', 'country']);
  });

  it('ignores a kept value it does not understand', () => {
    localStorage.setItem('pressroom:contacts:columns', JSON.stringify({ value: 'everything', expiresAt: Date.now() + 60_000 }));
    expect(savedColumns()).toEqual(DEFAULT_COLUMNS);
  });
});

describe('reordering a list', () => {
  it('moves one person a step, and not past either end', () => {
    expect(moved([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
