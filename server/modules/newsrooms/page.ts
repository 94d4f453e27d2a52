import { Feed } from 'feed';

/** An announcement as a newsroom's page and feed list it (announcements are written in their own module). */
export type Headline = { id: number; title: string; summary: string; url: string; publishedAt: Date };

/** What the public page and feed show of a newsroom. */
export type PublicNewsroom = {
  slug: string;
  name: string;
  companyName: string;
  about: string;
  logo: string | null;
  brandColour: string | null;
  languages: string[];
  links: Record<string, string>;
  pressContacts: { name: string; slug: string }[];
  updatedAt: Date;
};

const DESCRIPTION_LENGTH = 200;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

const absolute = (publicUrl: string, path: string) => (/^https?:\/\//i.test(path) ? path : `${publicUrl}${path.startsWith('/') ? '' : '/'}${path}`);

/** "Harbour newsroom", or the name alone when it says so already. */
export const titleOf = (name: string) => (/\bnewsroom$/i.test(name.trim()) ? name.trim() : `${name} newsroom`);

export const pageUrl = (publicUrl: string, slug: string) => `${publicUrl}/app/newsrooms/${slug}`;

/** The first sentences of the boilerplate, cut at a word, as link previews show a description. */
export function descriptionOf(newsroom: Pick<PublicNewsroom, 'about' | 'name' | 'companyName'>): string {
  const text = newsroom.about.replace(/\s+/g, ' ').trim();
  if (!text) return `Press releases, media contacts and news from ${newsroom.companyName}.`;
  if (text.length <= DESCRIPTION_LENGTH) return text;
  const cut = text.slice(0, DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/** The head of the page: title, description, Open Graph and Twitter card tags, its feeds. */
export function headOf(newsroom: PublicNewsroom, publicUrl: string): string {
  const title = titleOf(newsroom.name);
  const description = descriptionOf(newsroom);
  const url = pageUrl(publicUrl, newsroom.slug);
  const image = newsroom.logo ? absolute(publicUrl, newsroom.logo) : null;
  const twitter = newsroom.links.twitter ? /^\/(\w{1,15})/.exec(new URL(newsroom.links.twitter).pathname)?.[1] : undefined;
  const meta = (key: 'name' | 'property', name: string, content: string) => `<meta ${key}="${name}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(newsroom.name)} (RSS)" href="${escapeHtml(`${publicUrl}/newsrooms/${newsroom.slug}/rss.xml`)}" />`,
    `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(newsroom.name)} (Atom)" href="${escapeHtml(`${publicUrl}/newsrooms/${newsroom.slug}/atom.xml`)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Pressroom'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...(image ? [meta('property', 'og:image', image)] : []),
    ...(newsroom.languages[0] ? [meta('property', 'og:locale', newsroom.languages[0].replace('-', '_'))] : []),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    ...(twitter ? [meta('name', 'twitter:site', `@${twitter}`)] : []),
    ...(newsroom.brandColour ? [meta('name', 'theme-color', newsroom.brandColour)] : []),
  ].join('\n    ');
}

/** The page's content for readers without script (search engines, previews); the app draws over it. */
export function bodyOf(newsroom: PublicNewsroom, headlines: readonly Headline[]): string {
  const paragraphs = newsroom.about.split(/\n\s*\n/).map((text) => text.trim()).filter(Boolean);
  const announcements = headlines.length
    ? `<ul>${headlines.map((headline) => `<li><article><h3><a href="${escapeHtml(headline.url)}">${escapeHtml(headline.title)}</a></h3><time datetime="${headline.publishedAt.toISOString()}">${headline.publishedAt.toISOString().slice(0, 10)}</time><p>${escapeHtml(headline.summary)}</p></article></li>`).join('')}</ul>`
    : '<p>No announcements yet.</p>';
  const contacts = newsroom.pressContacts.length
    ? `<section><h2>Press contacts</h2><ul>${newsroom.pressContacts.map((person) => `<li><a href="/app/u/${escapeHtml(person.slug)}">${escapeHtml(person.name)}</a></li>`).join('')}</ul></section>`
    : '';
  const links = Object.entries(newsroom.links);
  return [
    '<main class="newsroom-prerender">',
    `<header>${newsroom.logo ? `<img src="${escapeHtml(newsroom.logo)}" alt="${escapeHtml(newsroom.name)} logo" />` : ''}<h1>${escapeHtml(newsroom.name)}</h1><p>${escapeHtml(newsroom.companyName)}</p></header>`,
    `<section><h2>Announcements</h2>${announcements}</section>`,
    paragraphs.length ? `<section><h2>About ${escapeHtml(newsroom.companyName)}</h2>${paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('')}</section>` : '',
    contacts,
    links.length ? `<nav aria-label="Links"><ul>${links.map(([kind, url]) => `<li><a href="${escapeHtml(url)}" rel="noopener">${escapeHtml(kind)}</a></li>`).join('')}</ul></nav>` : '',
    '</main>',
  ].join('');
}

/** A document of our own, for a server without a built client (an API-only process, tests). */
const BARE_SHELL = '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="viewport" content="width=device-width, initial-scale=1" />\n    <title>Pressroom</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

/**
 * The app's shell with the newsroom in it: the shell's own title and description give way to
 * the newsroom's, and its content goes inside the root the app renders into.
 */
export function renderPage(shell: string | null, newsroom: PublicNewsroom, headlines: readonly Headline[], publicUrl: string): string {
  const html = shell ?? BARE_SHELL;
  const lang = newsroom.languages[0] ?? 'en';
  return html
    .replace(/<html([^>]*)\blang="[^"]*"/i, `<html$1lang="${escapeHtml(lang)}"`)
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
    .replace(/<\/head>/i, `  ${headOf(newsroom, publicUrl)}\n  </head>`)
    .replace(/<div id="root"><\/div>/i, `<div id="root">${bodyOf(newsroom, headlines)}</div>`);
}

/** The newsroom's announcements as a feed (RSS 2.0 or Atom 1.0), newest first. */
export function feedOf(newsroom: PublicNewsroom, headlines: readonly Headline[], publicUrl: string, format: 'rss' | 'atom'): string {
  const url = pageUrl(publicUrl, newsroom.slug);
  const updated = headlines.reduce((latest, headline) => (headline.publishedAt > latest ? headline.publishedAt : latest), newsroom.updatedAt);
  const feed = new Feed({
    title: titleOf(newsroom.name),
    description: descriptionOf(newsroom),
    id: url,
    link: url,
    language: newsroom.languages[0] ?? 'en',
    ...(newsroom.logo ? { image: absolute(publicUrl, newsroom.logo) } : {}),
    copyright: `© ${newsroom.companyName}`,
    updated,
    generator: 'Pressroom',
    feedLinks: { rss: `${publicUrl}/newsrooms/${newsroom.slug}/rss.xml`, atom: `${publicUrl}/newsrooms/${newsroom.slug}/atom.xml` },
    author: { name: newsroom.companyName, link: url },
  });
  for (const headline of [...headlines].sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime())) {
    feed.addItem({ title: headline.title, id: headline.url, link: headline.url, description: headline.summary, date: headline.publishedAt });
  }
  return format === 'rss' ? feed.rss2() : feed.atom1();
}
