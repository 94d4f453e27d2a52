import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const { admin, journalist, pr, expert } = demo;

const JO = '/api/v1/u/jo-reporter/settings';
const errorsOf = (response: { json(): { errors?: string[] } }) => response.json().errors;
const typesOn = async (userId: number) => (await t.core.store.readStream(t.database.db, `user-${userId}`)).map((event) => event.type);

describe('the basic tab', () => {
  it('shows the person their settings', async () => {
    const response = await journalist.call('GET', JO);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: journalist.id,
      slug: 'jo-reporter',
      email: 'journalist@pressroom.local',
      firstname: 'Jo',
      lastname: 'Reporter',
      logo: null,
      job: null,
      organization: null,
      timezone: 'Australia/Sydney',
      country: null,
      beats: [
        { id: 62, name: 'politics', color: 'green' },
        { id: 356, name: 'business', color: 'blue' },
      ],
      visibility: 'public',
      onboarding: false,
    });
  });

  it('saves each field on its own, as one event on the person’s stream, and the current user shows it', async () => {
    const before = (await typesOn(journalist.id)).length;
    expect((await journalist.call('PATCH', `${JO}/name/first`, { firstname: ' Joanna ' })).json()).toMatchObject({ firstname: 'Joanna', lastname: 'Reporter' });
    expect((await journalist.call('PATCH', `${JO}/name/last`, { lastname: 'Rivers' })).json()).toMatchObject({ firstname: 'Joanna', lastname: 'Rivers' });
    expect((await journalist.call('PATCH', `${JO}/job`, { job: 'Political editor' })).json()).toMatchObject({ job: 'Political editor' });
    expect((await journalist.call('PATCH', `${JO}/organization`, { organization: 'The Bugle' })).json()).toMatchObject({ organization: 'The Bugle' });
    expect((await journalist.call('PATCH', `${JO}/timezone`, { timezone: 'Europe/London' })).json()).toMatchObject({ timezone: 'Europe/London' });
    expect((await journalist.call('PATCH', `${JO}/country`, { id: 'gb' })).json()).toMatchObject({ country: { id: 'GB', name: 'United Kingdom' } });
    expect((await journalist.call('PATCH', `${JO}/beats`, { ids: [355, 19, 355] })).json().beats).toEqual([
      { id: 355, name: 'tech', color: 'red' },
      { id: 19, name: 'lifestyle', color: 'orange' },
    ]);
    expect((await journalist.call('PATCH', `${JO}/permissions/view/private`)).json()).toMatchObject({ visibility: 'private' });
    expect((await journalist.call('PATCH', `${JO}/permissions/view/public`)).json()).toMatchObject({ visibility: 'public' });
    // The same value again is no change, and no event.
    await journalist.call('PATCH', `${JO}/job`, { job: 'Political editor' });
    expect((await typesOn(journalist.id)).slice(before)).toEqual([
      'NameChanged',
      'NameChanged',
      'JobTitleChanged',
      'OrganizationChanged',
      'TimezoneChanged',
      'CountryChanged',
      'BeatsChosen',
      'ProfileVisibilityChanged',
      'ProfileVisibilityChanged',
    ]);
    const me = (await journalist.call('GET', '/api/v1/current_user/info')).json();
    expect(me).toMatchObject({ firstname: 'Joanna', lastname: 'Rivers', jobTitle: 'Political editor', timezone: 'Europe/London', beats: [{ id: 355 }, { id: 19 }] });
    // Blank clears what may be blank; the country too.
    expect((await journalist.call('PATCH', `${JO}/job`, { job: '  ' })).json()).toMatchObject({ job: null });
    expect((await journalist.call('PATCH', `${JO}/country`, { id: null })).json()).toMatchObject({ country: null });
  });

  it('refuses bad input with a line per problem, and stores nothing', async () => {
    const before = (await typesOn(journalist.id)).length;
    const cases: [string, object, string][] = [
      ['name/first', { firstname: ' ' }, 'First name is required'],
      ['name/last', { lastname: '' }, 'Last name is required'],
      ['timezone', { timezone: 'Mars/Olympus' }, 'Timezone is not valid'],
      ['timezone', { timezone: '+10:00' }, 'Timezone is not valid'],
      ['country', { id: 'ZZ' }, 'Country must be a two-letter country code'],
      ['country', { id: 'Australia' }, 'Country must be a two-letter country code'],
      ['beats', { ids: [356, 5] }, 'No such beat'],
    ];
    for (const [path, body, line] of cases) {
      const response = await journalist.call('PATCH', `${JO}/${path}`, body);
      expect(response.statusCode, path).toBe(400);
      expect(errorsOf(response)).toEqual([line]);
    }
    expect((await typesOn(journalist.id)).length).toBe(before);
  });
});

