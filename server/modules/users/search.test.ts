import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const { journalist, pr, expert } = demo;

const search = async (term: string, query = '') => {
  const response = await journalist.call('GET', `/api/v1/users?search=${encodeURIComponent(term)}${query}`);
  return { status: response.statusCode, body: response.json() };
};

describe('finding people to mention', () => {
  it('matches names and addresses, those starting with the text first', async () => {
    const { status, body } = await search('pu');
    expect(status).toBe(200);
    expect(body.data.map((p: { slug: string }) => p.slug)).toEqual(['pat-publicist']);
    expect(body.data[0]).toMatchObject({ id: pr.id, name: 'Pat Publicist', type: 'person' });

    const byName = (await search('e')).body.data.map((p: { name: string }) => p.name);
    // "Eve Expert" starts with an e, "Jo Reporter" only has one inside; the others none.
    expect(byName).toEqual(['Eve Expert', 'Jo Reporter']);
  });

  it('takes wildcards as plain text, caps the page, and asks for a search term', async () => {
    expect((await search('%')).body.data).toEqual([]);
    expect((await search('e', '&limit=1')).body.data.map((p: { name: string }) => p.name)).toEqual(['Eve Expert']);
    const empty = await search(' ');
    expect(empty.status).toBe(400);
    expect(empty.body.errors.join(' ')).toContain('Search is required');
  });

  it('shows a private profile by name and face only, and answers only the signed in', async () => {
    await expert.call('PATCH', '/api/v1/u/eve-expert/settings/job', { job: 'Climatologist' });
    expect((await search('eve')).body.data[0]).toMatchObject({ name: 'Eve Expert', jobTitle: 'Climatologist' });
    await expert.call('PATCH', '/api/v1/u/eve-expert/settings/permissions/view/private');
    expect((await search('eve')).body.data[0]).toMatchObject({ name: 'Eve Expert', jobTitle: null });
    const guest = await demo.app.inject({ method: 'GET', url: '/api/v1/users?search=eve', headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(guest.statusCode).toBe(401);
  });
});
