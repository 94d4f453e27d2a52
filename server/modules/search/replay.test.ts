import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { replayInline } from '../../projections/replay.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const { admin, journalist, pr } = demo;

const SEARCHED = ['posts', 'users', 'user_profiles', 'companies', 'outlets', 'communities', 'announcements', 'interviews'] as const;

async function searchColumns() {
  const entries = await Promise.all(
    SEARCHED.map(async (table) => {
      const key = table === 'user_profiles' ? sql.ref('user_id') : sql.ref('id');
      const { rows } = await sql<{ key: number; vector: string }>`select ${key} as key, search_vector::text as vector from ${sql.table(table)} order by 1`.execute(t.database.db);
      return [table, rows] as const;
    }),
  );
  return Object.fromEntries(entries);
}

describe('search columns', () => {
  it('are rebuilt by a replay to what the live tables held', async () => {
    const callout = (await pr.call('POST', '/api/v1/callouts', { title: 'Sources on tides', content: '<p>First draft</p>' })).json();
    await pr.call('PATCH', `/api/v1/callouts/${callout.id}`, { title: 'Sources on tides and currents', content: '<p>Second <i>draft</i></p>' });
    const gone = (await journalist.call('POST', '/api/v1/communityPosts', { content: '<p>Soon deleted</p>' })).json();
    await journalist.call('DELETE', `/api/v1/communityPosts/${gone.id}`);
    await journalist.call('PATCH', '/api/v1/u/jo-reporter/settings/job', { job: 'Science journalist' });
    await journalist.call('PATCH', '/api/v1/u/jo-reporter/settings/organization', { organization: 'Tidal Times' });
    await journalist.call('PATCH', '/api/v1/u/jo-reporter/settings/name/last', { lastname: 'Writer' });
    await admin.call('POST', '/api/v1/companies', { name: 'Current Affairs Ltd', website: 'https://current-affairs.example' });
    await journalist.call('POST', '/api/v1/u/jo-reporter/settings/responsibilities/outlets', { url: 'https://tidal-times.example' });
    const desk = (await admin.call('POST', '/api/v1/communities', { name: 'Ocean desk', type: 'public' })).json();
    await admin.call('PATCH', `/api/v1/communities/${desk.slug}`, { description: 'Tides, currents and coasts' });
    const company = (await admin.call('POST', '/api/v1/companies', { name: 'Tide Works', website: 'https://tide-works.example' })).json().id;
    await admin.call('PATCH', `/api/v1/u/${(await pr.call('GET', '/api/v1/current_user/info')).json().slug}/settings/company/${company}/join`);
    const newsroom = (await pr.call('POST', '/api/v1/newsrooms', { companyId: company, name: 'Tide Works', isPublic: true })).json().id;
    const release = (await pr.call('POST', '/api/v1/announcements', { newsroomId: newsroom, headline: 'Tide Works maps the bay', body: '<p>First cut</p>' })).json().id;
    await pr.call('PATCH', `/api/v1/announcements/${release}`, { headline: 'Tide Works maps the bay', body: '<p>Charts of the <b>currents</b></p>' });
    await pr.call('POST', `/api/v1/announcements/${release}/publish`);
    const asking = (await journalist.call('POST', '/api/v1/interviews', { title: 'Tide tables', brief: '<p>First brief</p>', questions: [{ kind: 'text', text: 'Where do the eddies form?' }, { kind: 'text', text: 'Soon removed' }] })).json();
    const [eddies, removed] = asking.questions.map((question: { id: number }) => question.id);
    await journalist.call('PATCH', `/api/v1/interviews/${asking.id}`, { brief: '<p>Charting the <i>currents</i> of the bay</p>' });
    await journalist.call('PATCH', `/api/v1/interviews/${asking.id}/questions/${eddies}`, { text: 'Where do the eddies and rips form?' });
    await journalist.call('DELETE', `/api/v1/interviews/${asking.id}/questions/${removed}`);
    const added = (await journalist.call('POST', `/api/v1/interviews/${asking.id}/questions`, { kind: 'video', text: 'Show us the slack water' })).headers['object-id'];
    await journalist.call('PUT', `/api/v1/interviews/${asking.id}/questions`, { questionIds: [Number(added), eddies] });
    await journalist.call('POST', `/api/v1/interviews/${asking.id}/publish`);

    const live = await searchColumns();
    expect(live.posts!.length).toBe(2);
    expect(live.posts!.every((row) => row.vector.length > 0)).toBe(true);
    expect(live.announcements!.map((row) => row.vector)).toEqual([expect.stringContaining("'current':")]);
    expect(live.interviews!.map((row) => row.vector)).toEqual([expect.stringMatching(/'rip':.*'slack':/)]);
    expect(live.interviews![0]!.vector).not.toContain('remov');
    const search = async () => (await journalist.call('GET', '/api/v1/search?q=currents')).json();
    const found = await search();
    expect(found.groups.map((group: { kind: string }) => group.kind)).toEqual(['companies', 'communities', 'posts', 'interviews', 'announcements']);

    await replayInline(t.database.db, t.core.store, productModel.inline);
    expect(await searchColumns()).toEqual(live);
    expect(await search()).toEqual(found);
  });
});
