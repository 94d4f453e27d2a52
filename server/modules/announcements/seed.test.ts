import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { seedAnnouncements } from '../../seed/announcements.ts';
import { seedNewsrooms } from '../../seed/newsrooms.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);

describe('the demo announcement', () => {
  it('is published in Harbour PR’s newsroom: on all announcements, the newsroom’s page and feed, and its own page', async () => {
    const company = await demo.admin.call('POST', '/api/v1/companies', { name: 'Harbour PR', website: 'https://harbourpr.example' });
    const info = (await demo.pr.call('GET', '/api/v1/current_user/info')).json();
    await demo.admin.call('PATCH', `/api/v1/u/${info.slug}/settings/company/${company.json().id}/join`);
    await seedNewsrooms(demo.pr, company.json().id);
    await seedAnnouncements(demo.pr);

    const all = (await demo.journalist.call('GET', '/api/v1/announcements/all')).json().data as { id: number; headline: string; newsroom: { slug: string } }[];
    expect(all.map((a) => [a.newsroom.slug, a.headline])).toEqual([['harbour-pr', 'Harbour PR opens a Perth office for energy and resources clients']]);
    const room = await demo.app.inject({ method: 'GET', url: '/app/newsrooms/harbour-pr' });
    expect(room.body).toContain('Harbour PR opens a Perth office for energy and resources clients');
    expect((await demo.app.inject({ method: 'GET', url: '/newsrooms/harbour-pr/rss.xml' })).body).toContain(`/app/announcements/${all[0]!.id}`);
    const page = await demo.app.inject({ method: 'GET', url: `/app/announcements/${all[0]!.id}` });
    expect(page.body).toContain('<meta property="og:title" content="Harbour PR opens a Perth office for energy and resources clients" />');
  });
});
