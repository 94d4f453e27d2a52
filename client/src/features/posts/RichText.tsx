import DOMPurify from 'dompurify';
import { useMemo } from 'react';

// The server sanitised it against its allow-list already; this second pass keeps a bug or an
// old row there from ever reaching the page as script.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

const CONFIG = { ALLOWED_ATTR: ['href', 'rel', 'target', 'data-mention'], FORBID_TAGS: ['style', 'form', 'input', 'button', 'img', 'video', 'iframe'] };

export function sanitize(html: string): string {
  return DOMPurify.sanitize(html, CONFIG);
}

type RichTextProps = { html: string; className?: string; clamp?: boolean };

/** Post and comment text as the server stored it (rich text), made safe again before it is shown. */
export function RichText({ html, className, clamp = false }: RichTextProps) {
  const clean = useMemo(() => sanitize(html), [html]);
  return <div className={['rich-text', clamp && 'rich-text--clamped', className].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: clean }} />;
}
