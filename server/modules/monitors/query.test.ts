import { describe, expect, it } from 'vitest';
import { ItemWords, matches, parseQuery, QueryRejected, wordsOf } from './query.ts';

const advanced = { advanced: true };
const rejection = (query: string, options = advanced) => {
  try {
    parseQuery(query, options);
  } catch (error) {
    if (error instanceof QueryRejected) return error.lines;
    throw error;
  }
  return null;
};
const hits = (query: string, text: string) => matches(parseQuery(query, advanced).root, new ItemWords(wordsOf(text)));

describe('a monitor query', () => {
  it.each([
    ['Harbour', 'Harbour PR wins the tender', true],
    ['harbour', 'HARBOUR pr', true],
    ['Cafe', 'A new café opens', true],
    ['harbour pr', 'PR for the harbour', true],
    ['"harbour pr"', 'PR for the harbour', false],
    ['"harbour pr"', 'Harbour-PR signs a deal', true],
    ['Harbour-PR', 'harbour pr, again', true],
    ['solar OR wind', 'Wind farms grow', true],
    ['solar OR wind', 'Coal is back', false],
    ['energy NOT coal', 'Energy from coal', false],
    ['energy NOT coal', 'Energy from the sun', true],
    ['energy AND NOT (coal OR gas)', 'Energy, gas prices', false],
    ['(solar OR wind) AND "power purchase"', 'Wind power purchase agreement', true],
    ['(solar OR wind) AND "power purchase"', 'Wind power is cheap; purchase later', false],
    ['and', 'Salt and pepper', true],
    ['tide NOT (low OR high)', 'the high tide turns', false],
  ])('%s in "%s" is %s', (query, text, expected) => {
    expect(hits(query, text)).toBe(expected);
  });

  it.each([
    ['', ['Query is required']],
    ['   ', ['Query is required']],
    ['"harbour pr', ['A quote is not closed: every phrase needs its closing "']],
    ['(solar OR wind', ['A bracket is not closed']],
    ['solar)', ['A closing bracket has no opening one']],
    ['()', ['Brackets hold nothing, or a closing bracket has no opening one']],
    ['solar OR', ['OR needs a word, a phrase or a bracket on each side']],
    ['AND solar', ['AND needs a word, a phrase or a bracket on each side']],
    ['solar NOT', ['NOT needs a word, a phrase or a bracket after it']],
    ['NOT coal', ['A query needs a word or phrase that matching items contain: NOT only excludes']],
    ['solar OR NOT coal', ['A query needs a word or phrase that matching items contain: NOT only excludes']],
    ['""', ['A phrase in quotes is empty']],
    ['x'.repeat(501), ['Query must be at most 500 characters']],
    [Array.from({ length: 51 }, (_, i) => `w${i}`).join(' '), ['A query may hold at most 50 words and phrases']],
  ])('%j is refused: %j', (query, lines) => {
    expect(rejection(query)).toEqual(lines);
  });

  it('without the advanced module is words that must all appear', () => {
    const line = 'AND, OR, NOT, brackets and "exact phrases" need the advanced monitor module: list the words that must all appear';
    for (const query of ['solar OR wind', 'energy NOT coal', '"harbour pr"', '(solar)']) expect(rejection(query, { advanced: false })).toEqual([line]);
    expect(rejection('harbour pr', { advanced: false })).toBeNull();
  });

  it('files a monitor under words every match holds: one side of an AND, every side of an OR', () => {
    const anchors = (query: string) => [...parseQuery(query, advanced).anchors].sort();
    expect(anchors('(solar OR wind) AND "power purchase agreement"')).toEqual(['agreement']);
    expect(anchors('(solar OR wind) AND energy')).toEqual(['energy']);
    expect(anchors('(solar OR wind OR tidal) AND (farm OR park OR plant OR field)')).toEqual(['solar', 'tidal', 'wind']);
    expect(anchors('energy NOT coal')).toEqual(['energy']);
  });
});
