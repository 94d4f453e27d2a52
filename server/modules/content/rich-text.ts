import sanitizeHtml from 'sanitize-html';

/**
 * Rich text of posts and comments: one allow-list decides what may be stored, and everything
 * else here (plain text, summaries, mentions) reads the sanitized form, never the raw input.
 */

const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'h2', 'h3', 'h4', 'code', 'pre', 'span'];

// Tags whose content is not text a person wrote (code, styles, embedded documents, form
// values): dropped whole. Every other disallowed tag is unwrapped and its text kept. `xmp`
// stays from sanitize-html's defaults, which this list replaces: its raw text would otherwise
// come out unescaped.
const DROPPED_WITH_CONTENT = ['script', 'style', 'textarea', 'option', 'select', 'xmp', 'noscript', 'noembed', 'noframes', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'svg', 'math', 'template', 'title', 'head'];

const LINK_SCHEMES = ['http:', 'https:', 'mailto:'];
const LINK_REL = 'noopener noreferrer nofollow';

const SLUG = '[a-z0-9][a-z0-9-]{0,79}';
const WHOLE_SLUG = new RegExp(`^${SLUG}$`);
// After start, whitespace or "(" so that the "@" of a@b.com is not a mention; not followed by
// more word characters or "@" (a longer handle, another address) nor by ".x" (a domain).
const MENTION_TOKEN = new RegExp(`(?<=^|[\\s(])@(${SLUG})(?![\\p{L}\\p{N}_@-]|\\.[\\p{L}\\p{N}])`, 'gu');

/** An absolute http(s) or mailto URL, as the URL parser normalizes it, or null. */
function safeHref(href: string | undefined): string | null {
  if (!href) return null;
  // The URL parser is what a browser uses: it lowercases the scheme and strips the tabs,
  // newlines and control characters that hide "javascript:" from naive checks.
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  return LINK_SCHEMES.includes(url.protocol) ? url.href : null;
}

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'rel', 'target'], span: ['data-mention'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  transformTags: {
    // Rebuilding the attributes drops whatever else the tag carried (style, class, on*).
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = safeHref(attribs.href);
      return { tagName, attribs: href ? { href, rel: LINK_REL, target: '_blank' } : {} };
    },
    span: (tagName, attribs): sanitizeHtml.Tag => {
      const slug = attribs['data-mention']?.trim().toLowerCase();
      return { tagName, attribs: slug && WHOLE_SLUG.test(slug) ? { 'data-mention': slug } : {} };
    },
  },
  // A link without a usable href and a span that is not a mention keep their text, not the
  // tag. (Renaming them to a disallowed tag in transformTags instead leaves sanitize-html
  // closing the next element at that depth with the made-up name.)
  exclusiveFilter: (frame) => ((frame.tag === 'a' && !frame.attribs.href) || (frame.tag === 'span' && !frame.attribs['data-mention']) ? 'excludeTag' : false),
};

// A tag as a browser would read one: "<" then a letter or "/" and a closing ">", or a comment.
// "a < b" and "I <3 you" are plain text.
const LOOKS_LIKE_HTML = /<\/?[a-z][^<>]*>|<!--/i;

// \s covers the no-break spaces that &nbsp; decodes to.
const EMPTY_PARAGRAPH = /^<p>(?:\s|<br \/>)*<\/p>/;

