import { describe, expect, it } from 'vitest';
import type { NewsroomSummary } from '../../../../contracts/newsrooms/api.ts';
import { wordsSlug } from '../../../../contracts/slugs.ts';
import { bodyOf, draftOf, errorsByField } from './form.ts';
import { placeNewsroom } from './queries.ts';

describe('the newsroom form', () => {
  it('suggests an address from the name, as the server’s rule allows', () => {
    expect(wordsSlug('Harbour PR — Newsroom')).toBe('harbour-pr-newsroom');
    expect(wordsSlug('  Café Zürich  ')).toBe('cafe-zurich');
  });

  it('sends the company on creation and leaves blank links out', () => {
    const draft = { ...draftOf(null, 7), name: 'Harbour', slug: 'harbour', links: { ...draftOf(null, 7).links, website: 'https://harbour.example', twitter: ' ' } };
    expect(bodyOf(draft)).toEqual({ companyId: 7, name: 'Harbour', slug: 'harbour', logo: null, brandColour: '#1d4ed8', about: '', links: { website: 'https://harbour.example' }, isPublic: true });
  });

  it('puts each of the server’s 400/422 lines under its field', () => {
    expect(
      errorsByField(['Name is required', 'This address is taken by another newsroom', 'This is not a Twitter url', 'The logo must be an image you uploaded', 'Brand colour must be a colour like #1d4ed8', 'Something else']),
    ).toEqual({
      name: 'Name is required',
      slug: 'This address is taken by another newsroom',
      twitter: 'This is not a Twitter url',
      logo: 'The logo must be an image you uploaded',
      brandColour: 'Brand colour must be a colour like #1d4ed8',
      form: 'Something else',
    });
  });
});

describe('our newsrooms, live', () => {
  const row = (id: number, name: string): NewsroomSummary => ({ id, slug: `n-${id}`, name, company: { id: 1, slug: 'c', name: 'C' }, logo: null, brandColour: null, languages: ['en'], isPublic: true });

  it('replaces a newsroom where it is and puts a new one first', () => {
    const list = { data: [row(1, 'One'), row(2, 'Two')], total: 2 };
    expect(placeNewsroom(list, row(2, 'Two, renamed'))).toEqual({ data: [row(1, 'One'), row(2, 'Two, renamed')], total: 2 });
    expect(placeNewsroom(list, row(3, 'Three'))).toEqual({ data: [row(3, 'Three'), row(1, 'One'), row(2, 'Two')], total: 3 });
  });
});
