import { escapeHtml } from '../../newsrooms/index.ts';

/**
 * The small pages an email's links open (confirm a subscription, unsubscribe): plain HTML of the
 * server's own, readable in any browser, with a button where a click must not act by itself
 * (mail scanners follow links; only a person presses a button).
 */
export function messagePage(title: string, message: string, action?: { url: string; label: string }): string {
  const form = action ? `<form method="post" action="${escapeHtml(action.url)}"><button type="submit">${escapeHtml(action.label)}</button></form>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><meta name="robots" content="noindex" />
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;color:#1f2933;max-width:32rem;margin:4rem auto;padding:0 1rem}button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:0;background:#0f766e;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #1f2933;outline-offset:2px}</style>
</head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${form}</main></body></html>`;
}
