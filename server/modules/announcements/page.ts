import type { AnnouncementView } from '../../../contracts/announcements/api.ts';
import { escapeHtml } from '../newsrooms/index.ts';

const DESCRIPTION_LENGTH = 200;

const BARE_SHELL = '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="viewport" content="width=device-width, initial-scale=1" />\n    <title>Pressroom</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

const absolute = (publicUrl: string, path: string) => (/^https?:\/\//i.test(path) ? path : `${publicUrl}${path.startsWith('/') ? '' : '/'}${path}`);

function descriptionOf(announcement: AnnouncementView): string {
  const text = (announcement.subtitle || announcement.summary).replace(/\s+/g, ' ').trim();
  if (text.length <= DESCRIPTION_LENGTH) return text;
  const cut = text.slice(0, DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/** The head of a public announcement: title, description, canonical address, Open Graph (an article) and Twitter card tags. */
export function headOf(announcement: AnnouncementView, publicUrl: string): string {
  const url = absolute(publicUrl, announcement.url);
  const title = announcement.headline;
  const description = descriptionOf(announcement);
  const image = announcement.headerImage ? absolute(publicUrl, announcement.headerImage) : null;
  const meta = (key: 'name' | 'property', name: string, content: string) => `<meta ${key}="${name}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(`${title} | ${announcement.newsroom.name}`)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'article'),
    meta('property', 'og:site_name', announcement.newsroom.name),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('property', 'og:locale', announcement.language.replace('-', '_')),
    ...(announcement.publicAt ? [meta('property', 'article:published_time', announcement.publicAt)] : []),
    meta('property', 'article:modified_time', announcement.updatedAt),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
  ].join('\n    ');
}

/** The announcement for readers without script (search engines, previews); the app draws over it. Its body is the stored, sanitised rich text. */
export function bodyOf(announcement: AnnouncementView): string {
  const date = announcement.publicAt ?? announcement.publishedAt;
  const gallery = announcement.gallery.length
    ? `<section><h2>Images</h2>${announcement.gallery.map((image) => `<figure><img src="${escapeHtml(image.path)}" alt="${escapeHtml(image.caption)}" /><figcaption>${escapeHtml(image.caption)}${image.credit ? ` (${escapeHtml(image.credit)})` : ''}${image.usageRights ? `. ${escapeHtml(image.usageRights)}` : ''}</figcaption></figure>`).join('')}</section>`
    : '';
  return [
    '<main class="announcement-prerender"><article>',
    `<p><a href="/app/newsrooms/${escapeHtml(announcement.newsroom.slug)}">${escapeHtml(announcement.newsroom.name)}</a></p>`,
    `<h1>${escapeHtml(announcement.headline)}</h1>`,
    announcement.subtitle ? `<p class="subtitle">${escapeHtml(announcement.subtitle)}</p>` : '',
    date ? `<time datetime="${date}">${date.slice(0, 10)}</time>` : '',
    // Seen before the public may read it (a preview): the embargo says when they may.
    announcement.embargoUntil && !announcement.publicAt ? `<p class="embargo" role="note">Embargoed until ${escapeHtml(announcement.embargoUntil.replace('T', ' ').slice(0, 16))} UTC</p>` : '',
    announcement.headerImage ? `<img src="${escapeHtml(announcement.headerImage)}" alt="" />` : '',
    `<div class="body">${announcement.body}</div>`,
    gallery,
    '</article></main>',
  ].join('');
}

/** The app's shell with the announcement in it, as the newsroom page is written (newsrooms/page.ts). */
export function renderPage(shell: string | null, announcement: AnnouncementView, publicUrl: string): string {
  return (shell ?? BARE_SHELL)
    .replace(/<html([^>]*)\blang="[^"]*"/i, `<html$1lang="${escapeHtml(announcement.language)}"`)
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
    .replace(/<\/head>/i, () => `  ${headOf(announcement, publicUrl)}\n  </head>`)
    .replace(/<div id="root"><\/div>/i, () => `<div id="root">${bodyOf(announcement)}</div>`);
}

/** The shell as it is, but never indexed: a preview link's page, whose content the app asks the API for. */
export const noIndex = (shell: string | null) => (shell ?? BARE_SHELL).replace(/<\/head>/i, '  <meta name="robots" content="noindex, nofollow" />\n  </head>');
