import { describe, expect, it } from 'vitest';
import { insertMention, mentionQueryAt, suggestPeople } from './mentions.ts';

const person = (name: string, slug: string) => ({ id: slug.length, avatar: null, name, slug, type: 'person' as const });
const people = [person('Ana Author', 'ana-author'), person('Ben Reader', 'ben-reader'), person('Anton Bell', 'anton'), { ...person('Harbour PR', 'harbour-pr'), type: 'company' as const }];

describe('@ mentions in a comment', () => {
  it('finds the word being typed after an @', () => {
    expect(mentionQueryAt('Thanks @an', 10)).toEqual({ start: 7, query: 'an' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('(@Ben', 5)).toEqual({ start: 1, query: 'ben' });
  });

  it('is not a mention inside an email address or after the word ended', () => {
    expect(mentionQueryAt('mail ana@example', 16)).toBeNull();
    expect(mentionQueryAt('@ana and', 8)).toBeNull();
  });

  it('suggests people (never companies) by the start of a name or the slug', () => {
    expect(suggestPeople(people, 'an').map((p) => p.slug)).toEqual(['ana-author', 'anton']);
    expect(suggestPeople(people, 'reader').map((p) => p.slug)).toEqual(['ben-reader']);
    expect(suggestPeople([...people, people[0]!], '').map((p) => p.slug)).toEqual(['ana-author', 'ben-reader', 'anton']);
  });

  it('replaces what was typed with the slug the server resolves', () => {
    expect(insertMention('Thanks @an!', { start: 7, query: 'an' }, 'ana-author')).toEqual({ text: 'Thanks @ana-author !', caret: 19 });
  });
});
