/** "Zoë O'Brien & Co" -> "zoe-o-brien-co": a text's words, unaccented and lower case, joined by hyphens, at most `maxLength` long. */
export function wordsSlug(text: string, maxLength = 60): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
}
