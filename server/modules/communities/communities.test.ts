import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const { admin, journalist, pr, expert } = demo;

type Community = { id: number; slug: string; membersCount: number; isJoined: boolean; joinRequested: boolean; canManage: boolean; newSlug?: string };

async function found(name: string, type: 'public' | 'private', extra: object = {}): Promise<Community> {
  const response = await admin.call('POST', '/api/v1/communities', { name, type, description: `All about ${name}`, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  expect(Number(response.headers['object-id'])).toBe(response.json().id);
  return response.json();
}
const ids = (response: { json(): { data: { id: number }[] } }) => response.json().data.map((item) => item.id);
const post = (who: Caller, communities: number[], content = 'Hello, community') => who.call('POST', '/api/v1/communityPosts', { content, communities });

describe('founding a community', () => {
  it('is for platform admins, who become its first member and admin', async () => {
    const created = await found('Climate desk', 'public', { country: 'au', logo: '/uploads/logo.png' });
    expect(created).toMatchObject({ slug: 'climate-desk', name: 'Climate desk', type: 'public', country: 'AU', logo: '/uploads/logo.png', banner: null, membersCount: 1, isJoined: true, canManage: true });
    expect(created).not.toHaveProperty('newSlug');
    const refused = await journalist.call('POST', '/api/v1/communities', { name: 'My own club', type: 'public' });
    expect(refused.statusCode).toBe(403);
  });

  it('takes the address asked for, refuses one another community has, and numbers a name already taken', async () => {
    const chosen = await found('Energy reporters', 'private', { newSlug: 'Energy-Beat' });
    expect(chosen.slug).toBe('energy-beat');
    const taken = await admin.call('POST', '/api/v1/communities', { name: 'Energy again', type: 'public', newSlug: 'energy-beat' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual(['The address energy-beat is taken by another community']);
    const twin = await found('Energy beat', 'public');
    expect(twin.slug).toBe(`energy-beat-${twin.id}`);
    const bad = await admin.call('POST', '/api/v1/communities', { name: 'Bad address', type: 'public', newSlug: 'no spaces!' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('joining', () => {
  it('toggles membership of a public community, with the members count', async () => {
    const community = await found('Tech talk', 'public');
    const joined = await journalist.call('POST', `/api/v1/communities/${community.slug}/join`);
    expect(joined.json()).toMatchObject({ isJoined: true, joinRequested: false, membersCount: 2, canManage: false });
    const left = await journalist.call('POST', `/api/v1/communities/${community.slug}/join`);
    expect(left.json()).toMatchObject({ isJoined: false, membersCount: 1 });
    const events = await t.core.store.readStream(t.database.db, `community-${community.id}`);
    expect(events.map((event) => event.type)).toEqual(['CommunityCreated', 'Joined', 'CommunityAdminAppointed', 'Joined', 'Left']);
  });

  it('asks the admins of a private community, who approve; then the member reads its posts', async () => {
    const community = await found('Newsroom leaders', 'private');
    const secret = (await post(admin, [community.id], 'Embargo until Monday')).json();

    const summary = await expert.call('GET', `/api/v1/communities/${community.slug}`);
    expect(summary.json()).toMatchObject({ name: 'Newsroom leaders', description: 'All about Newsroom leaders', isJoined: false, joinRequested: false });
    expect((await expert.call('GET', `/api/v1/communities/${community.slug}/members`)).statusCode).toBe(404);
    expect((await expert.call('GET', `/api/v1/communities/${community.slug}/activities`)).statusCode).toBe(404);

    const asked = await expert.call('POST', `/api/v1/communities/${community.slug}/join`);
    expect(asked.json()).toMatchObject({ isJoined: false, joinRequested: true, membersCount: 1 });
    expect((await journalist.call('GET', `/api/v1/communities/${community.slug}/requests`)).statusCode).toBe(403);
    const requests = (await admin.call('GET', `/api/v1/communities/${community.slug}/requests`)).json().data;
    expect(requests).toMatchObject([{ author: { id: expert.id, name: 'Eve Expert' } }]);
    expect((await journalist.call('POST', `/api/v1/communities/${community.slug}/requests/${expert.id}/approve`)).statusCode).toBe(403);

    const approved = await admin.call('POST', `/api/v1/communities/${community.slug}/requests/${expert.id}/approve`);
    expect(approved.json()).toMatchObject({ membersCount: 2 });
    expect((await admin.call('GET', `/api/v1/communities/${community.slug}/requests`)).json().data).toEqual([]);
    expect((await expert.call('GET', `/api/v1/communities/${community.slug}`)).json()).toMatchObject({ isJoined: true, joinRequested: false });
    expect((await expert.call('GET', `/api/v1/communityPosts/${secret.id}`)).statusCode).toBe(200);
    expect(ids(await expert.call('GET', `/api/v1/posts?communitySlug=${community.slug}`))).toEqual([secret.id]);
  });

  it('lets a declined person ask again, and a community admin answer', async () => {
    const community = await found('Sports desk', 'private');
    await journalist.call('POST', `/api/v1/communities/${community.slug}/join`);
    expect((await admin.call('POST', `/api/v1/communities/${community.slug}/admins/${journalist.id}`)).statusCode).toBe(422);
    await admin.call('POST', `/api/v1/communities/${community.slug}/requests/${journalist.id}/approve`);
    const appointed = await admin.call('POST', `/api/v1/communities/${community.slug}/admins/${journalist.id}`);
    expect(appointed.statusCode).toBe(200);
    expect((await journalist.call('GET', `/api/v1/communities/${community.slug}`)).json().canManage).toBe(true);

    await pr.call('POST', `/api/v1/communities/${community.slug}/join`);
    expect((await journalist.call('POST', `/api/v1/communities/${community.slug}/requests/${pr.id}/decline`)).json()).toMatchObject({ membersCount: 2 });
    expect((await pr.call('GET', `/api/v1/communities/${community.slug}`)).json()).toMatchObject({ isJoined: false, joinRequested: false });
    await pr.call('POST', `/api/v1/communities/${community.slug}/join`);
    expect((await journalist.call('POST', `/api/v1/communities/${community.slug}/requests/${pr.id}/approve`)).json()).toMatchObject({ membersCount: 3 });
  });
});

describe("a private community's posts", () => {
  it('are hidden from people outside it: not found, not listed, not liked', async () => {
    const community = await found('Editors only', 'private');
    const secret = (await post(admin, [community.id], 'For editors')).json();
    const open = (await post(admin, [], 'For everyone')).json();

    expect((await journalist.call('GET', `/api/v1/communityPosts/${secret.id}`)).statusCode).toBe(404);
    const feed = ids(await journalist.call('GET', '/api/v1/posts?type=communityPost&limit=100'));
    expect(feed).toContain(open.id);
    expect(feed).not.toContain(secret.id);
    expect((await journalist.call('GET', `/api/v1/posts?communitySlug=${community.slug}`)).statusCode).toBe(404);
    expect((await journalist.call('POST', `/api/v1/communityPosts/${secret.id}/toggleLike`, { status: true })).statusCode).toBe(404);
    expect((await journalist.call('GET', `/api/v1/communityPosts/${secret.id}/comments`)).statusCode).toBe(404);
  });

  it('are read and liked by anyone when the community is public', async () => {
    const community = await found('Open newsroom', 'public');
    const shared = (await post(admin, [community.id], 'Welcome')).json();
    expect((await journalist.call('GET', `/api/v1/communityPosts/${shared.id}`)).statusCode).toBe(200);
    expect(ids(await journalist.call('GET', `/api/v1/posts?communitySlug=${community.slug}`))).toEqual([shared.id]);
    expect((await journalist.call('POST', `/api/v1/communityPosts/${shared.id}/toggleLike`, { status: true })).json()).toEqual({ liked: true, likesCount: 1 });
  });

  it('answers an unknown community with 404', async () => {
    expect((await journalist.call('GET', '/api/v1/posts?communitySlug=nowhere')).statusCode).toBe(404);
    expect((await journalist.call('GET', '/api/v1/communities/nowhere')).statusCode).toBe(404);
  });
});

describe('posting into a community', () => {
  it('is for its members', async () => {
    const community = await found('Science writers', 'public');
    const outsider = await post(expert, [community.id, 999_999]);
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json().errors).toEqual([`Join community ${community.id} to post there`, 'Community 999999 does not exist']);
    await expert.call('POST', `/api/v1/communities/${community.slug}/join`);
    const member = await post(expert, [community.id]);
    expect(member.statusCode, member.body).toBe(201);
    expect(member.json().communityIds).toEqual([community.id]);
  });
});

describe('renaming', () => {
  it('moves the community to its new address; the old one answers with the new', async () => {
    const community = await found('Politics hub', 'public');
    const renamed = await admin.call('PATCH', `/api/v1/communities/${community.slug}`, { newSlug: 'politics', description: 'Parliament and councils' });
    expect(renamed.json()).toMatchObject({ id: community.id, slug: 'politics', description: 'Parliament and councils', name: 'Politics hub' });
    expect(renamed.json()).not.toHaveProperty('newSlug');

    const old = await journalist.call('GET', '/api/v1/communities/politics-hub');
    expect(old.statusCode).toBe(200);
    expect(old.json()).toMatchObject({ id: community.id, slug: 'politics', newSlug: 'politics' });
    expect((await journalist.call('GET', '/api/v1/posts?communitySlug=politics-hub')).statusCode).toBe(200);

    const other = await found('Another hub', 'public');
    const grab = await admin.call('PATCH', `/api/v1/communities/${other.slug}`, { newSlug: 'politics-hub' });
    expect(grab.statusCode).toBe(422);
    expect((await admin.call('PATCH', '/api/v1/communities/politics', { newSlug: 'politics-hub' })).json().slug).toBe('politics-hub');
    expect((await journalist.call('PATCH', '/api/v1/communities/politics-hub', { name: 'Mine now' })).statusCode).toBe(403);
  });
});

describe('what a community shows', () => {
  it('lists its newest posts as activities, and its members with when they were last active', async () => {
    const community = await found('Business wire', 'public');
    await journalist.call('POST', `/api/v1/communities/${community.slug}/join`);
    const job = (await journalist.call('POST', '/api/v1/jobs', { title: 'Markets editor', description: '<p>Cover the <b>ASX</b></p>', company: 'Bugle', workplace: 'remote', jobType: 'full-time', communities: [community.id] })).json();
    const note = (await post(admin, [community.id], 'Results season starts')).json();

    const activities = (await pr.call('GET', `/api/v1/communities/${community.slug}/activities`)).json();
    expect(activities.data).toEqual([
      { author: expect.objectContaining({ id: admin.id, name: 'Ada Admin' }), content: 'Results season starts', post: { id: note.id, type: 'communityPost', title: null, communitySlug: community.slug } },
      { author: expect.objectContaining({ id: journalist.id, name: 'Jo Reporter' }), content: 'Cover the ASX', post: { id: job.id, type: 'job', title: 'Markets editor', communitySlug: community.slug } },
    ]);

    const members = (await pr.call('GET', `/api/v1/communities/${community.slug}/members`)).json().data;
    expect(members.map((member: { author: { id: number } }) => member.author.id)).toEqual([admin.id, journalist.id]);
    expect(members[0]).toMatchObject({ isAdmin: true, lastActiveStamp: expect.any(Number) });
    expect(members[1]).toMatchObject({ isAdmin: false, about: null });
    expect(Math.abs(members[0].lastActiveStamp - Date.now() / 1000)).toBeLessThan(60);
  });

  it("shows in the current user's communities: joined ones first, then public ones to join", async () => {
    const joined = await found('Zebra crossing', 'public');
    const open = await found('Aardvark club', 'public');
    const closed = await found('Hidden lounge', 'private');
    await expert.call('POST', `/api/v1/communities/${joined.slug}/join`);
    const communities = (await expert.call('GET', '/api/v1/current_user/info')).json().communities as { id: number; isJoined: boolean }[];
    expect(communities.find((c) => c.id === joined.id)).toMatchObject({ slug: joined.slug, name: 'Zebra crossing', icon: null, img: null, isJoined: true });
    expect(communities.find((c) => c.id === open.id)).toMatchObject({ isJoined: false });
    expect(communities.find((c) => c.id === closed.id)).toBeUndefined();
    const firstUnjoined = communities.findIndex((c) => !c.isJoined);
    expect(communities.slice(firstUnjoined).every((c) => !c.isJoined)).toBe(true);
  });

  it('lists every community, newest first or by name', async () => {
    const byName = (await journalist.call('GET', '/api/v1/communities?sort=name&limit=100')).json().data.map((c: { name: string }) => c.name);
    expect(byName).toEqual([...byName].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const newest = (await journalist.call('GET', '/api/v1/communities?limit=2')).json();
    expect(newest.data).toHaveLength(2);
    expect(newest.hasMore).toBe(true);
    expect(newest.data[0].id).toBeGreaterThan(newest.data[1].id);
  });
});
