import { describe, expect, it } from 'vitest';
import type { WireEntry } from '../../../../contracts/news/api.ts';
import { matchesFilters } from './queries.ts';

const entry: WireEntry = {
  key: 'news:1',
  source: 'news',
  id: 1,
  title: 'Rates held',
  summary: '',
  link: 'https://biz.example/1',
  outlet: 'Business Wire',
  beats: ['business', 'politics'],
  country: 'AU',
  imageUrl: null,
  publishedAt: '2026-03-02T09:00:00.000Z',
  content: null,
};

describe('which live wire entries count towards a filtered list', () => {
  it.each([
    [{ beat: '', country: '', outlet: '' }, true],
    [{ beat: 'politics', country: '', outlet: '' }, true],
    [{ beat: 'sports', country: '', outlet: '' }, false],
    [{ beat: '', country: 'AU', outlet: '' }, true],
    [{ beat: '', country: 'NZ', outlet: '' }, false],
    [{ beat: '', country: '', outlet: 'Business Wire' }, true],
    [{ beat: '', country: '', outlet: 'Sport NZ' }, false],
    [{ beat: 'business', country: 'AU', outlet: 'Business Wire' }, true],
    [{ beat: 'business', country: 'AU', outlet: 'Sport NZ' }, false],
  ])('%o: %s', (filters, expected) => {
    expect(matchesFilters(entry, filters)).toBe(expected);
  });

  it('leaves out an entry without a country when a country is chosen', () => {
    expect(matchesFilters({ ...entry, country: null }, { beat: '', country: 'AU', outlet: '' })).toBe(false);
  });
});
