import { describe, expect, it } from 'vitest';
import { DIRECTORY_PAGE, membersOf, pagesFor } from './queries.ts';

describe('the table’s pages', () => {
  it('reads only the pages under the rows in view, and the first (it holds the count)', () => {
    expect(pagesFor(0, 30)).toEqual([0]);
    expect(pagesFor(DIRECTORY_PAGE - 5, DIRECTORY_PAGE + 5)).toEqual([0, 1]);
    // A jump deep into 100,000 rows reads one page there, not every page before it.
    expect(pagesFor(80_000, 80_020)).toEqual([0, 80_000 / DIRECTORY_PAGE]);
  });
});

describe('putting rows on a list', () => {
  it('names contacts by id and platform journalists without a record by user id', () => {
    const row = { slug: null, avatar: null, name: 'X', jobTitle: null, outlets: [], beats: [], emails: [], country: null, tags: [], doNotContact: false };
    expect(membersOf([{ ...row, id: 3, userId: null }, { ...row, id: null, userId: 9 }, { ...row, id: 4, userId: 12 }])).toEqual({ contactIds: [3, 4], userIds: [9] });
  });
});
