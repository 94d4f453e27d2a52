import { describe, expect, it } from 'vitest';
import { directoryQuery, directorySearch, isFiltered, listSearch } from './search.ts';

describe('the directory’s filters in the address', () => {
  it('keeps what the API accepts, as the API names it', () => {
    expect(directorySearch({ q: ' mia ', beat: '355', country: 'au', tag: 'launch', list: '7', hasEmail: 'true', sort: '-name' })).toEqual({
      q: 'mia',
      beat: 355,
      country: 'AU',
      tag: 'launch',
      list: 7,
      hasEmail: true,
      sort: '-name',
    });
  });

  it('drops what the API would refuse: an unknown beat, a bad country, a list that is no id, an unknown sort', () => {
    expect(directorySearch({ beat: 1, country: 'Australia', list: '-3', sort: 'list', q: '   ', hasEmail: 'maybe' })).toEqual({});
  });

  it('leaves the default sort out of the address but sends it', () => {
    const search = directorySearch({ sort: 'name', beat: 62 });
    expect(search).toEqual({ beat: 62 });
    expect(directoryQuery(search)).toEqual({ beat: 62, sort: 'name' });
  });

  it('says whether anything narrows the table (sorting does not)', () => {
    expect(isFiltered({ sort: 'recent' })).toBe(false);
    expect(isFiltered({ hasEmail: false })).toBe(true);
  });

  it('reads the open list of the lists screen', () => {
    expect(listSearch({ list: '12' })).toEqual({ list: 12 });
    expect(listSearch({ list: 'abc' })).toEqual({});
  });
});
