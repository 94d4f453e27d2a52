import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, configureApi, type ApiHooks } from './index.ts';

type Recorded = { url: string; init: RequestInit };

let requests: Recorded[];
let hooks: { notify: ReturnType<typeof vi.fn<ApiHooks['notify']>>; onUnauthorized: ReturnType<typeof vi.fn<ApiHooks['onUnauthorized']>>; report: ReturnType<typeof vi.fn<ApiHooks['report']>> };

function answer(respond: (request: Recorded) => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const request = { url, init };
      requests.push(request);
      return respond(request);
    }),
  );
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('the request should have failed'),
    (error: unknown) => error,
  );
}

beforeEach(() => {
  requests = [];
  hooks = { notify: vi.fn(), onUnauthorized: vi.fn(), report: vi.fn() };
  configureApi(hooks);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('api requests', () => {
  it('sends X-Requested-With, credentials and the query to the same origin, and answers the JSON body', async () => {
    answer(() => json(200, { id: 7, title: 'Budget leak' }));
    const post = await api.get<{ id: number; title: string }>('/api/v1/callouts/7', { query: { all: true, page: 2, skip: undefined } });
    expect(post).toEqual({ id: 7, title: 'Budget leak' });
    const [request] = requests;
    expect(request?.url).toBe('/api/v1/callouts/7?all=true&page=2');
    expect(request?.init).toMatchObject({ method: 'GET', credentials: 'same-origin' });
    expect(request?.init.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest' });
  });

  it('sends a JSON body, and FormData as it is (multipart)', async () => {
    answer(() => new Response(null, { status: 204 }));
    await expect(api.patch('/api/v1/comments/3', { text: 'Fixed' })).resolves.toBeUndefined();
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.png');
    await api.post('/api/v1/uploads', form);
    expect(requests[0]?.init).toMatchObject({ method: 'PATCH', body: '{"text":"Fixed"}', headers: { 'Content-Type': 'application/json' } });
    expect(requests[1]?.init.body).toBe(form);
    expect(requests[1]?.init.headers).not.toHaveProperty('Content-Type');
  });

  it('reads the new id of a create from the object-id header', async () => {
    answer(() => json(201, { id: 41, kind: 'callout' }, { 'object-id': '41' }));
    await expect(api.create('/api/v1/callouts', { title: 'Sources wanted' })).resolves.toEqual({ id: 41, body: { id: 41, kind: 'callout' } });
    expect(requests[0]?.init.method).toBe('POST');
  });

  it('refuses a create answered without an object-id, as an error of the server', async () => {
    answer(() => json(201, { id: 41 }));
    const error = await failure(api.create('/api/v1/callouts', {}));
    expect(error).toMatchObject({ status: 0, detail: '/api/v1/callouts answered without an object-id' });
    expect(hooks.notify).toHaveBeenCalledExactlyOnceWith({ type: 'error', lines: ['Something went wrong. We are already working to solve it.'] });
  });
});

describe('the error catalogue (spec section 8)', () => {
  it('cancelled request: logged only, rejects with the AbortError', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    answer(({ init }) => new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))));
    const controller = new AbortController();
    const pending = failure(api.get('/api/v1/posts', { signal: controller.signal }));
    controller.abort();
    const error = await pending;
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(info).toHaveBeenCalledWith('GET /api/v1/posts cancelled');
    expect(hooks.notify).not.toHaveBeenCalled();
    expect(hooks.onUnauthorized).not.toHaveBeenCalled();
    expect(hooks.report).not.toHaveBeenCalled();
  });

  it('401: ends the session (redirect to sign in), no toast', async () => {
    answer(() => json(401, { detail: 'Sign in first' }));
    const error = await failure(api.get('/api/v1/current_user/info'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, detail: 'Sign in first' });
    expect(hooks.onUnauthorized).toHaveBeenCalledExactlyOnceWith(error);
    expect(hooks.notify).not.toHaveBeenCalled();
  });

  it("403: toast 'Sorry, you are not permitted to view this page.' and the session ends", async () => {
    answer(() => json(403, { detail: 'Only admins may do this' }));
    const error = await failure(api.get('/api/v1/admin/users'));
    expect(error).toMatchObject({ status: 403 });
    expect(hooks.notify).toHaveBeenCalledExactlyOnceWith({ type: 'error', lines: ['Sorry, you are not permitted to view this page.'] });
    expect(hooks.onUnauthorized).toHaveBeenCalledOnce();
  });

  it('other 4xx: toast the errors as a line list', async () => {
    answer(() => json(400, { errors: ['Title is required', 'Url is not valid'], fields: { title: ['Title is required'], link: ['Url is not valid'] } }));
    const error = await failure(api.post('/api/v1/callouts', {}));
    expect(error).toMatchObject({ status: 400, errors: ['Title is required', 'Url is not valid'], fields: { title: ['Title is required'], link: ['Url is not valid'] } });
    expect(hooks.notify).toHaveBeenCalledExactlyOnceWith({ type: 'error', lines: ['Title is required', 'Url is not valid'] });
    expect(hooks.onUnauthorized).not.toHaveBeenCalled();
    expect(hooks.report).not.toHaveBeenCalled();
  });

  it('other 4xx: toast the detail when there are no errors', async () => {
    answer(() => json(409, { detail: 'Someone else changed this post. Reload it and try again.' }));
    await failure(api.patch('/api/v1/jobs/5', { title: 'x' }));
    expect(hooks.notify).toHaveBeenCalledExactlyOnceWith({ type: 'error', lines: ['Someone else changed this post. Reload it and try again.'] });
  });

  it('other 4xx without errors or detail: the two default sentences', async () => {
    answer(() => new Response('<html>Not found</html>', { status: 404, headers: { 'content-type': 'text/html' } }));
    const error = await failure(api.get('/api/v1/nowhere'));
    expect(error).toMatchObject({ status: 404, errors: [] });
    expect(hooks.notify).toHaveBeenCalledExactlyOnceWith({
      type: 'error',
      lines: ['Something went wrong. We are already working to solve it.', 'Please refresh the page and try again.'],
    });
  });

  it('5xx: the default sentence, and the error is reported', async () => {
    answer(() => json(500, { detail: 'Something went wrong. We are already working to solve it.' }));
    const error = await failure(api.get('/api/v1/posts'));
    expect(error).toMatchObject({ status: 500 });
    expect(hooks.notify).toHaveBeenCalledExactlyOnceWith({ type: 'error', lines: ['Something went wrong. We are already working to solve it.'] });
    expect(hooks.report).toHaveBeenCalledExactlyOnceWith(error);
  });

  it('other errors (no answer at all): the default sentence, not reported', async () => {
    answer(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(api.get('/api/v1/posts'));
    expect(error).toMatchObject({ status: 0 });
    expect((error as ApiError).cause).toBeInstanceOf(TypeError);
    expect(hooks.notify).toHaveBeenCalledExactlyOnceWith({ type: 'error', lines: ['Something went wrong. We are already working to solve it.'] });
    expect(hooks.report).not.toHaveBeenCalled();
  });

  it('quiet: no toast, but a 401 still ends the session and a 5xx is still reported', async () => {
    answer(() => json(422, { errors: ['Email is taken'] }));
    const error = await failure(api.post('/api/v1/auth/sign_up', {}, { quiet: true }));
    expect(error).toMatchObject({ errors: ['Email is taken'] });
    answer(() => json(401, { detail: 'Wrong email or password' }));
    await failure(api.post('/api/v1/auth/sign_in', {}, { quiet: true }));
    answer(() => json(503, {}));
    await failure(api.get('/api/v1/health', { quiet: true }));
    expect(hooks.notify).not.toHaveBeenCalled();
    expect(hooks.onUnauthorized).toHaveBeenCalledOnce();
    expect(hooks.report).toHaveBeenCalledOnce();
  });
});
