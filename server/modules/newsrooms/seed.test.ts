import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { seedNewsrooms } from '../../seed/newsrooms.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import { companyWith } from './testing.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);

describe('the demo newsroom', () => {
  it('gives Harbour PR a public newsroom with Pat as its press contact, on the public list and at its own page', async () => {
    const company = await companyWith(demo.admin, 'Harbour PR', [demo.pr]);
    await seedNewsrooms(demo.pr, company.id);
    const listed = (await demo.journalist.call('GET', '/api/v1/newsrooms')).json().data;
    expect(listed.map((newsroom: { slug: string; company: { name: string } }) => [newsroom.slug, newsroom.company.name])).toEqual([['harbour-pr', 'Harbour PR']]);
    const view = (await demo.journalist.call('GET', '/api/v1/newsrooms/harbour-pr')).json();
    expect(view.pressContacts.map((person: { name: string }) => person.name)).toEqual(['Pat Publicist']);
    const page = await demo.app.inject({ method: 'GET', url: '/app/newsrooms/harbour-pr' });
    expect(page.body).toContain('<meta property="og:title" content="Harbour PR Newsroom" />');
  });
});
