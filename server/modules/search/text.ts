// ts_headline marks matches with two control characters that the text it reads never holds
// (queries strip them first); the markup is made here, after escaping, so a result's HTML is
// the escaped text and <mark> alone, whatever the post held.
const START = '\u0001';
const STOP = '\u0002';
const selectors = `StartSel=${START}, StopSel=${STOP}`;

/** A name or title, whole. */
export const TITLE_HEADLINE = `${selectors}, HighlightAll=true`;
/** A body: the best two passages, a line's worth each. */
export const SNIPPET_HEADLINE = `${selectors}, MaxFragments=2, MaxWords=18, MinWords=8, ShortWord=2, FragmentDelimiter=" … "`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escaped text with ts_headline's matches in <mark>. */
export function highlighted(headline: string): string {
  return headline
    .replace(/[&<>"']/g, (char) => ESCAPES[char]!)
    .replaceAll(START, '<mark>')
    .replaceAll(STOP, '</mark>')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Sanitised rich text as words, as search_plain_text reads it in SQL. */
export function plainOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

const WORD = /[\p{L}\p{N}]+$/u;
const PREFIX_MIN = 3;

/**
 * What was typed, and its last word as a prefix while it is still being typed: "clim" finds
 * climate before the word is whole. The prefix is of the word's stem (to_tsquery stems it:
 * "climate:*" is 'climat':*), so the whole word still matches itself. Not for a word in
 * quotes, a word excluded with '-', or one shorter than three letters, whose prefix would
 * match half the dictionary.
 */
export function searchTerms(text: string): { text: string; head: string; prefix: string } {
  const last = WORD.exec(text)?.[0];
  const before = last ? text.slice(0, text.length - last.length) : '';
  const quoted = (text.match(/"/g)?.length ?? 0) % 2 === 1;
  if (!last || last.length < PREFIX_MIN || quoted || before.endsWith('-') || last.toLowerCase() === 'or') return { text, head: '', prefix: '' };
  return { text, head: before, prefix: `${last.toLowerCase()}:*` };
}
