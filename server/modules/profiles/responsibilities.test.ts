import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import { signInAs } from '../../testing/people.ts';
import { notificationPreferencesFor } from './queries.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const { admin, journalist, pr, expert } = demo;

const JO = '/api/v1/u/jo-reporter/settings';
const PAT = '/api/v1/u/pat-publicist/settings';

async function signUp(email: string, firstname: string, role: 'journo' | 'pr' | 'expert') {
  const response = await demo.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign_up',
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    payload: { email, password: 'correct horse battery', firstname, lastname: 'New', role },
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return signInAs(demo.app, email, 'correct horse battery');
}

describe('outlets', () => {
  it('are found by the URL’s domain, or added by the first person who names them', async () => {
    const added = await journalist.call('POST', `${JO}/responsibilities/outlets`, { url: 'www.theguardian.com/au' });
    expect(added.statusCode, added.body).toBe(201);
    const outlet = added.json().outlet;
    expect(Number(added.headers['object-id'])).toBe(outlet.id);
    expect(added.json()).toEqual({ outlet: { id: outlet.id, slug: 'theguardian-com', name: 'theguardian.com', url: 'https://www.theguardian.com' }, roles: [], beats: [], roleTitle: null });

    const same = await expert.call('POST', '/api/v1/u/eve-expert/settings/responsibilities/outlets', { url: 'https://theguardian.com/business' });
    expect(same.statusCode).toBe(201);
    expect(same.json().outlet.id).toBe(outlet.id);
    const again = await journalist.call('POST', `${JO}/responsibilities/outlets`, { url: 'theguardian.com' });
    expect(again.statusCode).toBe(200);

    const bad = await journalist.call('POST', `${JO}/responsibilities/outlets`, { url: 'not a url' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(['Url is not valid']);
  });

  it('take roles, beats and a title; are read one by one and in a list; and are dropped', async () => {
    const { outlet } = (await journalist.call('POST', `${JO}/responsibilities/outlets`, { url: 'abc.net.au' })).json();
    const changed = await journalist.call('PATCH', `${JO}/responsibilities/outlets/${outlet.id}`, { roles: ['reporter', 'presenter'], beats: [62], roleTitle: 'Political reporter' });
    expect(changed.json()).toMatchObject({ roles: ['reporter', 'presenter'], beats: [{ id: 62, name: 'politics', color: 'green' }], roleTitle: 'Political reporter' });
    const partly = await journalist.call('PATCH', `${JO}/responsibilities/outlets/${outlet.id}`, { roleTitle: 'Chief political reporter' });
    expect(partly.json()).toMatchObject({ roles: ['reporter', 'presenter'], roleTitle: 'Chief political reporter' });
    expect((await journalist.call('GET', `${JO}/responsibilities/outlets/${outlet.id}`)).json().roleTitle).toBe('Chief political reporter');
    expect((await journalist.call('GET', `${JO}/responsibilities/outlets`)).json().data.map((item: { outlet: { id: number } }) => item.outlet.id)).toContain(outlet.id);

    const badRole = await journalist.call('PATCH', `${JO}/responsibilities/outlets/${outlet.id}`, { roles: ['king'] });
    expect(badRole.statusCode).toBe(400);
    expect((await journalist.call('PATCH', `${JO}/responsibilities/outlets/${outlet.id}`, { beats: [1] })).json().errors).toEqual(['No such beat']);

    expect((await journalist.call('DELETE', `${JO}/responsibilities/outlets/${outlet.id}`)).statusCode).toBe(204);
    expect((await journalist.call('GET', `${JO}/responsibilities/outlets/${outlet.id}`)).statusCode).toBe(404);
    expect((await journalist.call('DELETE', `${JO}/responsibilities/outlets/${outlet.id}`)).statusCode).toBe(404);
    // The outlet stays, with its page.
    expect((await journalist.call('GET', `/api/v1/outlets/${outlet.slug}`)).statusCode).toBe(200);
  });
});

describe('companies', () => {
  it('are registered by someone with an email at their domain, who answers for them at once', async () => {
    const refused = await journalist.call('POST', '/api/v1/companies', { name: 'Harbour PR', website: 'harbourpr.example' });
    expect(refused.statusCode).toBe(403);
    const person = await signUp('nina@harbour.example', 'Nina', 'pr');
    const made = await person.call('POST', '/api/v1/companies', { name: 'Harbour Comms', website: 'https://www.harbour.example' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ slug: 'harbour-comms', name: 'Harbour Comms', website: 'https://www.harbour.example', people: [{ id: person.id, roles: [], isMediaContact: false }], spokespersons: [] });
    const twice = await admin.call('POST', '/api/v1/companies', { name: 'Harbour again', website: 'harbour.example/about' });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual(['Harbour Comms already has a page for harbour.example']);
  });

  it('are joined by their people (PATCH company/{id}/join) and by anyone an admin adds', async () => {
    const company = (await admin.call('POST', '/api/v1/companies', { name: 'Pressroom Labs', website: 'labs.pressroom.local' })).json();
    expect(company.people).toEqual([]);
    // Pat's address is at pressroom.local, not labs.pressroom.local.
    const refused = await pr.call('PATCH', `${PAT}/company/${company.id}/join`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Only people with an email address at labs.pressroom.local may join this company; ask a platform admin to add you.');
    const added = await admin.call('PATCH', `${PAT}/company/${company.id}/join`);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ company: { id: company.id, name: 'Pressroom Labs' }, roles: [], isMediaContact: false });
    expect((await pr.call('PATCH', `${PAT}/company/999999/join`)).statusCode).toBe(404);

    const own = (await admin.call('POST', '/api/v1/companies', { name: 'Pressroom', website: 'pressroom.local' })).json();
    expect((await pr.call('PATCH', `${PAT}/company/${own.id}/join`)).statusCode).toBe(200);
    expect((await pr.call('GET', `${PAT}/onboarding/organization`)).json()).toMatchObject({ company: { id: own.id }, isJoined: true });
  });

  it('take roles, beats, media contact and a title; a spokesperson speaks for one of them', async () => {
    const company = (await admin.call('POST', '/api/v1/companies', { name: 'Bright Energy', website: 'bright.example' })).json();
    expect((await pr.call('PATCH', `${PAT}/responsibilities/spokesperson`, { company: company.id })).json().errors).toEqual([
      'You may speak only for a company you are responsible for',
    ]);
    await admin.call('PATCH', `${PAT}/company/${company.id}/join`);
    const path = `${PAT}/responsibilities/companies/${company.id}`;
    const changed = await pr.call('PATCH', path, { roles: ['communications'], beats: [356, 355], isMediaContact: true, roleTitle: 'Head of communications' });
    expect(changed.json()).toMatchObject({ roles: ['communications'], beats: [{ id: 356 }, { id: 355 }], isMediaContact: true, roleTitle: 'Head of communications' });
    expect((await pr.call('GET', path)).json().isMediaContact).toBe(true);

    const speaking = await pr.call('PATCH', `${PAT}/responsibilities/spokesperson`, { company: company.id, roles: ['executive'], beats: [355], roleTitle: 'CEO' });
    expect(speaking.json()).toMatchObject({ company: { id: company.id }, roles: ['executive'], beats: [{ id: 355, name: 'tech' }], roleTitle: 'CEO' });
    expect((await pr.call('PATCH', `${PAT}/responsibilities/spokesperson`, { roleTitle: 'Chief executive' })).json()).toMatchObject({ company: { id: company.id }, roleTitle: 'Chief executive' });
    const page = (await expert.call('GET', `/api/v1/companies/${company.slug}`)).json();
    expect(page.people).toMatchObject([{ id: pr.id, name: 'Pat Publicist', isMediaContact: true, roleTitle: 'Head of communications' }]);
    expect(page.spokespersons).toMatchObject([{ id: pr.id, roleTitle: 'Chief executive', beats: [{ id: 355 }] }]);

    // Leaving a company ends speaking for it.
    expect((await pr.call('DELETE', path)).statusCode).toBe(204);
    expect((await pr.call('GET', `${PAT}/responsibilities/spokesperson`)).json()).toEqual({ company: null, roles: [], beats: [], roleTitle: null });
    expect((await pr.call('GET', path)).statusCode).toBe(404);
    expect((await pr.call('PATCH', path, { roleTitle: 'x' })).statusCode).toBe(404);
  });
});

describe('follows, subscriptions and notification preferences', () => {
  it('follows readable communities and feed types, and unfollows them', async () => {
    const open = (await admin.call('POST', '/api/v1/communities', { name: 'Open floor', type: 'public' })).json();
    const closed = (await admin.call('POST', '/api/v1/communities', { name: 'Closed room', type: 'private' })).json();
    const listed = (await journalist.call('GET', `${JO}/follows/communities`)).json().data;
    expect(listed.map((c: { id: number }) => c.id)).toEqual([open.id]);
    expect((await journalist.call('PATCH', `${JO}/follows/communities/${open.id}`)).json().data).toEqual([{ id: open.id, slug: open.slug, name: 'Open floor', icon: null, isFollowed: true }]);
    expect((await journalist.call('PATCH', `${JO}/follows/communities/${closed.id}`)).statusCode).toBe(404);
    expect((await journalist.call('DELETE', `${JO}/follows/communities/${open.id}`)).json().data[0].isFollowed).toBe(false);

    const feeds = await journalist.call('PATCH', `${JO}/follows/feeds/types/marketing`);
    expect(feeds.json().data).toEqual([
      { id: 'media', name: 'Media news', isFollowed: false },
      { id: 'marketing', name: 'PR and marketing', isFollowed: true },
      { id: 'epitome', name: 'Epitome', isFollowed: false },
      { id: 'announcement', name: 'Announcements', isFollowed: false },
    ]);
    expect((await journalist.call('DELETE', `${JO}/follows/feeds/types/marketing`)).json().data[1].isFollowed).toBe(false);
    expect((await journalist.call('PATCH', `${JO}/follows/feeds/types/gossip`)).statusCode).toBe(404);
  });

  it('toggles newsletters', async () => {
    const on = await journalist.call('PATCH', `${JO}/subscriptions/weekly`, { subscribed: true });
    expect(on.json().data.find((n: { id: string }) => n.id === 'weekly')).toMatchObject({ name: 'Weekly roundup', subscribed: true });
    expect((await journalist.call('GET', `${JO}/subscriptions`)).json().data.filter((n: { subscribed: boolean }) => n.subscribed).map((n: { id: string }) => n.id)).toEqual(['weekly']);
    expect((await journalist.call('PATCH', `${JO}/subscriptions/weekly`, { subscribed: false })).json().data.every((n: { subscribed: boolean }) => !n.subscribed)).toBe(true);
    expect((await journalist.call('PATCH', `${JO}/subscriptions/weekly`, {})).statusCode).toBe(400);
  });

  it('keeps in-app notification choices per type, readable by notificationPreferencesFor', async () => {
    expect((await journalist.call('GET', `${JO}/notifications`)).json().data.every((p: { inApp: boolean }) => p.inApp)).toBe(true);
    const off = await journalist.call('PATCH', `${JO}/notifications/like`, { inApp: false });
    expect(off.json().data.find((p: { type: string }) => p.type === 'like')).toEqual({ type: 'like', label: 'Someone likes your post', inApp: false });
    expect((await journalist.call('PATCH', `${JO}/notifications/shout`, { inApp: false })).statusCode).toBe(404);
    const preferences = await notificationPreferencesFor(t.database.db, [journalist.id, expert.id]);
    expect(preferences.get(journalist.id)).toMatchObject({ like: false, comment: true, mention: true });
    expect(Object.values(preferences.get(expert.id)!).every(Boolean)).toBe(true);
  });
});

describe('onboarding', () => {
  it('moves through stages, and ending it follows the person’s communities and the feeds of their role', async () => {
    const person = await signUp('newbie@example.com', 'Nora', 'journo');
    const me = (await person.call('GET', '/api/v1/current_user/info')).json();
    expect(me.onboarding).toBe('basic');
    const base = `/api/v1/u/${me.slug}/settings`;
    const community = (await admin.call('POST', '/api/v1/communities', { name: 'Newcomers', type: 'public' })).json();
    await person.call('POST', `/api/v1/communities/${community.slug}/join`);
    // Dropped before the end: the defaults leave it dropped.
    await person.call('PATCH', `${base}/follows/feeds/types/announcement`);
    await person.call('DELETE', `${base}/follows/feeds/types/announcement`);

    expect((await person.call('PATCH', `${base}/onboarding`, { stage: 'beats_outlets' })).json()).toEqual({ onboarding: 'beats_outlets' });
    expect((await person.call('PATCH', `${base}/onboarding`, { stage: 'somewhere' })).statusCode).toBe(400);
    expect((await person.call('PATCH', `${base}/onboarding`, { stage: false })).json()).toEqual({ onboarding: false });
    expect((await person.call('GET', '/api/v1/current_user/info')).json().onboarding).toBe(false);
    const communities = (await person.call('GET', `${base}/follows/communities`)).json().data;
    expect(communities.find((c: { id: number }) => c.id === community.id).isFollowed).toBe(true);
    const feeds = (await person.call('GET', `${base}/follows/feeds/types`)).json().data;
    expect(feeds.filter((f: { isFollowed: boolean }) => f.isFollowed).map((f: { id: string }) => f.id)).toEqual(['media']);

    const organization = await person.call('GET', `${base}/onboarding/organization`);
    expect(organization.json()).toEqual({ organization: null, company: null, isJoined: false });
  });
});
