import type { RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Path parameters that are secrets (a recovery code, a link's hash): never logged. */
    secretParams?: readonly string[];
    /** Path parameters that look like they could be secrets but are not. */
    publicParams?: readonly string[];
  }
}

export const REDACTED = '[redacted]';

/** Query parameters whose values are secrets on any URL. */
const SECRET_QUERY_KEYS = /^(code|token|hash|secret|signature|password|key|access_token)$/i;

/** Path parameters that name things, and so can never be secrets. */
const NAMING_PARAM = /^(id|slug|user|type)$|Id$/;

/**
 * The client's links that carry a secret, as mails send them. They reach the server as page
 * loads of the app shell, whose route (`/app/*`) cannot say which of its segments are secret.
 */
const SECRET_LINKS: ReadonlyArray<[path: string, secretParams: readonly string[]]> = [
  ['/app/password/recovery/:id/:code', ['code']],
  ['/app/async/answer/:type/:hash', ['hash']],
  ['/app/pub/async/answer/:type/:hash', ['hash']],
  ['/app/newsrooms/confirm/:hash', ['hash']],
];

type Pattern = { segments: readonly string[]; secretAt: ReadonlySet<number> };

/** Replaces the values of secret query parameters by `[redacted]`. */
export function redactQuery(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const key = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && SECRET_QUERY_KEYS.test(safeDecode(key)) ? `${key}=${REDACTED}` : pair;
    });
  return `${url.slice(0, mark)}?${query.join('&')}`;
}

/**
 * The paths whose segments hold secrets. Routes declare theirs next to their schema
 * (`config.secretParams`); a route with a parameter that does not name a thing and is not
 * declared either way is refused when it is registered, so no new route can forget.
 */
export class SecretUrls {
  private readonly patterns: Pattern[] = [];

  constructor() {
    for (const [path, secretParams] of SECRET_LINKS) this.declare(path, secretParams);
  }

  /** The onRoute hook: checks the route's declaration and remembers its secret segments. */
  readonly onRoute = (route: RouteOptions): void => {
    const params = route.url.split('/').flatMap((segment) => (segment.startsWith(':') ? [segment.slice(1)] : []));
    const { secretParams = [], publicParams = [] } = route.config ?? {};
    const undeclared = params.filter((name) => !NAMING_PARAM.test(name) && !secretParams.includes(name) && !publicParams.includes(name));
    if (undeclared.length > 0) {
      throw new Error(`${String(route.method)} ${route.url}: say whether ${undeclared.join(', ')} is secret (config.secretParams) or not (config.publicParams)`);
    }
    if (secretParams.length > 0) this.declare(route.url, secretParams);
  };

  /** The URL with every secret path segment and query value replaced by `[redacted]`. */
  redact(url: string): string {
    const mark = url.indexOf('?');
    const path = mark < 0 ? url : url.slice(0, mark);
    const segments = path.split('/');
    for (const pattern of this.patterns) {
      if (!matches(pattern, segments)) continue;
      // Segments past the pattern's end are kept from the log too: a code with a slash stays whole nowhere.
      const redacted = segments.map((segment, index) => (pattern.secretAt.has(index) || index >= pattern.segments.length ? REDACTED : segment));
      return redactQuery(redacted.join('/') + (mark < 0 ? '' : url.slice(mark)));
    }
    return redactQuery(url);
  }

  private declare(path: string, secretParams: readonly string[]): void {
    const segments = path.split('/');
    const secretAt = new Set(segments.flatMap((segment, index) => (secretParams.includes(segment.slice(1)) && segment.startsWith(':') ? [index] : [])));
    this.patterns.push({ segments, secretAt });
  }
}

/** The URL's static segments are the pattern's, up to the last secret one. */
function matches(pattern: Pattern, segments: readonly string[]): boolean {
  const lastSecret = Math.max(...pattern.secretAt);
  if (segments.length <= lastSecret) return false;
  return pattern.segments.every((expected, index) => index >= segments.length || expected.startsWith(':') || expected === segments[index]);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
