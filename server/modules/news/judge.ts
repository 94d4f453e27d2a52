import net from 'node:net';
import {
  ARTICLE_IMAGE_URL,
  ARTICLE_TEXT_REQUIRED,
  ARTICLE_TITLE_REQUIRED,
  BAD_COUNTRY,
  FEED_NAME_REQUIRED,
  FEED_OUTLET_REQUIRED,
  FEED_URL_PRIVATE,
  FEED_URL_SCHEME,
  INVALID_TYPE,
  INVALID_URL,
  UNKNOWN_BEAT,
  type CreateArticleBody,
  type RegisterFeedBody,
} from '../../../contracts/news/api.ts';
import { articleKind } from '../../../contracts/news/events.ts';
import { BEATS } from '../../../contracts/users/enums.ts';
import { ValidationFailed } from '../../errors.ts';
import { sanitizeRichText, summary as summaryOf } from '../content/rich-text.ts';
import type { ArticleFields, FeedFields } from './commands.ts';
import { isPublicAddress } from './fetch-guard.ts';

const BEAT_NAMES = new Set<string>(BEATS.map((beat) => beat.name));
const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** A feed address as the server will fetch it (https:// when it names no scheme); its name is judged again at every fetch. */
function feedUrl(raw: string, mayReachPrivate: (url: URL) => boolean): string {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`);
  } catch {
    throw new ValidationFailed([INVALID_URL]);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ValidationFailed([FEED_URL_SCHEME]);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  const local = literal === 'localhost' || literal.endsWith('.localhost') || (net.isIP(literal) !== 0 && !isPublicAddress(literal));
  if (local && !mayReachPrivate(url)) throw new ValidationFailed([FEED_URL_PRIVATE]);
  return url.href;
}

/** A feed's fields by the rules: every problem at once, in words. */
export function judgeFeed(body: RegisterFeedBody, mayReachPrivate: (url: URL) => boolean): FeedFields {
  const problems: string[] = [];
  const name = body.name?.trim() ?? '';
  const outlet = body.outlet?.trim() ?? '';
  if (name === '') problems.push(FEED_NAME_REQUIRED);
  if (outlet === '') problems.push(FEED_OUTLET_REQUIRED);
  let url = '';
  const raw = body.url?.trim() ?? '';
  if (raw === '') problems.push(INVALID_URL);
  else {
    try {
      url = feedUrl(raw, mayReachPrivate);
    } catch (error) {
      problems.push(...(error as ValidationFailed).errors);
    }
  }
  const beats = [...new Set(body.beats ?? [])];
  if (beats.some((beat) => !BEAT_NAMES.has(beat))) problems.push(UNKNOWN_BEAT);
  const code = body.country?.trim().toUpperCase() || null;
  if (code !== null && (!/^[A-Z]{2}$/.test(code) || regions.of(code) === undefined)) problems.push(BAD_COUNTRY);
  if (problems.length > 0) throw new ValidationFailed(problems);
  return { name, url, outlet, beats, country: code };
}

/** An image is an upload of this app (`/uploads/...`) or an http(s) address. */
function imageUrl(raw: string | null | undefined): string | null {
  const value = raw?.trim() ?? '';
  if (value === '') return null;
  if (/^\/uploads\/[\w./-]+$/.test(value) && !value.includes('..')) return value;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // Judged below, with the other problems.
  }
  throw new ValidationFailed([ARTICLE_IMAGE_URL]);
}

/** An article's fields by the rules; an unknown kind is the spec's 'Invalid type'. The video is checked by the caller. */
export function judgeArticle(body: CreateArticleBody): ArticleFields {
  const kind = articleKind.safeParse(body.kind);
  if (!kind.success) throw new ValidationFailed([INVALID_TYPE]);
  const problems: string[] = [];
  const title = body.title?.trim() ?? '';
  if (title === '') problems.push(ARTICLE_TITLE_REQUIRED);
  const content = sanitizeRichText(body.content ?? '');
  const given = body.summary?.trim() ?? '';
  const summary = given || summaryOf(content, 300);
  if (summary === '') problems.push(ARTICLE_TEXT_REQUIRED);
  let image: string | null = null;
  try {
    image = imageUrl(body.imageUrl);
  } catch (error) {
    problems.push(...(error as ValidationFailed).errors);
  }
  if (problems.length > 0) throw new ValidationFailed(problems);
  return { kind: kind.data, title, summary, content, imageUrl: image, videoId: body.videoId ?? null };
}
