import type { WireEntry } from './api.ts';

/**
 * What makes two addresses the same page, for commentary to find the news item it answers: the
 * host (any case), the path without a trailing slash, and the query without tracking parameters
 * (utm_*). The scheme and the fragment never matter: people paste http links to https pages, and
 * a fragment is a place on the page. Null for anything that is not an http(s) address.
 */
export function linkKey(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  for (const name of [...url.searchParams.keys()]) if (name.toLowerCase().startsWith('utm_')) url.searchParams.delete(name);
  const query = url.searchParams.toString();
  return `//${url.host}${url.pathname.replace(/\/+$/, '')}${query ? `?${query}` : ''}`;
}

/** Where an article is read in the app: it has no page of its own, so the newswire, named by its id. */
export const articlePath = (id: number) => `/app/newswire?article=${id}`;

/** The address a reaction or statement gives to answer a wire entry, on the app at `origin`. */
export const answerAddress = (entry: Pick<WireEntry, 'source' | 'id' | 'link'>, origin: string): string =>
  new URL(entry.source === 'article' ? articlePath(entry.id) : (entry.link ?? ''), origin).href;
