import { describe, expect, it } from 'vitest';
import { productModel } from '../model.ts';
import { useTestCore } from '../testing/core.ts';
import { useDemo } from '../testing/demo.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const { journalist, pr, admin } = demo;

/** Spec section 8, row by row, where the API is the one that says it. */
describe('the error catalogue', () => {
  it("401: a call without a session is refused, so the client sends the person to sign in", async () => {
    const response = await demo.app.inject({ method: 'GET', url: '/api/v1/current_user/info', headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(response.statusCode).toBe(401);
    expect(typeof response.json().detail).toBe('string');
  });

  it("403: what the person may not do is refused with the catalogue's words", async () => {
    const id = (await journalist.call('POST', '/api/v1/callouts', { title: 'Mine', content: 'Only mine' })).headers['object-id'];
    const response = await pr.call('DELETE', `/api/v1/callouts/${id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/^Sorry, you are not permitted/);
  });

  it("Invalid news article type: 'Invalid type'", async () => {
    const response = await admin.call('POST', '/api/v1/stories', { articleKind: 'gossip', title: 'Story', content: 'Text' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: ['Invalid type'], fields: { articleKind: ['Invalid type'] } });
  });

  it("Unsupported post type: 'Unsupported type'", async () => {
    const response = await journalist.call('GET', '/api/v1/posts?type=poll');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: ['Unsupported type'] });
  });

  it("Invalid URL: 'Url is not valid', or the field's label before 'is not a valid url'", async () => {
    const response = await pr.call('POST', '/api/v1/jobs', { title: 'Editor', description: 'Join us', url: 'not a url' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual(expect.stringMatching(/^(Url is not valid|.+ is not a valid url)$/));
    expect(response.json().fields.url).toEqual([expect.stringMatching(/^(Url is not valid|.+ is not a valid url)$/)]);
  });

  it('Other 4xx: the answer carries its lines or its detail for the toast', async () => {
    const response = await journalist.call('POST', '/api/v1/callouts', { title: '', content: '' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    const body = response.json();
    expect(Array.isArray(body.errors) || typeof body.detail === 'string').toBe(true);
  });
});
