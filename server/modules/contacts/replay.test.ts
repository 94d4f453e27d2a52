import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { replayInline } from '../../projections/replay.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import { contactsProjection } from './projection.ts';

const t = useTestCore(productModel, { process: false });
const { pr: pat, journalist: jo } = useDemo(t);

async function snapshot() {
  const entries = await Promise.all(contactsProjection.tables.map(async (table) => [table, (await sql`select * from ${sql.table(table)} order by 1, 2, 3`.execute(t.database.db)).rows] as const));
  return Object.fromEntries(entries);
}

describe('the contacts read model', () => {
  it('rebuilds from the log into tables identical to the live ones: contacts, notes and their history, lists, merges', async () => {
    const add = async (body: object) => (await pat.call('POST', '/api/v1/contacts', body)).json().id as number;
    const a = await add({ name: 'Ann Able', emails: ['ann@a.example'], tags: ['x'], links: { twitter: 'twitter.com/ann' }, addresses: { office: { city: 'Perth', country: 'AU' } } });
    const b = await add({ name: 'Ann B', emails: ['ann@a.example', 'ann@b.example'], phones: { mobile: '0400 111 222' } });
    const c = await add({ name: 'Cal Cole', beats: [355], country: 'NZ' });
    const d = await add({ name: 'Cal Cole' });
    const note = (await pat.call('POST', `/api/v1/contacts/${b}/notes`, { text: 'First' })).json().id;
    await pat.call('PATCH', `/api/v1/contacts/${b}/notes/${note}`, { text: 'Second' });
    await pat.call('POST', `/api/v1/contacts/${a}/notes`, { text: 'On Ann' });
    const list = (await pat.call('POST', '/api/v1/contact-lists', { name: 'Launch', description: 'Q3' })).json().id;
    await pat.call('POST', `/api/v1/contact-lists/${list}/contacts`, { contactIds: [c, b, a], userIds: [jo.id] });
    const other = (await pat.call('POST', '/api/v1/contact-lists', { name: 'Other' })).json().id;
    await pat.call('POST', `/api/v1/contact-lists/${other}/contacts`, { contactIds: [b, d] });
    await pat.call('PATCH', `/api/v1/contact-lists/${list}`, { name: 'Launch list' });
    await pat.call('POST', `/api/v1/contacts/${b}/do-not-contact`);
    await pat.call('PATCH', `/api/v1/contacts/${c}`, { jobTitle: 'Editor', tags: ['y'] });
    expect((await pat.call('POST', `/api/v1/contacts/${a}/merge`, { otherId: b })).statusCode).toBe(200);
    await pat.call('POST', `/api/v1/contacts/${c}/not-duplicate`, { otherId: d });
    await pat.call('DELETE', `/api/v1/contact-lists/${other}/contacts`, { contactIds: [d] });
    await pat.call('DELETE', `/api/v1/contacts/${d}`);
    const quiet = await add({ name: 'Quiet', emails: ['quiet@q.example', 'q2@q.example'] });
    await pat.call('POST', `/api/v1/contacts/${quiet}/do-not-contact`);
    await pat.call('DELETE', `/api/v1/contacts/${quiet}`);
    await jo.call('PATCH', `/api/v1/u/${(await jo.call('GET', '/api/v1/current_user/info')).json().slug}/settings/name/first`, { firstname: 'Joanna' });

    const live = await snapshot();
    expect(live.contacts).toHaveLength(3);
    expect(live.contact_notes).toHaveLength(2);
    expect(live.contact_note_revisions).toHaveLength(1);
    expect((live.contact_suppressions as { email: string }[]).map((row) => row.email).sort()).toEqual(['ann@a.example', 'ann@b.example', 'q2@q.example', 'quiet@q.example']);
    expect((live.contacts as { user_id: number | null; name: string }[]).find((row) => row.user_id === jo.id)?.name).toBe('Joanna Reporter');
    await sql`update contacts set name = 'Broken', tags = '{}'`.execute(t.database.db);
    await sql`delete from contact_list_members`.execute(t.database.db);
    await sql`delete from contact_suppressions`.execute(t.database.db);

    await replayInline(t.database.db, t.core.store, productModel.inline);
    expect(await snapshot()).toEqual(live);
  });
});
