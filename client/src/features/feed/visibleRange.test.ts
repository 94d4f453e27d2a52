import { describe, expect, it } from 'vitest';
import { bufferedRange } from './visibleRange.ts';

// Ten items of 100 px, from 0 to 1000.
const items = Array.from({ length: 10 }, (_, index) => ({ start: index * 100, end: index * 100 + 100 }));

describe('the virtual list renders a 200 px buffer around the viewport, at most 1000 items', () => {
  it('adds the items reaching into 200 px above and below what is seen', () => {
    // Viewport 400..500 shows item 4; the buffer reaches 200..700: items 2 to 6.
    expect(bufferedRange(items, { startIndex: 4, endIndex: 4 }, { top: 400, bottom: 500 })).toEqual([2, 3, 4, 5, 6]);
  });

  it('stops at the ends of the list', () => {
    expect(bufferedRange(items, { startIndex: 0, endIndex: 1 }, { top: 0, bottom: 150 })).toEqual([0, 1, 2, 3]);
    expect(bufferedRange(items, { startIndex: 9, endIndex: 9 }, { top: 950, bottom: 1000 })).toEqual([7, 8, 9]);
  });

  it('never renders more than the limit', () => {
    const many = Array.from({ length: 3000 }, (_, index) => ({ start: index, end: index + 1 }));
    expect(bufferedRange(many, { startIndex: 0, endIndex: 2999 }, { top: 0, bottom: 3000 })).toHaveLength(1000);
  });

  it('renders nothing for an empty list', () => {
    expect(bufferedRange([], { startIndex: 0, endIndex: -1 }, { top: 0, bottom: 100 })).toEqual([]);
  });
});
