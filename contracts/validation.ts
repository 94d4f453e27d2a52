import { z } from 'zod';

/**
 * Spec section 5's field rules, shared by server and client. Each schema trims, so what a
 * person pastes with stray spaces is judged (and stored) without them.
 */

const MAX_URL_PATH = 2048;

// A scheme is letters then ':', but 'localhost:3000' and 'example.com:8080/a' are a host
// and port; without the lookahead they would keep 'localhost:' as their scheme.
const SCHEME = /^[a-z][a-z\d+.-]*:(?!\d+(?:[/?#]|$))/i;

// Checked on the text as well as the parsed URL: the parser also takes 'http:example.com'
// and 'https:////example.com', which nobody means.
const WEB_URL_START = /^https?:\/\/[^/]/i;

// Labels must be non-empty, so 'example.' and 'a..b' are refused.
const DOTTED_HOST = /^[^.]+(?:\.[^.]+)+$/;

/** The input with https:// in front when it has no scheme of its own. */
function withScheme(value: string): string {
  return SCHEME.test(value) ? value : `https://${value}`;
}

/** The parsed URL when `url` is a web address the spec accepts, otherwise null. */
function parseWebUrl(url: string): URL | null {
  if (!WEB_URL_START.test(url) || !URL.canParse(url)) return null;
  const parsed = new URL(url);
  const hostOk = parsed.hostname === 'localhost' || DOTTED_HOST.test(parsed.hostname);
  return hostOk && parsed.pathname.length <= MAX_URL_PATH ? parsed : null;
}

function normaliseUrl(value: string, ctx: z.RefinementCtx, message: string): string {
  const url = withScheme(value);
  if (parseWebUrl(url)) return url;
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

// Section 5 has 'Url is not valid' and '{label or URL} is not a valid', the second cut
// short; a label reads as '<label> is not a valid url'.
const urlMessage = (label?: string) => (label ? `${label} is not a valid url` : 'Url is not valid');

/** A required URL; the output always has a scheme. Empty text is refused. */
export function urlField(label?: string) {
  const message = urlMessage(label);
  return z
    .string()
    .trim()
    .transform((value, ctx): string => normaliseUrl(value, ctx, message));
}

/** A URL a form may leave blank: '' and null both come out as null. */
export function optionalUrlField(label?: string) {
  const message = urlMessage(label);
  return z
    .string()
    .trim()
    .nullable()
    .transform((value, ctx): string | null => (value === null || value === '' ? null : normaliseUrl(value, ctx, message)));
}

/** Optional plus, then digits, spaces, hyphens and parentheses, ending in a digit; '' allowed. */
export const phoneField = z
  .string()
  .trim()
  .regex(/^(?:\+?[\d ()-]*\d)?$/, { message: 'Phone is not valid' });

type SocialRule = { message: string; accepts: (url: URL) => boolean };

const SOCIAL_RULES = {
  twitter: {
    message: 'This is not a Twitter url',
    accepts: (url) =>
      /^(?:(?:www|mobile)\.)?(?:twitter|x)\.com$/.test(url.hostname) && /^\/\w{1,15}(?:\/|$)/.test(url.pathname),
  },
  facebook: {
    message: 'This is not a Facebook url',
    accepts: (url) => /^(?:(?:www|m|mobile|web)\.)?(?:facebook|fb)\.com$/.test(url.hostname) && /^\/[^/]/.test(url.pathname),
  },
  linkedIn: {
    message: 'This is not a LinkedIn url',
    // Country sites such as au.linkedin.com serve the same profiles as www.
    accepts: (url) => /^(?:(?:www|[a-z]{2})\.)?linkedin\.com$/.test(url.hostname) && /^\/[^/]/.test(url.pathname),
  },
  instagram: {
    // 'a Instagram' is the spec's wording, kept so both sides show the same text.
    message: 'This is not a Instagram url',
    accepts: (url) => /^(?:www\.)?instagram\.com$/.test(url.hostname) && /^\/[\w.]{1,30}(?:\/|$)/.test(url.pathname),
  },
  youtube: {
    message: 'This is not a Youtube url',
    accepts: (url) => {
      if (url.hostname === 'youtu.be') return /^\/[\w-]+\/?$/.test(url.pathname);
      if (!/^(?:(?:www|m)\.)?youtube\.com$/.test(url.hostname)) return false;
      if (url.pathname === '/watch') return url.searchParams.has('v');
      return /^\/(?:@[\w.-]{1,30}|(?:channel|c|user)\/[^/]+)(?:\/|$)/.test(url.pathname);
    },
  },
} satisfies Record<string, SocialRule>;

/** The spec's social link types. */
export type SocialNetwork = keyof typeof SOCIAL_RULES;

/** A profile link on one network, with or without a scheme; the output has one. */
export function socialUrlField(network: SocialNetwork) {
  const { message, accepts }: SocialRule = SOCIAL_RULES[network];
  return z
    .string()
    .trim()
    .transform((value, ctx): string => {
      const url = withScheme(value);
      const parsed = parseWebUrl(url);
      if (parsed && accepts(parsed)) return url;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });
}

// Newer engines also take UTC offsets such as '+10:00', which are not IANA names, and the
// browser's engine may be newer than the server's.
const IANA_NAME = /^[A-Za-z][\w+/-]*$/;

function isTimeZone(value: string): boolean {
  if (!IANA_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * An IANA time zone name. It is kept as given, not canonicalised: ICU would turn
 * 'Asia/Kolkata' into 'Asia/Calcutta'.
 */
export const timezoneField = z.string().trim().refine(isTimeZone, { message: 'Timezone is not valid' });

/**
 * A numeric id in a path (spec section 5: route ids are digits). No sign, no space, no
 * exponent, and no larger than an id can be: anything else names nothing, so the server
 * answers 404 for it as for an unknown id.
 */
export const idParam = z
  .string()
  .regex(/^\d{1,16}$/)
  .transform(Number)
  .refine((id) => id > 0 && Number.isSafeInteger(id));

/** The params of a route addressed by one numeric id. */
export const idParams = z.object({ id: idParam });
