import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchGroup, SearchHit, SearchResult } from '../../../contracts/search/index.ts';
import { productModel } from '../../model.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const { admin, journalist, pr, expert } = demo;

async function search(who: Caller | null, query: Record<string, string>): Promise<SearchResult & { status: number }> {
  const url = `/api/v1/search?${new URLSearchParams(query)}`;
  const response = who ? await who.call('GET', url) : await demo.app.inject({ method: 'GET', url, headers: { 'x-requested-with': 'XMLHttpRequest' } });
  return { status: response.statusCode, ...response.json() };
}
const group = (result: SearchResult, kind: SearchGroup['kind']): SearchHit[] => result.groups.find((g) => g.kind === kind)?.items ?? [];
const titles = (result: SearchResult, kind: SearchGroup['kind']) => group(result, kind).map((hit) => hit.title);

let ids: Record<string, number> = {};

beforeAll(async () => {
  await journalist.call('PATCH', '/api/v1/u/jo-reporter/settings/job', { job: 'Investigative journalist' });
  await journalist.call('PATCH', '/api/v1/u/jo-reporter/settings/organization', { organization: 'The Harbour Bugle' });
  await expert.call('PATCH', '/api/v1/u/eve-expert/settings/job', { job: 'Climatologist' });
  const post = async (who: Caller, path: string, body: object) => {
    const response = await who.call('POST', path, body);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json().id as number;
  };
  const closed = (await admin.call('POST', '/api/v1/communities', { name: 'Embargoed briefings', type: 'private', description: 'Under embargo until Friday' })).json();
  await pr.call('POST', `/api/v1/communities/${closed.slug}/join`);
  await admin.call('POST', `/api/v1/communities/${closed.slug}/requests/${pr.id}/approve`);
  ids = {
    callout: await post(pr, '/api/v1/callouts', { title: 'Sources on glaciers', content: '<p>Looking for a <b>glaciologist</b> to explain the melt</p>' }),
    job: await post(journalist, '/api/v1/jobs', { title: 'Night editor', description: 'Run the desk', company: 'Quillfeather Gazette', workplace: 'remote', jobType: 'full-time' }),
    event: await post(pr, '/api/v1/events', { name: 'Harbour briefing', type: 'offline', address: '1 Quay Street', venue: 'Lighthouse hall', description: 'Press welcome' }),
    story: await post(admin, '/api/v1/stories', { articleKind: 'media', title: 'Tidewater report', summary: 'Tides rise', content: '<p>The saltmarsh story</p>' }),
    communityPost: await post(expert, '/api/v1/communityPosts', { content: '<p>Who covers zeppelins &amp; airships?</p>' }),
    mention: await post(expert, '/api/v1/communityPosts', { content: '<p>I met Jo Reporter at the zeppelin fair</p>' }),
    deleted: await post(expert, '/api/v1/communityPosts', { content: '<p>Gone: the marmalade recipe</p>' }),
    private: await post(pr, '/api/v1/communityPosts', { content: '<p>The embargoed kumquat results</p>', communities: [closed.id] }),
  };
  await expert.call('DELETE', `/api/v1/communityPosts/${ids.deleted}`);
  await admin.call('POST', '/api/v1/companies', { name: 'Mariner Analytics', website: 'https://mariner-analytics.example' });
  await journalist.call('POST', '/api/v1/u/jo-reporter/settings/responsibilities/outlets', { url: 'https://harbour-bugle.example' });
});

