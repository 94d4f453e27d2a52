import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { replayInline } from '../../projections/replay.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';

const t = useTestCore(productModel, { process: false });
const { admin, journalist, pr } = useDemo(t);

async function snapshot() {
  const tables = productModel.inline.flatMap((projection) => projection.tables);
  const entries = await Promise.all(tables.map(async (table) => [table, (await sql`select * from ${sql.table(table)} order by 1, 2`.execute(t.database.db)).rows] as const));
  return Object.fromEntries(entries);
}

describe('the profile read models', () => {
  it('rebuild from the log into tables identical to the live ones', async () => {
    const JO = '/api/v1/u/jo-reporter/settings';
    const PAT = '/api/v1/u/pat-publicist/settings';
    const jo = journalist;
    const calls: [typeof jo, 'PATCH' | 'POST' | 'DELETE', string, object?][] = [
      [jo, 'PATCH', `${JO}/name/first`, { firstname: 'Joanna' }],
      [jo, 'PATCH', `${JO}/job`, { job: 'Editor' }],
      [jo, 'PATCH', `${JO}/organization`, { organization: 'The Bugle' }],
      [jo, 'PATCH', `${JO}/timezone`, { timezone: 'Europe/Paris' }],
      [jo, 'PATCH', `${JO}/country`, { id: 'FR' }],
      [jo, 'PATCH', `${JO}/beats`, { ids: [19] }],
      [jo, 'PATCH', `${JO}/permissions/view/private`],
      [jo, 'PATCH', `${JO}/contacts`, { mobile: '+33 6 00 00 00 00' }],
      [jo, 'PATCH', `${JO}/contacts`, { mobile: null, home: '01 00 00 00 00' }],
      [jo, 'PATCH', `${JO}/links`, { website: 'jo.example', twitter: 'x.com/jo' }],
      [jo, 'PATCH', `${JO}/addresses/office`, { street: '1 Rue', city: 'Paris', country: 'FR' }],
      [jo, 'DELETE', `${JO}/addresses/office`],
      [jo, 'PATCH', `${JO}/addresses/home`, { street: '2 Rue', city: 'Paris' }],
      [jo, 'PATCH', `${JO}/follows/feeds/types/media`],
      [jo, 'PATCH', `${JO}/follows/feeds/types/epitome`],
      [jo, 'DELETE', `${JO}/follows/feeds/types/media`],
      [jo, 'PATCH', `${JO}/subscriptions/daily`, { subscribed: true }],
      [jo, 'PATCH', `${JO}/notifications/like`, { inApp: false }],
      [jo, 'PATCH', `${JO}/notifications/like`, { inApp: true }],
      [jo, 'PATCH', `${JO}/notifications/comment`, { inApp: false }],
      [jo, 'POST', `${JO}/responsibilities/outlets`, { url: 'lemonde.example' }],
      [jo, 'POST', `${JO}/responsibilities/outlets`, { url: 'bugle.example' }],
      [admin, 'POST', '/api/v1/companies', { name: 'Pressroom', website: 'pressroom.local' }],
      [admin, 'POST', '/api/v1/companies', { name: 'Harbour', website: 'harbour.example' }],
      [jo, 'PATCH', `${JO}/onboarding`, { stage: 'follows' }],
    ];
    for (const [who, method, url, body] of calls) expect((await who.call(method, url, body)).statusCode, url).toBeLessThan(300);

    const outlets = (await jo.call('GET', `${JO}/responsibilities/outlets`)).json().data;
    await jo.call('PATCH', `${JO}/responsibilities/outlets/${outlets[0].outlet.id}`, { roles: ['editor'], beats: [19, 62], roleTitle: 'Editor' });
    await jo.call('DELETE', `${JO}/responsibilities/outlets/${outlets[1].outlet.id}`);
    const company = (await pr.call('GET', '/api/v1/companies?q=pressroom')).json().data[0];
    const harbour = (await pr.call('GET', '/api/v1/companies?q=harbour')).json().data[0];
    await pr.call('PATCH', `${PAT}/company/${company.id}/join`);
    await admin.call('PATCH', `${PAT}/company/${harbour.id}/join`);
    await pr.call('PATCH', `${PAT}/responsibilities/companies/${company.id}`, { roles: ['communications'], isMediaContact: true, beats: [355] });
    await pr.call('PATCH', `${PAT}/responsibilities/spokesperson`, { company: harbour.id, roleTitle: 'Voice' });
    await pr.call('PATCH', `${PAT}/responsibilities/spokesperson`, { company: company.id, roleTitle: 'Speaker' });
    await admin.call('DELETE', `${PAT}/responsibilities/companies/${harbour.id}`);
    await pr.call('PATCH', `${PAT}/onboarding`, { stage: 'basic' });
    await pr.call('PATCH', `${PAT}/onboarding`, { stage: false });

    const live = await snapshot();
    expect(live.user_profiles).toHaveLength(1);
    expect(live.outlet_people).toHaveLength(1);
    // Ada made the Pressroom page with her pressroom.local address, so she answers for it too.
    expect(live.company_people).toHaveLength(2);
    expect(live.spokespersons).toHaveLength(1);
    expect(live.notification_preferences).toHaveLength(2);
    expect(live.feed_type_follows).toHaveLength(3);
    await sql`update users set firstname = 'x', logo = 'y'`.execute(t.database.db);
    await sql`delete from user_profiles`.execute(t.database.db);
    await sql`delete from spokespersons`.execute(t.database.db);
    await sql`update company_people set roles = '{}'`.execute(t.database.db);

    await replayInline(t.database.db, t.core.store, productModel.inline);
    expect(await snapshot()).toEqual(live);
  });
});
