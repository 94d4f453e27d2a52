import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { replayInline } from '../../projections/replay.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import { newsroomsProjection } from './projection.ts';
import { newAccount, newPerson, placeIn } from '../../testing/accounts.ts';
import { companyWith, mailedCode } from './testing.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);

async function snapshot() {
  const entries = await Promise.all(newsroomsProjection.tables.map(async (table) => [table, (await sql`select * from ${sql.table(table)} order by 1, 2`.execute(t.database.db)).rows] as const));
  return Object.fromEntries(entries);
}

describe('the newsrooms read model', () => {
  it('rebuilds from the log into tables identical to the live ones: newsrooms, their edits and the people confirmed to edit them', async () => {
    const pat = demo.pr;
    const company = await companyWith(demo.admin, 'Replay Co', [pat]);
    const make = async (body: object) => (await pat.call('POST', '/api/v1/newsrooms', { companyId: company.id, ...body })).json().id as number;
    const a = await make({ name: 'Replay One', about: 'First', links: { twitter: 'twitter.com/replay', website: 'replay.example' }, languages: ['en', 'fr'], pressContacts: [pat.id], brandColour: '#abcdef' });
    const b = await make({ name: 'Replay Two', isPublic: true });
    await pat.call('PATCH', `/api/v1/newsrooms/${a}`, { about: 'Second', slug: 'replay-renamed', isPublic: true, links: { linkedIn: 'linkedin.com/company/replay' } });
    await pat.call('PATCH', `/api/v1/newsrooms/${b}`, { brandColour: null, languages: ['de'] });
    const outsider = await newPerson(demo.app, 'Otto');
    await placeIn(demo.admin, outsider, await newAccount(demo.admin, 'Replay Agency', ['ROLE_MODULE_ONLINE_NEWSROOM']));
    await outsider.call('POST', `/api/v1/newsrooms/${a}/access`);
    const confirmed = await demo.app.inject({ method: 'POST', url: `/api/v1/newsrooms/confirm/${await mailedCode(t.core, 'pr@pressroom.local')}`, headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await outsider.call('PATCH', `/api/v1/newsrooms/${a}`, { name: 'Replay One, by the agency' });
    await demo.pr.call('POST', '/api/v1/c/onboarding', { companyId: company.id });

    const live = await snapshot();
    expect(live.newsrooms).toHaveLength(2);
    expect(live.newsroom_managers).toHaveLength(1);
    await sql`update newsrooms set name = 'Broken', links = '{}'`.execute(t.database.db);
    await sql`delete from newsroom_managers`.execute(t.database.db);

    await replayInline(t.database.db, t.core.store, productModel.inline);
    expect(await snapshot()).toEqual(live);
  });
});