describe('search: one box for people, places and posts', () => {
  it('finds each kind of post by a word of its content or its own fields', async () => {
    const found = async (q: string, kind: 'posts' | 'stories') => group(await search(journalist, { q }), kind).map((hit) => hit.id);
    expect(await found('glaciologist', 'posts')).toEqual([ids.callout]);
    expect(await found('Quillfeather', 'posts')).toEqual([ids.job]);
    expect(await found('lighthouse', 'posts')).toEqual([ids.event]);
    expect(await found('airships', 'posts')).toEqual([ids.communityPost]);
    expect(await found('saltmarsh', 'stories')).toEqual([ids.story]);
    // Stemmed: "glaciers" in the title is found by "glacier".
    expect(await found('glacier', 'posts')).toEqual([ids.callout]);
  });

  it('finds people by name, job, organisation and beat; companies, outlets and communities by name', async () => {
    expect(titles(await search(pr, { q: 'Jo Reporter' }), 'people')[0]).toBe('Jo Reporter');
    expect(titles(await search(pr, { q: 'investigative' }), 'people')).toEqual(['Jo Reporter']);
    expect(titles(await search(pr, { q: 'Bugle' }), 'people')).toEqual(['Jo Reporter']);
    expect(titles(await search(pr, { q: 'politics' }), 'people')).toEqual(['Jo Reporter']);
    expect(titles(await search(pr, { q: 'mariner' }), 'companies')).toEqual(['Mariner Analytics']);
    expect(group(await search(pr, { q: 'harbour-bugle.example' }), 'outlets')).toHaveLength(1);
    expect(titles(await search(pr, { q: 'embargoed' }), 'communities')).toEqual(['Embargoed briefings']);
  });

  it('finds a person by a misspelt name or job ("jouranlist")', async () => {
    expect(titles(await search(pr, { q: 'jouranlist' }), 'people')).toEqual(['Jo Reporter']);
    expect(titles(await search(pr, { q: 'Eve Exprt' }), 'people')).toContain('Eve Expert');
    expect(titles(await search(pr, { q: 'climatolgist' }), 'people')).toEqual(['Eve Expert']);
  });

  it('ranks an exact name above a passing mention', async () => {
    await admin.call('PATCH', '/api/v1/u/pat-publicist/settings/job', { job: 'Once worked with Jo at the reporter desk' });
    const people = titles(await search(admin, { q: 'Jo Reporter' }), 'people');
    expect(people[0]).toBe('Jo Reporter');
    expect(people).toContain('Pat Publicist');
    expect(group(await search(admin, { q: 'Jo Reporter' }), 'posts').map((hit) => hit.id)).toContain(ids.mention);
  });

  it('finds a word while it is still being typed', async () => {
    expect(group(await search(journalist, { q: 'glaciol' }), 'posts').map((hit) => hit.id)).toEqual([ids.callout]);
    expect(titles(await search(journalist, { q: 'Mari' }), 'companies')).toEqual(['Mariner Analytics']);
  });

  it('highlights matches in escaped HTML', async () => {
    const [hit] = group(await search(journalist, { q: 'airships' }), 'posts');
    expect(hit!.snippetHtml).toContain('Who covers zeppelins &amp; <mark>airships</mark>');
    expect(hit!.detail).toBe('Community Post · Eve Expert');
    const [callout] = group(await search(journalist, { q: 'glaciers' }), 'posts');
    expect(callout!.titleHtml).toBe('Sources on <mark>glaciers</mark>');
    expect(callout!.snippetHtml).not.toContain('<b>');
  });

  it('never returns a deleted post', async () => {
    expect(group(await search(expert, { q: 'marmalade' }), 'posts')).toEqual([]);
    expect(group(await search(admin, { q: 'marmalade' }), 'posts')).toEqual([]);
  });

  it("returns a private community's posts to its members only", async () => {
    expect(group(await search(journalist, { q: 'kumquat' }), 'posts')).toEqual([]);
    expect(group(await search(expert, { q: 'kumquat' }), 'posts')).toEqual([]);
    expect(group(await search(pr, { q: 'kumquat' }), 'posts').map((hit) => hit.id)).toEqual([ids.private]);
    expect(group(await search(admin, { q: 'kumquat' }), 'posts').map((hit) => hit.id)).toEqual([ids.private]);
  });

  it('never shows a private profile to a guest; others find it by name only, without its details', async () => {
    await expert.call('PATCH', '/api/v1/u/eve-expert/settings/permissions/view/private');
    try {
      expect(titles(await search(null, { q: 'Eve Expert' }), 'people')).toEqual([]);
      expect(titles(await search(null, { q: 'climatologist' }), 'people')).toEqual([]);
      expect(titles(await search(null, { q: 'Jo Reporter' }), 'people')).toContain('Jo Reporter');
      expect(titles(await search(null, { q: 'Expert' }), 'people')).not.toContain('Eve Expert');
      expect(titles(await search(journalist, { q: 'climatologist' }), 'people')).toEqual([]);
      const [eve] = group(await search(journalist, { q: 'Eve Expert' }), 'people');
      expect(eve).toMatchObject({ title: 'Eve Expert', detail: null });
      expect(group(await search(expert, { q: 'climatologist' }), 'people')[0]).toMatchObject({ title: 'Eve Expert', detail: 'Climatologist' });
      expect(titles(await search(admin, { q: 'climatologist' }), 'people')).toEqual(['Eve Expert']);
    } finally {
      await expert.call('PATCH', '/api/v1/u/eve-expert/settings/permissions/view/public');
    }
  });

  it('finds interviews by a word of their brief or a question, as their lists have them: a draft by its creator alone, a callout by those it targets', async () => {
    const ask = async (who: Caller, title: string, brief: string, question: string) => {
      const created = await who.call('POST', '/api/v1/interviews', { title, brief, questions: [{ kind: 'text', text: question }] });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().id as number;
    };
    const published = await ask(journalist, 'Dredging the estuary', '<p>What the <b>sediment</b> tells us</p>', 'Which channels silt up first?');
    await journalist.call('POST', `/api/v1/interviews/${published}/publish`);
    const draft = await ask(journalist, 'Lighthouse keepers remember', 'Oral histories of the quayside', 'Who sounded the foghorn?');
    await journalist.call('POST', `/api/v1/interviews/${draft}/invitations`, { userIds: [expert.id] });
    const callout = await ask(pr, 'Brewers on barley', 'Harvest costs this year', 'How dear is malting now?');
    const targeted = await pr.call('POST', `/api/v1/callouts/async/${callout}`, { title: 'Brewers wanted', content: 'Tell us in writing', userTypes: ['journo'] });
    expect(targeted.statusCode, targeted.body).toBe(201);
    const found = async (who: Caller, q: string) => group(await search(who, { q, kind: 'interviews' }), 'interviews').map((hit) => hit.id);

    expect(await found(expert, 'sediment')).toEqual([published]);
    expect(await found(expert, 'channels')).toEqual([published]);
    expect(await found(journalist, 'quayside')).toEqual([draft]);
    expect(await found(journalist, 'foghorn')).toEqual([draft]);
    for (const who of [expert, pr, admin]) expect(await found(who, 'foghorn')).toEqual([]);
    expect(await found(journalist, 'malting')).toEqual([callout]);
    expect(await found(pr, 'malting')).toEqual([callout]);
    expect(await found(expert, 'malting')).toEqual([]);
    await pr.call('POST', `/api/v1/interviews/${callout}/invitations`, { userIds: [expert.id] });
    expect(await found(expert, 'malting')).toEqual([callout]);

    const [hit] = group(await search(expert, { q: 'silt channels' }), 'interviews');
    expect(hit).toMatchObject({ kind: 'interviews', id: published, title: 'Dredging the estuary', snippetHtml: expect.stringContaining('<mark>channels</mark> <mark>silt</mark>'), detail: 'Interview · Jo Reporter' });
    expect(hit!.publishedAt).not.toBeNull();
    expect((await search(null, { q: 'sediment' })).groups).toEqual([]);
  });

  it('finds announcements by headline and body: public ones for everyone, guests included; never a draft, an embargoed one or a private newsroom’s', async () => {
    const newsroom = async (name: string, isPublic: boolean) => {
      const company = await admin.call('POST', '/api/v1/companies', { name, website: `https://${name.toLowerCase().replace(/[^a-z]+/g, '')}.example` });
      expect(company.statusCode, company.body).toBe(201);
      const { slug } = (await pr.call('GET', '/api/v1/current_user/info')).json();
      expect((await admin.call('PATCH', `/api/v1/u/${slug}/settings/company/${company.json().id}/join`)).statusCode).toBe(200);
      const made = await pr.call('POST', '/api/v1/newsrooms', { companyId: company.json().id, name, isPublic });
      expect(made.statusCode, made.body).toBe(201);
      return made.json().id as number;
    };
    const announce = async (newsroomId: number, headline: string, body: string, extra: object = {}, publish = true) => {
      const made = await pr.call('POST', '/api/v1/announcements', { newsroomId, headline, body, ...extra });
      expect(made.statusCode, made.body).toBe(201);
      if (publish) expect((await pr.call('POST', `/api/v1/announcements/${made.json().id}/publish`)).statusCode).toBe(200);
      return made.json().id as number;
    };
    const open = await newsroom('Quokka Press', true);
    const closed = await newsroom('Quiet Quokka', false);
    const released = await announce(open, 'Quokka sanctuary opens', '<p>The wombat enclosure follows in spring</p>', { beats: [355] });
    await announce(open, 'Quokka plans', '<p>A wombat draft</p>', {}, false);
    await announce(open, 'Quokka results', '<p>Embargoed wombat counts</p>', { embargoUntil: '2030-01-01T09:00:00+08:00' });
    await announce(closed, 'Quokka news', '<p>A private wombat</p>');

    const found = async (who: Caller | null, query: Record<string, string>) => group(await search(who, { ...query, kind: 'announcements' }), 'announcements').map((hit) => hit.id);
    expect(await found(null, { q: 'wombat' })).toEqual([released]);
    expect(await found(journalist, { q: 'quokka' })).toEqual([released]);
    expect(await found(pr, { q: 'quokka' })).toEqual([released]);
    expect(await found(journalist, { q: 'quokka', beat: '355' })).toEqual([released]);
    expect(await found(journalist, { q: 'quokka', beat: '62' })).toEqual([]);
    expect(await found(journalist, { q: 'quokka', to: '2000-01-01' })).toEqual([]);
    const [hit] = group(await search(null, { q: 'quokka sanctuary' }), 'announcements');
    expect(hit).toMatchObject({ kind: 'announcements', id: released, title: 'Quokka sanctuary opens', titleHtml: '<mark>Quokka</mark> <mark>sanctuary</mark> opens', detail: 'Announcement · Quokka Press' });
    expect(hit!.publishedAt).not.toBeNull();

    // A page of one: its hit has its snippet; the one read past it only tells that there is more.
    await announce(open, 'Marsupial census', '<p>Wombat burrows, counted by wombat</p>');
    const [onePage] = (await search(journalist, { q: 'wombat', kind: 'announcements', limit: '1' })).groups;
    expect(onePage).toMatchObject({ hasMore: true, items: [{ snippetHtml: expect.stringMatching(/<mark>wombat<\/mark>/i) }] });
  });

  it('gives guests people, companies, outlets and public announcements only', async () => {
    const result = await search(null, { q: 'harbour' });
    expect(result.status).toBe(200);
    expect(result.groups.map((g) => g.kind).every((kind) => ['people', 'companies', 'outlets', 'announcements'].includes(kind))).toBe(true);
  });

  it('groups in a fixed order, pages one kind, and filters by kind, beat and date', async () => {
    const all = await search(admin, { q: 'harbour' });
    expect(all.groups.map((g) => g.kind)).toEqual(['people', 'outlets', 'posts']);
    const first = await search(admin, { q: 'zeppelin', kind: 'posts', limit: '1' });
    expect(first.groups).toEqual([expect.objectContaining({ kind: 'posts', offset: 0, hasMore: true })]);
    const second = await search(admin, { q: 'zeppelin', kind: 'posts', limit: '1', offset: '1' });
    expect(second.groups[0]).toMatchObject({ hasMore: false });
    expect([first.groups[0]!.items[0]!.id, second.groups[0]!.items[0]!.id].sort()).toEqual([ids.communityPost, ids.mention].sort());
    // Eve covers tech and people (beats 355, 357); Jo politics and business.
    expect(group(await search(admin, { q: 'zeppelin', beat: '357' }), 'posts')).toHaveLength(2);
    expect(group(await search(admin, { q: 'zeppelin', beat: '62' }), 'posts')).toHaveLength(0);
    const today = new Date().toISOString().slice(0, 10);
    const dated = await search(admin, { q: 'harbour', from: today, to: today });
    expect(dated.groups.map((g) => g.kind)).toEqual(['posts']);
    expect((await search(admin, { q: 'harbour', to: '2000-01-01' })).groups).toEqual([]);
  });

  it('answers bad input with 400 and its lines', async () => {
    for (const [query, line] of [
      [{ q: ' ' }, 'Search is required'],
      [{ q: 'x'.repeat(201) }, 'Search must be at most 200 characters'],
      [{ q: 'a', kind: 'planets' }, 'Unknown kind'],
      [{ q: 'a', beat: '1' }, 'Unknown beat'],
      [{ q: 'a', from: '2024-02-30' }, 'From must be a date (YYYY-MM-DD)'],
      [{ q: 'a', from: '2024-02-02', to: '2024-02-01' }, 'From must not be after To'],
    ] as const) {
      const response = await journalist.call('GET', `/api/v1/search?${new URLSearchParams(query)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.join(' ')).toContain(line);
    }
    for (const q of ['"', '-', '!', '(a', 'a & b | !c', 'or', ':*', '\\', "'"]) expect((await search(journalist, { q })).status).toBe(200);
  });
});
