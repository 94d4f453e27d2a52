import { describe, expect, it } from 'vitest';
import type { MentionView } from '../../../../contracts/monitors/api.ts';
import { withMention } from './queries.ts';

const mention = (sourceId: string, title = `Item ${sourceId}`): MentionView => ({
  monitorId: 1,
  source: 'news',
  sourceId,
  title,
  summary: '',
  link: null,
  outlet: null,
  beats: [],
  country: null,
  publishedAt: '2026-11-26T00:00:00.000Z',
  matchedAt: '2026-11-26T00:00:00.000Z',
});

describe('a live mention on the monitor page', () => {
  it('goes on top of the first page, the next pages untouched', () => {
    const data = { pages: [{ data: [mention('2')], next: 'x' }, { data: [mention('1')], next: null }], pageParams: [null, 'x'] };
    const next = withMention(data, mention('3'));
    expect(next?.pages.map((page) => page.data.map((m) => m.sourceId))).toEqual([['3', '2'], ['1']]);
  });

  it('is not shown twice when a refetch brought it first, and waits when nothing is loaded', () => {
    const data = { pages: [{ data: [mention('2')], next: null }], pageParams: [null] };
    expect(withMention(data, mention('2', 'Again'))).toBe(data);
    expect(withMention(undefined, mention('2'))).toBeUndefined();
  });
});
