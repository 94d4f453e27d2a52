import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { replayInline } from '../../projections/replay.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { contactsProjection } from './projection.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const { pr: pat, journalist: jo } = demo;

async function snapshot() {
  const entries = await Promise.all(contactsProjection.tables.map(async (table) => [table, (await sql`select * from ${sql.table(table)} order by 1, 2, 3`.execute(t.database.db)).rows] as const));
  return Object.fromEntries(entries);
}

const BOUNDARY = 'replay-boundary';
/** An import's form: its new contacts are written set-based (one append, one insert), which a replay must match event by event. */
const importForm = (csv: string) =>
  [
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="consent"\r\n\r\ntrue\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n{"name":"name","emails":"emails","tags":"tags"}\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${BOUNDARY}--\r\n`,
  ].join('');

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
    const living = (await pat.call('POST', '/api/v1/contact-lists', { name: 'Tech in NZ', filter: { beat: 355, country: 'NZ' } })).json().id;
    await demo.app.inject({ method: 'PUT', url: `/api/v1/contact-lists/${living}/filter`, headers: { 'x-requested-with': 'XMLHttpRequest' }, cookies: { [SESSION_COOKIE]: pat.token }, payload: { filter: { beat: 355 } } });
    await pat.call('POST', `/api/v1/contacts/${b}/do-not-contact`);
    await pat.call('PATCH', `/api/v1/contacts/${c}`, { jobTitle: 'Editor', tags: ['y'] });
    expect((await pat.call('POST', `/api/v1/contacts/${a}/merge`, { otherId: b })).statusCode).toBe(200);
    await pat.call('POST', `/api/v1/contacts/${c}/not-duplicate`, { otherId: d });
    await pat.call('DELETE', `/api/v1/contact-lists/${other}/contacts`, { contactIds: [d] });
    await pat.call('DELETE', `/api/v1/contacts/${d}`);
    const quiet = await add({ name: 'Quiet', emails: ['quiet@q.example', 'q2@q.example'] });
    await pat.call('POST', `/api/v1/contacts/${quiet}/do-not-contact`);
    await pat.call('DELETE', `/api/v1/contacts/${quiet}`);
    // An import after the suppression: its row with a suppressed address starts do-not-contact.
    const imported = await demo.app.inject({
      method: 'POST',
      url: '/api/v1/contacts/import',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      cookies: { [SESSION_COOKIE]: pat.token },
      payload: importForm('name,emails,tags\nQuinn Again,quiet@q.example,back\nNew One,new@n.example,\nNew Two,,x;y\nAnn Able,ann@a.example,x\n'),
    });
    expect(imported.json()).toMatchObject({ imported: 3, updated: 1, unchanged: 0 });
    expect((await pat.call('POST', `/api/v1/contacts/recommendations/${demo.expert.id}/dismiss`)).statusCode).toBe(204);
    await jo.call('PATCH', `/api/v1/u/${(await jo.call('GET', '/api/v1/current_user/info')).json().slug}/settings/name/first`, { firstname: 'Joanna' });

    const live = await snapshot();
    expect(live.contacts).toHaveLength(6);
    expect((live.contacts as { name: string; do_not_contact: boolean }[]).find((row) => row.name === 'Quinn Again')?.do_not_contact).toBe(true);
    expect(live.contact_notes).toHaveLength(2);
    expect(live.contact_recommendation_dismissals).toHaveLength(1);
    expect((live.contact_lists as { name: string; filter: unknown }[]).find((row) => row.name === 'Tech in NZ')?.filter).toEqual({ beat: 355 });
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
