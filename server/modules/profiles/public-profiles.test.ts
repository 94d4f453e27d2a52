import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const { admin, journalist, expert } = demo;

const JO = '/api/v1/u/jo-reporter/settings';
const guest = (url: string) => demo.app.inject({ method: 'GET', url, headers: { 'x-requested-with': 'XMLHttpRequest' } });

describe('a person’s public profile', () => {
  it('shows their details, work contacts and responsibilities to anyone, guests included; never the private channels', async () => {
    await journalist.call('PATCH', `${JO}/job`, { job: 'Reporter' });
    await journalist.call('PATCH', `${JO}/contacts`, { mobile: '+61 400 000 001', workDirect: '02 9000 0001', home: '02 9000 0002' });
    await journalist.call('PATCH', `${JO}/links`, { twitter: 'x.com/jo' });
    await journalist.call('PATCH', `${JO}/addresses/home`, { street: '9 Quiet Lane', city: 'Sydney' });
    await journalist.call('PATCH', `${JO}/addresses/office`, { street: '1 News Rd', city: 'Sydney' });
    const { outlet } = (await journalist.call('POST', `${JO}/responsibilities/outlets`, { url: 'bugle.example' })).json();
    await journalist.call('PATCH', `${JO}/responsibilities/outlets/${outlet.id}`, { roles: ['reporter'], roleTitle: 'Court reporter' });

    const seen = await guest('/api/v1/users/jo-reporter');
    expect(seen.statusCode, seen.body).toBe(200);
    const profile = seen.json();
    expect(profile).toMatchObject({ id: journalist.id, slug: 'jo-reporter', name: 'Jo Reporter', visibility: 'public' });
    expect(profile.details).toMatchObject({
      job: 'Reporter',
      beats: [{ id: 62, color: 'green' }, { id: 356, color: 'blue' }],
      contacts: { workDirect: '02 9000 0001', workReception: null },
      office: { street: '1 News Rd', city: 'Sydney' },
      outlets: [{ outlet: { id: outlet.id }, roles: ['reporter'], roleTitle: 'Court reporter' }],
      spokesperson: null,
    });
    expect(profile.details.links.twitter).toBe('https://x.com/jo');
    expect(JSON.stringify(profile)).not.toMatch(/400 000 001|9000 0002|Quiet Lane/);

    const outletPage = (await guest(`/api/v1/outlets/${outlet.slug}`)).json();
    expect(outletPage).toMatchObject({ name: 'bugle.example', people: [{ id: journalist.id, name: 'Jo Reporter', roles: ['reporter'], roleTitle: 'Court reporter' }] });
  });

  it('made private, shows others only a name and a face; the person and admins still see it whole', async () => {
    await journalist.call('PATCH', `${JO}/permissions/view/private`);
    for (const reader of [expert.call('GET', '/api/v1/users/jo-reporter'), guest('/api/v1/users/jo-reporter')]) {
      const profile = (await reader).json();
      expect(profile).toEqual({ id: journalist.id, slug: 'jo-reporter', name: 'Jo Reporter', firstname: 'Jo', lastname: 'Reporter', avatar: null, visibility: 'private', details: null });
    }
    expect((await journalist.call('GET', '/api/v1/users/jo-reporter')).json().details).not.toBeNull();
    expect((await admin.call('GET', '/api/v1/users/jo-reporter')).json().details).not.toBeNull();
    // Nor does an outlet's page list someone who keeps their profile private.
    const { outlet } = (await journalist.call('GET', `${JO}/responsibilities/outlets`)).json().data[0];
    expect((await guest(`/api/v1/outlets/${outlet.slug}`)).json().people).toEqual([]);
    await journalist.call('PATCH', `${JO}/permissions/view/public`);
    expect((await expert.call('GET', '/api/v1/users/jo-reporter')).json().details).not.toBeNull();
  });

  it('answers 404 for an address nobody has', async () => {
    expect((await guest('/api/v1/users/nobody')).statusCode).toBe(404);
    expect((await guest('/api/v1/companies/nothing')).statusCode).toBe(404);
    expect((await guest('/api/v1/outlets/nowhere')).statusCode).toBe(404);
  });
});

describe('a company’s page', () => {
  it('is public, and companies can be looked up by name to join', async () => {
    const company = (await admin.call('POST', '/api/v1/companies', { name: 'Acme Widgets', website: 'acme.example' })).json();
    expect((await guest(`/api/v1/companies/${company.slug}`)).json()).toMatchObject({ name: 'Acme Widgets', website: 'https://acme.example', logo: null, people: [], spokespersons: [] });
    expect((await journalist.call('GET', '/api/v1/companies?q=acme')).json().data.map((c: { id: number }) => c.id)).toEqual([company.id]);
    expect((await journalist.call('GET', '/api/v1/companies?q=nothing-like-it')).json().data).toEqual([]);
    expect((await guest('/api/v1/companies')).statusCode).toBe(401);
    const bad = await admin.call('POST', '/api/v1/companies', { name: '', website: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(['Name is required', 'Url is not valid']);
  });
});
