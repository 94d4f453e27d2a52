import type { Author } from '../../../../contracts/posts/views.ts';

/** The "@word" being typed right before the caret, if any: what the suggestions filter by. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  // As the server reads mentions: "@" at the start or after a space or "(", so a@b.com is not one.
  const match = /(?:^|[\s(])@([\p{L}\p{N}_.-]{0,40})$/u.exec(before);
  if (!match) return null;
  return { start: caret - match[1]!.length - 1, query: match[1]!.toLowerCase() };
}

/** People to suggest: those whose name or slug starts a word with what was typed, each once. */
export function suggestPeople(candidates: readonly Author[], query: string, limit = 6): Author[] {
  const seen = new Set<string>();
  return candidates
    .filter((person) => person.type === 'person' && person.slug && !seen.has(person.slug) && seen.add(person.slug))
    .filter((person) => !query || person.slug.toLowerCase().startsWith(query) || person.name.toLowerCase().split(/\s+/).some((word) => word.startsWith(query)))
    .slice(0, limit);
}

/** The text with the typed "@que" replaced by "@slug ", and where the caret goes after it. */
export function insertMention(text: string, at: { start: number; query: string }, slug: string): { text: string; caret: number } {
  const inserted = `@${slug} `;
  const end = at.start + 1 + at.query.length;
  return { text: text.slice(0, at.start) + inserted + text.slice(end), caret: at.start + inserted.length };
}
