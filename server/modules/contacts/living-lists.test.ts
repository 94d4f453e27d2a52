import { beforeAll, describe, expect, it } from 'vitest';
import { LIVING_LIST } from '../../../contracts/contacts/api.ts';
import { productModel } from '../../model.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';
import { newAccount, newPerson, placeIn } from '../../testing/accounts.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const { pr: pat, admin: ada } = demo;

let rival: Caller;
beforeAll(async () => {
  rival = await newPerson(demo.app, 'Rex');
  await placeIn(ada, rival, await newAccount(ada, 'Rival PR', ['ROLE_MODULE_CONTACTS']));
});

/** PUT, which the demo callers do not send. */
const put = (who: Caller, url: string, payload: object) =>
  demo.app.inject({ method: 'PUT', url, headers: { 'x-requested-with': 'XMLHttpRequest' }, cookies: { pressroom_session: who.token }, payload });
const add = async (body: object) => (await pat.call('POST', '/api/v1/contacts', body)).json().id as number;
const members = async (listId: number) => ((await pat.call('GET', `/api/v1/contacts?list=${listId}&total=true`)).json() as { data: { name: string }[]; total: number }) ;
const count = async (listId: number) => (await pat.call('GET', `/api/v1/contact-lists/${listId}`)).json().count as number;

describe('a living list ("tech journalists in Australia")', () => {
  it('is a saved search of the directory whose members and count follow the contacts as they change', async () => {
    const ann = await add({ name: 'Ann Live', beats: [355], country: 'AU', tags: ['launch'] });
    const bob = await add({ name: 'Bob Live', beats: [355], country: 'NZ', tags: ['launch'] });
    await add({ name: 'Cal Live', beats: [62], country: 'AU', tags: ['launch'] });
    const created = await pat.call('POST', '/api/v1/contact-lists', { name: 'Tech launch in AU', filter: { beat: 355, country: 'AU', tag: 'launch' } });
    expect(created.statusCode, created.body).toBe(201);
    const list = created.json().id as number;
    expect(created.json().count).toBe(1);
    expect((await members(list)).data.map((row) => row.name)).toEqual(['Ann Live']);

    await pat.call('PATCH', `/api/v1/contacts/${bob}`, { country: 'AU' });
    expect((await members(list)).data.map((row) => row.name)).toEqual(['Ann Live', 'Bob Live']);
    expect(await count(list)).toBe(2);
    await pat.call('PATCH', `/api/v1/contacts/${ann}`, { tags: [] });
    expect((await members(list)).data.map((row) => row.name)).toEqual(['Bob Live']);
    await pat.call('DELETE', `/api/v1/contacts/${bob}`);
    expect(await count(list)).toBe(0);

    // Its search changes; the lists screen reads it back.
    const changed = await put(pat, `/api/v1/contact-lists/${list}/filter`, { filter: { tag: 'launch', country: 'AU' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().count).toBe(1);
    expect((await pat.call('GET', `/api/v1/contact-lists/${list}/filter`)).json()).toEqual({ filter: { tag: 'launch', country: 'AU' } });
    expect((await members(list)).data.map((row) => row.name)).toEqual(['Cal Live']);
    // The reader's own filters narrow it further.
    expect(((await pat.call('GET', `/api/v1/contacts?list=${list}&beat=355`)).json() as { data: unknown[] }).data).toHaveLength(0);
  });

  it('takes no one by hand, and a hand-made list takes no filter', async () => {
    const list = (await pat.call('POST', '/api/v1/contact-lists', { name: 'Living', filter: { hasEmail: true } })).json().id;
    const someone = await add({ name: 'By Hand', emails: ['hand@example.com'] });
    for (const [method, body] of [['POST', { contactIds: [someone] }], ['DELETE', { contactIds: [someone] }], ['PUT', { contactIds: [] }]] as const) {
      const answer = method === 'PUT' ? await put(pat, `/api/v1/contact-lists/${list}/contacts`, body) : await pat.call(method, `/api/v1/contact-lists/${list}/contacts`, body);
      expect(answer.statusCode, `${method} ${answer.body}`).toBe(422);
      expect(answer.json().errors).toEqual([LIVING_LIST]);
    }
    const handMade = (await pat.call('POST', '/api/v1/contact-lists', { name: 'Hand made' })).json().id;
    expect((await pat.call('GET', `/api/v1/contact-lists/${handMade}/filter`)).json()).toEqual({ filter: null });
    const refused = await put(pat, `/api/v1/contact-lists/${handMade}/filter`, { filter: { tag: 'x' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveLength(1);
  });

  it('exports its matches as they are when the export runs, streamed as the whole export is', async () => {
    // Added one after another: an export lists contacts in the order they were added.
    const ids: number[] = [];
    for (const contact of [
      { name: 'Exp Ada', beats: [62], country: 'NZ', emails: ['ada@exp.example'], tags: ['export-me'] },
      { name: 'Exp Ben', beats: [62], country: 'AU', tags: ['export-me'] },
      { name: 'Exp Cy', beats: [355], country: 'NZ', tags: ['export-me'] },
    ]) {
      ids.push(await add(contact));
    }
    const list = (await pat.call('POST', '/api/v1/contact-lists', { name: 'Exported', filter: { q: 'exp', tag: 'export-me', beat: 62 } })).json().id as number;
    const exportedNames = async (query: string) => {
      const answer = await pat.call('GET', `/api/v1/contacts/export?${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
      return answer.body.trim().split('\n').slice(1).map((line) => line.split(',')[0]);
    };
    expect(await exportedNames(`list=${list}`)).toEqual(['Exp Ada', 'Exp Ben']);
    await pat.call('PATCH', `/api/v1/contacts/${ids[2]}`, { beats: [62] });
    await pat.call('PATCH', `/api/v1/contacts/${ids[0]}`, { tags: [] });
    expect(await exportedNames(`list=${list}`)).toEqual(['Exp Ben', 'Exp Cy']);
    // A selection exports only those of the chosen that the list holds now.
    expect(await exportedNames(`list=${list}&ids=${ids.join(',')}`)).toEqual(['Exp Ben', 'Exp Cy']);
    expect(await exportedNames(`list=${list}&ids=${ids[0]}`)).toEqual([]);
    expect((await rival.call('GET', `/api/v1/contacts/export?list=${list}`)).statusCode).toBe(404);
  });

  it('refuses a search with nothing in it or a rule broken, line by line, and is the account\'s own', async () => {
    for (const filter of [{}, { beat: 1 }, { country: 'Atlantis' }, { colour: 'red' }, { q: '' }]) {
      const answer = await pat.call('POST', '/api/v1/contact-lists', { name: 'Bad', filter });
      expect(answer.statusCode, JSON.stringify(filter)).toBe(400);
      expect(answer.json().errors.length, answer.body).toBeGreaterThan(0);
    }
    const list = (await pat.call('POST', '/api/v1/contact-lists', { name: 'Ours', filter: { tag: 'ours' } })).json().id;
    expect((await rival.call('GET', `/api/v1/contact-lists/${list}/filter`)).statusCode).toBe(404);
    expect((await put(rival, `/api/v1/contact-lists/${list}/filter`, { filter: { tag: 'theirs' } })).statusCode).toBe(404);
    expect(((await rival.call('GET', `/api/v1/contacts?list=${list}`)).json() as { data: unknown[] }).data).toHaveLength(0);
  });
});