// Loops rather than one /(…)+$/: a pattern anchored at the end is tried from every position,
// quadratic on a long run of spaces.
function trimEmptyParagraphs(html: string): string {
  let out = html.trim();
  for (let first = EMPTY_PARAGRAPH.exec(out); first; first = EMPTY_PARAGRAPH.exec(out)) out = out.slice(first[0].length).trimStart();
  while (out.endsWith('</p>')) {
    const start = out.lastIndexOf('<p>');
    const last = out.slice(start);
    if (start < 0 || EMPTY_PARAGRAPH.exec(last)?.[0] !== last) break;
    out = out.slice(0, start).trimEnd();
  }
  return out;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function paragraphsOf(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.split('\n').map((line) => escapeText(line.trim())).join('<br />')}</p>`)
    .join('');
}

/** Stored form of a post's or comment's body: allow-listed HTML, or plain text made paragraphs. */
export function sanitizeRichText(html: string): string {
  if (!LOOKS_LIKE_HTML.test(html)) return paragraphsOf(html);
  const clean = trimEmptyParagraphs(sanitizeHtml(html, SANITIZE_OPTIONS));
  // Text left without any tag would read as plain text next time, its "&lt;" escaped again.
  return clean && !LOOKS_LIKE_HTML.test(clean) ? `<p>${clean}</p>` : clean;
}

const BLOCKS = new Set(['p', 'br', 'ul', 'ol', 'li', 'blockquote', 'h2', 'h3', 'h4', 'pre']);
// Sanitized output escapes only these in text (sanitize-html decodes every entity on input).
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

type Reading = { text: string; mentions: { at: number; slug: string }[] };

/**
 * The text of sanitized HTML, blocks apart by a newline, with the mention spans' positions.
 * The regular expression is enough because the input is sanitize-html's own output: known
 * tags, attribute values with every ">" and quote escaped.
 */
function read(clean: string, { mentionText }: { mentionText: boolean }): Reading {
  let text = '';
  const mentions: Reading['mentions'] = [];
  let insideMention = 0;
  for (const [token, closing, name, attributes] of clean.matchAll(/<(\/?)([a-z0-9]+)([^>]*)>|[^<]+/g)) {
    if (name === undefined) {
      if (insideMention === 0 || mentionText) text += token.replace(/&(?:amp|lt|gt|quot);/g, (entity) => ENTITIES[entity]!);
      continue;
    }
    if (name === 'span') {
      if (closing) insideMention = Math.max(0, insideMention - 1);
      else {
        const slug = /data-mention="([^"]*)"/.exec(attributes ?? '')?.[1];
        if (slug) mentions.push({ at: text.length, slug });
        insideMention++;
      }
    } else if (BLOCKS.has(name)) text += '\n';
  }
  return { text, mentions };
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The words of the content, whitespace collapsed: for notification summaries and length checks.
 * Text that does not look like markup reads as itself: its paragraphs and escapes would be
 * undone again (a post's title, most of what a rebuild of notifications summarizes).
 */
export function plainText(html: string): string {
  return LOOKS_LIKE_HTML.test(html) ? storedPlainText(sanitizeRichText(html)) : collapse(html);
}

/**
 * The `stored*` readers take rich text in its stored form, sanitizeRichText's output (what posts,
 * comments and messages keep, and what authoring has just made): they read it as it is, where
 * sanitizing it again was most of their cost. Anything else goes through the others.
 */
export function storedPlainText(clean: string): string {
  return collapse(read(clean, { mentionText: true }).text);
}

/** The plain text, cut at a word boundary with "…" (counted in max) when longer than max. */
export function summary(html: string, max = 140): string {
  return cut(plainText(html), max);
}

/** `summary` of rich text in its stored form. */
export function storedSummary(clean: string, max = 140): string {
  return cut(storedPlainText(clean), max);
}

function cut(text: string, max: number): string {
  // No more code units than max, so no more characters: most summaries, whole.
  if (text.length <= max) return text;
  const chars = Array.from(text);
  if (chars.length <= max) return chars.join('');
  if (max < 1) return '';
  const room = max - 1;
  const lastSpace = chars.lastIndexOf(' ', room);
  // Searching from `room` itself: a space right there means the word before it fits whole. One
  // word longer than max is cut where it must be.
  const at = lastSpace > 0 ? lastSpace : room;
  const head = chars
    .slice(0, at)
    .join('')
    .replace(/[\s,;:.!?\-–—]+$/, '');
  return `${head}…`;
}

/** The distinct slugs of people mentioned, by `@slug` in the text or a mention span, in order. */
export function mentionedSlugs(html: string): string[] {
  return storedMentionedSlugs(sanitizeRichText(html));
}

/** `mentionedSlugs` of rich text in its stored form. */
export function storedMentionedSlugs(clean: string): string[] {
  // Text inside a mention span is the person's display name, not more mentions.
  const { text, mentions } = read(clean, { mentionText: false });
  const found = [...mentions];
  for (const match of text.matchAll(MENTION_TOKEN)) found.push({ at: match.index, slug: match[1]! });
  found.sort((a, b) => a.at - b.at);
  return [...new Set(found.map((mention) => mention.slug))];
}

/** True when there is nothing to publish: no text and no mention. */
export function isBlank(html: string): boolean {
  return storedIsBlank(sanitizeRichText(html));
}

/** `isBlank` of rich text in its stored form. */
export function storedIsBlank(clean: string): boolean {
  return storedPlainText(clean) === '' && !clean.includes('<span data-mention=');
}
