import { describe, expect, it } from 'vitest';
import type { ContactView } from '../../../../contracts/contacts/api.ts';
import { EMPTY_FIELDS } from '../../../../contracts/contacts/fields.ts';
import { conflictsOf, mergeChoices } from './merge.ts';

const contact = (id: number, fields: Partial<ContactView>): ContactView => ({
  ...EMPTY_FIELDS,
  id,
  userId: null,
  slug: null,
  avatar: null,
  beats: [],
  country: null,
  doNotContact: false,
  lists: [],
  notes: [],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...fields,
});

describe('the merge screen', () => {
  const kept = contact(1, { name: 'Mia Chen', jobTitle: 'Technology editor', phones: { mobile: '0400 000 001', home: '02 1' }, country: { id: 'AU', name: 'Australia' } });
  const other = contact(2, { name: 'Mia Chen', jobTitle: 'Freelance', phones: { mobile: '0400 000 002', workDirect: '02 2' }, country: null, links: { twitter: 'https://twitter.com/miachen' } });

  it('asks only where both have a value and they differ', () => {
    expect(conflictsOf(kept, other).map((conflict) => [conflict.key, conflict.kept, conflict.other])).toEqual([
      ['jobTitle', 'Technology editor', 'Freelance'],
      ['phones.mobile', '0400 000 001', '0400 000 002'],
    ]);
  });

  it('sends nothing when the kept values are chosen: the server keeps them and fills gaps from the other', () => {
    expect(mergeChoices(kept, other, { jobTitle: 'kept' })).toEqual({});
  });

  it('sends the other’s value where chosen, and a channel record whole so no phone is lost', () => {
    expect(mergeChoices(kept, other, { jobTitle: 'other', 'phones.mobile': 'other' })).toEqual({
      jobTitle: 'Freelance',
      phones: { mobile: '0400 000 002', home: '02 1', workDirect: '02 2' },
    });
  });
});