describe('whose settings', () => {
  const calls: [string, string, object?][] = [
    ['GET', ''],
    ['PATCH', '/job', { job: 'Intruder' }],
    ['PATCH', '/permissions/view/private'],
    ['GET', '/contacts'],
    ['PATCH', '/links', { website: 'example.com' }],
    ['GET', '/contacts/profile/user/ai'],
    ['GET', '/follows/communities'],
    ['PATCH', '/follows/feeds/types/media'],
    ['GET', '/subscriptions'],
    ['GET', '/notifications'],
    ['GET', '/responsibilities/outlets'],
    ['POST', '/responsibilities/outlets', { url: 'intruder.example' }],
    ['GET', '/responsibilities/companies'],
    ['GET', '/responsibilities/spokesperson'],
    ['PATCH', '/onboarding', { stage: 'basic' }],
    ['GET', '/onboarding/organization'],
    ['DELETE', '/avatar'],
  ];

  it.each(calls)('someone else gets 403 on %s %s', async (method, path, body) => {
    const response = await expert.call(method as 'GET', `/api/v1/u/pat-publicist/settings${path}`, body);
    expect(response.statusCode, response.body).toBe(403);
  });

  it('a platform admin reads and changes anyone’s', async () => {
    expect((await admin.call('GET', '/api/v1/u/pat-publicist/settings')).statusCode).toBe(200);
    const changed = await admin.call('PATCH', '/api/v1/u/pat-publicist/settings/job', { job: 'Account director' });
    expect(changed.json()).toMatchObject({ id: pr.id, job: 'Account director' });
    const [event] = (await t.core.store.readStream(t.database.db, `user-${pr.id}`)).filter((e) => e.type === 'JobTitleChanged');
    expect(event!.metadata).toMatchObject({ actorId: String(admin.id), actorRole: 'admin' });
  });

  it('nobody at that address is a 404, a guest 401', async () => {
    expect((await journalist.call('GET', '/api/v1/u/nobody-here/settings')).statusCode).toBe(404);
    const guest = await demo.app.inject({ method: 'GET', url: JO, headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(guest.statusCode).toBe(401);
  });

  it('a read-only person reads their settings and gets 403 on every write', async () => {
    await admin.call('PATCH', `/api/v1/admin/users/${expert.id}`, { readOnly: true });
    const mine = '/api/v1/u/eve-expert/settings';
    expect((await expert.call('GET', mine)).statusCode).toBe(200);
    const writes: [string, string, object?][] = [
      ['PATCH', '/name/first', { firstname: 'Evie' }],
      ['PATCH', '/permissions/view/private'],
      ['PATCH', '/contacts', { mobile: '+61 400 000 000' }],
      ['PATCH', '/follows/feeds/types/media'],
      ['POST', '/responsibilities/outlets', { url: 'example.com' }],
      ['PATCH', '/onboarding', { stage: false }],
      ['DELETE', '/avatar'],
    ];
    for (const [method, path, body] of writes) {
      const response = await expert.call(method as 'PATCH', `${mine}${path}`, body);
      expect(response.statusCode, path).toBe(403);
      expect(response.json().detail).toBe('Your account is read-only: you can look, but not change anything.');
    }
    await admin.call('PATCH', `/api/v1/admin/users/${expert.id}`, { readOnly: false });
  });
});

