import { ApiError, errorBodyFrom, type ApiErrorBody } from './ApiError.ts';
import { isCancellation, runErrorCatalogue } from './catalogue.ts';

export type RequestOptions = {
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** The caller shows the error itself: no toast (a 401 still ends the session). */
  quiet?: boolean;
};

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

function urlOf(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.append(name, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  return (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
}

// Error bodies come from our server ({errors} or {detail}) or from a proxy in front of it (HTML, nothing).
async function errorBodyOf(response: Response): Promise<ApiErrorBody> {
  return errorBodyFrom(await bodyOf(response).catch(() => undefined));
}

async function send(method: Method, path: string, body: unknown, options: RequestOptions = {}): Promise<{ response: Response; body: unknown }> {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (options.signal) init.signal = options.signal;
  if (body instanceof FormData) {
    // The browser writes the multipart boundary into Content-Type itself.
    init.body = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  try {
    const response = await fetch(urlOf(path, options.query), init);
    if (!response.ok) throw new ApiError(response.status, await errorBodyOf(response));
    return { response, body: await bodyOf(response) };
  } catch (error) {
    if (isCancellation(error, options.signal)) {
      console.info(`${method} ${path} cancelled`);
      throw error;
    }
    const failure = error instanceof ApiError ? error : new ApiError(0, {}, { cause: error });
    runErrorCatalogue(failure, options.quiet === true);
    throw failure;
  }
}

function withBody(method: Method) {
  return async <T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T> =>
    (await send(method, path, body, options)).body as T;
}

/** The one way the client talks to the server: same origin, JSON or multipart, the error catalogue of spec section 8. */
export const api = {
  get: async <T = unknown>(path: string, options?: RequestOptions): Promise<T> => (await send('GET', path, undefined, options)).body as T,
  post: withBody('POST'),
  patch: withBody('PATCH'),
  put: withBody('PUT'),
  delete: withBody('DELETE'),
  /** A create answers 201 with the new id in the `object-id` header (spec section 7). */
  create: async (path: string, body?: unknown, options?: RequestOptions): Promise<{ id: number; body: unknown }> => {
    const result = await send('POST', path, body, options);
    const id = Number(result.response.headers.get('object-id'));
    if (!Number.isInteger(id) || id <= 0) {
      const failure = new ApiError(0, { detail: `${path} answered without an object-id` });
      runErrorCatalogue(failure, options?.quiet === true);
      throw failure;
    }
    return { id, body: result.body };
  },
};
