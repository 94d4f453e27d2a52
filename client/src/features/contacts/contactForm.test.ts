import { describe, expect, it } from 'vitest';
import { EMPTY_FIELDS } from '../../../../contracts/contacts/fields.ts';
import { draftOf, errorOf, fieldErrors, inputOf, splitList } from './contactForm.ts';

describe('the contact form', () => {
  it('sends every field, leaving out blank channels, links and addresses (the API takes each record whole)', () => {
    const draft = draftOf(null);
    draft.name = 'Nina Field';
    draft.outlets = 'Herald, Metro Daily, Herald';
    draft.emails = ['nina@herald.example', ' '];
    draft.phones.mobile = '+61 400 000 000';
    draft.links.twitter = 'https://twitter.com/nina';
    draft.addresses.office = { street: '1 George St', city: 'Sydney', state: 'NSW', postcode: '2000', country: 'AU' };
    draft.beats = [355];
    draft.timezone = 'Australia/Sydney';
    draft.tags = 'launch; finance';
    expect(inputOf(draft, false)).toEqual({
      name: 'Nina Field',
      jobTitle: null,
      outlets: ['Herald', 'Metro Daily'],
      companies: [],
      beats: [355],
      emails: ['nina@herald.example'],
      phones: { mobile: '+61 400 000 000' },
      links: { twitter: 'https://twitter.com/nina' },
      addresses: { office: { street: '1 George St', city: 'Sydney', state: 'NSW', postcode: '2000', country: 'AU' } },
      timezone: 'Australia/Sydney',
      country: null,
      tags: ['launch', 'finance'],
    });
  });

  it('sends only tags and email addresses for a person on the platform, whose profile is theirs', () => {
    const draft = draftOf({ ...EMPTY_FIELDS, name: 'Jo', tags: ['politics'] });
    draft.emails = ['jo@desk.example'];
    expect(inputOf(draft, true)).toEqual({ emails: ['jo@desk.example'], tags: ['politics'] });
  });

  it('reads a saved contact back into the inputs', () => {
    const draft = draftOf({ ...EMPTY_FIELDS, name: 'Tom', outlets: ['A', 'B'], beats: [356], phones: { workDirect: '02 9000 1234' }, addresses: { postal: { street: '', city: 'Perth', state: '', postcode: '', country: null } } });
    expect(draft.outlets).toBe('A, B');
    expect(draft.phones.workDirect).toBe('02 9000 1234');
    expect(draft.addresses.postal.city).toBe('Perth');
    expect(draft.emails).toEqual(['']);
  });

  it('splits typed lists on commas, semicolons and new lines', () => {
    expect(splitList(' a, b;c\n a ,, ')).toEqual(['a', 'b', 'c']);
  });
});

describe('the server’s lines beside their fields', () => {
  const errors = fieldErrors(
    [
      'Name is required',
      'Email is not valid',
      'Phone is not valid',
      'This is not a Twitter url',
      'Country must be a two-letter country code',
      'Outlet must be at most 200 characters',
      'This person keeps their own profile: only tags and email addresses can be changed here',
    ],
    {
      'emails.1': ['Email is not valid'],
      'phones.mobile': ['Phone is not valid'],
      'links.twitter': ['This is not a Twitter url'],
      'addresses.postal.country': ['Country must be a two-letter country code'],
      'outlets.3': ['Outlet must be at most 200 characters'],
    },
  );

  it('places each line on the field it names, with the spec’s words', () => {
    expect(errorOf(errors, 'name')).toBe('Name is required');
    expect(errorOf(errors, 'emails.1')).toBe('Email is not valid');
    expect(errorOf(errors, 'emails.0')).toBeUndefined();
    expect(errorOf(errors, 'phones.mobile')).toBe('Phone is not valid');
    expect(errorOf(errors, 'links.twitter')).toBe('This is not a Twitter url');
    expect(errorOf(errors, 'addresses.postal.country')).toBe('Country must be a two-letter country code');
  });

  it('gives a box holding a list the lines of its items', () => {
    expect(errorOf(errors, 'outlets')).toBe('Outlet must be at most 200 characters');
  });

  it('keeps a line that names no field for the top of the form', () => {
    expect(errors.general).toEqual(['This person keeps their own profile: only tags and email addresses can be changed here']);
  });
});
