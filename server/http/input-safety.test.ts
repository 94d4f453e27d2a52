import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { productModel } from '../model.ts';
import { SESSION_COOKIE } from '../modules/auth/sessions.ts';
import { useTestCore } from '../testing/core.ts';
import { useDemo } from '../testing/demo.ts';
import { UNSTORABLE_LINE, unstorableFields } from './input-safety.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const { journalist, pr } = demo;

const NUL = 'before\u0000after';
const HALF_PAIR = 'before\ud800after';

async function eventCount(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from events`.execute(t.core.database.db);
  return rows[0]!.n;
}

async function newCallout(): Promise<number> {
  const response = await journalist.call('POST', '/api/v1/callouts', { title: 'Sources on housing', content: 'Who can talk?' });
  return Number(response.headers['object-id']);
}

describe('unstorableFields', () => {
  it('names every field, nested or a key, that holds NUL or half of a surrogate pair', () => {
    expect(unstorableFields({ title: NUL, links: [{ url: 'ok' }, { url: HALF_PAIR }], ['k\u0000']: 1, tail: '\udc00x' })).toEqual(['k\u0000', 'links.1.url', 'tail', 'title']);
  });

  it('passes emoji, joiners and right-to-left text as they are', () => {
    expect(unstorableFields({ a: '👩‍👩‍👧 family', b: 'שלום עולם', c: 'a\u200Db', d: '😀' })).toEqual([]);
  });
});

describe('text that PostgreSQL cannot store', () => {
  it('refuses NUL in a callout, a job, a comment, a comment edit and a sign-up with a line per field, and writes nothing', async () => {
    const postId = await newCallout();
    const comment = (await pr.call('POST', `/api/v1/callouts/${postId}/comments`, { content: 'I can help' })).json();
    const before = await eventCount();
    const attempts = [
      { who: journalist, method: 'POST', url: '/api/v1/callouts', body: { title: NUL, content: NUL }, lines: ['content', 'title'] },
      { who: journalist, method: 'PATCH', url: `/api/v1/callouts/${postId}`, body: { title: 'Fine', content: NUL }, lines: ['content'] },
      { who: pr, method: 'POST', url: '/api/v1/jobs', body: { title: 'Editor', description: NUL }, lines: ['description'] },
      { who: pr, method: 'POST', url: `/api/v1/callouts/${postId}/comments`, body: { content: NUL }, lines: ['content'] },
      { who: pr, method: 'PATCH', url: `/api/v1/comments/${comment.id}`, body: { content: NUL }, lines: ['content'] },
    ] as const;
    for (const { who, method, url, body, lines } of attempts) {
      const response = await who.call(method, url, body);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ errors: lines.map((field) => `${field}: ${UNSTORABLE_LINE}`) });
    }
    const signUp = await demo.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign_up',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { email: 'nul@example.com', password: 'correct horse battery', firstname: 'Sam', lastname: NUL },
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json()).toEqual({ errors: [`lastname: ${UNSTORABLE_LINE}`] });
    expect(await eventCount()).toBe(before);
  });

  it('refuses half of a surrogate pair in an event name and a community post, and NUL in a search', async () => {
    const event = await journalist.call('POST', '/api/v1/events', { type: 'online', name: HALF_PAIR, start: new Date(Date.now() + 86_400_000).toISOString() });
    expect(event.statusCode).toBe(400);
    expect(event.json()).toEqual({ errors: [`name: ${UNSTORABLE_LINE}`] });
    const post = await journalist.call('POST', '/api/v1/communityPosts', { content: HALF_PAIR });
    expect(post.json()).toEqual({ errors: [`content: ${UNSTORABLE_LINE}`] });
    const nulSearch = await journalist.call('GET', '/api/v1/users?search=a%00b');
    expect(nulSearch.json()).toEqual({ errors: [`search: ${UNSTORABLE_LINE}`] });
  });

  it('stores emoji with joiners and right-to-left text as they were typed', async () => {
    const response = await journalist.call('POST', '/api/v1/communityPosts', { content: 'Team 👩‍👩‍👧 שלום' });
    expect(response.statusCode).toBe(201);
    expect(response.json().content).toContain('Team 👩‍👩‍👧 שלום');
  });
});

describe('ids in paths', () => {
  it('answers 404 for a number no id can reach, on every post call', async () => {
    const huge = '99999999999999999999';
    for (const [method, url] of [
      ['POST', `/api/v1/callouts/${huge}/toggleLike`],
      ['DELETE', `/api/v1/callouts/${huge}`],
      ['PATCH', `/api/v1/callouts/${huge}`],
      ['POST', `/api/v1/callouts/${huge}/restore`],
      ['GET', `/api/v1/callouts/9007199254740993`],
      ['GET', `/api/v1/callouts/${'9'.repeat(400)}`],
      ['GET', `/api/v1/callouts/%ED%A0%80`],
      ['GET', `/api/v1/comments/${huge}/likes`],
    ] as const) {
      const response = await journalist.call(method, url, method === 'PATCH' || url.endsWith('toggleLike') ? { title: 'x', content: 'y', status: true } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('takes digits only: a space, a sign or an exponent names nothing', async () => {
    const postId = await newCallout();
    const comment = (await pr.call('POST', `/api/v1/callouts/${postId}/comments`, { content: 'Hello' })).json();
    const before = await eventCount();
    for (const id of [`%20${comment.id}`, `${comment.id}%20`, `+${comment.id}`, `${comment.id}e0`, `0x${comment.id.toString(16)}`]) {
      const response = await journalist.call('POST', `/api/v1/comments/${id}/toggleLike`, { status: true });
      expect(response.statusCode, id).toBe(404);
    }
    expect((await journalist.call('POST', '/api/v1/callouts/async/%201', { title: 'Interview', content: 'Questions' })).statusCode).toBe(404);
    expect(await eventCount()).toBe(before);
  });
});

describe('multipart bodies', () => {
  const boundary = 'pressroomBoundary';
  const upload = (payload: string, contentType = `multipart/form-data; boundary=${boundary}`) =>
    demo.app.inject({ method: 'POST', url: '/api/v1/uploads', payload, headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': contentType }, cookies: { [SESSION_COOKIE]: journalist.token } });

  it('answers a body cut off mid-file with 400 and a line', async () => {
    const response = await upload(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nGIF8`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: ['The upload was cut off or is not a valid form. Try again.'] });
  });

  it('answers a body that is not a form with 415', async () => {
    const notForm = await demo.app.inject({ method: 'POST', url: '/api/v1/uploads', payload: { file: 'x' }, headers: { 'x-requested-with': 'XMLHttpRequest' }, cookies: { [SESSION_COOKIE]: journalist.token } });
    expect(notForm.statusCode).toBe(415);
    expect(notForm.json()).toEqual({ errors: ['Send the file as multipart/form-data'] });
  });
});
