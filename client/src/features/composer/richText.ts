/**
 * The composer writes plain paragraphs; posts store rich text (HTML the server sanitises
 * against its allow-list). A blank line starts a paragraph, a single line break stays a <br>.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => ESCAPES[character]!);
}

export function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n{2,}/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

const BLOCKS = new Set(['P', 'DIV', 'LI', 'BLOCKQUOTE', 'H2', 'H3', 'H4', 'PRE']);

/** The text of stored rich text, paragraphs apart by a blank line: what the composer edits. */
export function htmlToText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const paragraphs: string[] = [];
  let current = '';
  const walk = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) current += child.textContent ?? '';
      else if (child.nodeName === 'BR') current += '\n';
      else if (BLOCKS.has(child.nodeName)) {
        if (current.trim()) paragraphs.push(current.trim());
        current = '';
        walk(child);
        if (current.trim()) paragraphs.push(current.trim());
        current = '';
      } else walk(child);
    }
  };
  walk(body);
  if (current.trim()) paragraphs.push(current.trim());
  return paragraphs.join('\n\n');
}
