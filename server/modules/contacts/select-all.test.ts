import { beforeAll, describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';
import { newAccount, newPerson, placeIn } from '../../testing/accounts.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const { pr: pat, admin: ada } = demo;

const SPORTS = 354;
const people = {} as { reader: Caller; rival: Caller; sam: Caller; sue: Caller };
type Row = { id: number | null; userId: number | null; name: string; tags: string[] };

const add = async (who: Caller, body: object) => (await who.call('POST', '/api/v1/contacts', body)).json().id as number;
const rows = async (who: Caller, query: string) => (await who.call('GET', `/api/v1/contacts?${query}&limit=500`)).json().data as Row[];
const names = async (who: Caller, query: string) => (await rows(who, query)).map((row) => row.name).sort();

beforeAll(async () => {
  const harbour = (await pat.call('GET', '/api/v1/current_user/info')).json().account.id;
  people.reader = await newPerson(demo.app, 'Rita');
  await placeIn(ada, people.reader, harbour, { readOnly: true });
  people.rival = await newPerson(demo.app, 'Rex');
  await placeIn(ada, people.rival, await newAccount(ada, 'Rival PR', ['ROLE_MODULE_CONTACTS']));
  // Two sports journalists on the platform the account keeps no record of.
  for (const name of ['Sam', 'Sue'] as const) {
    const journalist = await newPerson(demo.app, `Sprint${name.toLowerCase()}`, 'journo');
    const slug = (await journalist.call('GET', '/api/v1/current_user/info')).json().slug;
    await journalist.call('PATCH', `/api/v1/u/${slug}/settings/beats`, { ids: [SPORTS] });
    people[name.toLowerCase() as 'sam' | 'sue'] = journalist;
  }
  for (const name of ['Sprint Ann', 'Sprint Bob', 'Sprint Cat']) await add(pat, { name, beats: [SPORTS], tags: ['select-all'] });
  await add(pat, { name: 'Sprint Dan', beats: [62], tags: ['select-all'] });
  await add(people.rival, { name: 'Sprint Rival', beats: [SPORTS], tags: ['select-all'] });
});

describe('"select all" on the contacts table', () => {
  it('puts everyone the filters match on a list, the platform’s journalists and rows never read included', async () => {
    const list = (await pat.call('POST', '/api/v1/contact-lists', { name: 'Sports desk' })).json();
    const filter = { q: 'sprint', beat: SPORTS };
    const matching = await names(pat, 'q=sprint&beat=354');
    expect(matching).toEqual(['Sprint Ann', 'Sprint Bob', 'Sprint Cat', 'Sprintsam Tester', 'Sprintsue Tester']);
    const answer = await pat.call('POST', `/api/v1/contact-lists/${list.id}/contacts`, { filter });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().count).toBe(5);
    expect(await names(pat, `list=${list.id}`)).toEqual(matching);
    // The journalists now have records of the account: the filter finds them as contacts.
    expect((await rows(pat, 'q=sprint&beat=354')).every((row) => row.id !== null)).toBe(true);
    // Again: nobody is on a list twice.
    expect((await pat.call('POST', `/api/v1/contact-lists/${list.id}/contacts`, { filter })).json().count).toBe(5);
  });

  it('tags everyone the filters match in one go, keeping their other tags, and only the account’s', async () => {
    const answer = await pat.call('POST', '/api/v1/contacts/tags', { filter: { tag: 'select-all', beat: SPORTS }, tag: 'season' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ count: 3 });
    expect(await names(pat, 'tag=season')).toEqual(['Sprint Ann', 'Sprint Bob', 'Sprint Cat']);
    expect((await rows(pat, 'tag=season')).every((row) => row.tags.join() === 'select-all,season')).toBe(true);
    expect(await names(people.rival, 'tag=season')).toEqual([]);
  });

  it('tags contacts and journalists named by id, as the table’s hand-picked rows', async () => {
    const [dan] = await rows(pat, 'q=sprint%20dan');
    const sam = (await rows(pat, 'q=sprintsam'))[0]!;
    const answer = await pat.call('POST', '/api/v1/contacts/tags', { contactIds: [dan!.id], userIds: [people.sue.id], tag: 'picked' });
    expect(answer.json(), answer.body).toEqual({ count: 2 });
    expect(await names(pat, 'tag=picked')).toEqual(['Sprint Dan', 'Sprintsue Tester']);
    expect(sam.tags).not.toContain('picked');
    const theirs = (await rows(people.rival, 'q=sprint%20rival'))[0]!.id;
    expect((await pat.call('POST', '/api/v1/contacts/tags', { contactIds: [theirs], tag: 'picked' })).statusCode, 'another account’s contact').toBe(404);
  });

  it('exports the account’s contacts the filters match', async () => {
    const answer = await pat.call('GET', '/api/v1/contacts/export?q=sprint&tag=select-all&beat=354');
    expect(answer.statusCode).toBe(200);
    const exported = answer.body.trim().split('\n').slice(1).map((line) => line.split(',')[0]).sort();
    expect(exported).toEqual(['Sprint Ann', 'Sprint Bob', 'Sprint Cat']);
  });

  it('is all or nothing, refused to read-only people, and names people or a filter, not both', async () => {
    const full = await add(pat, { name: 'Sprint Full', tags: Array.from({ length: 50 }, (_, index) => `t${index}`) });
    const refused = await pat.call('POST', '/api/v1/contacts/tags', { filter: { q: 'sprint' }, tag: 'late' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual(['Sprint Full has 50 tags already']);
    expect(await names(pat, 'tag=late')).toEqual([]);
    await pat.call('DELETE', `/api/v1/contacts/${full}`);

    expect((await people.reader.call('POST', '/api/v1/contacts/tags', { filter: { q: 'sprint' }, tag: 'late' })).statusCode).toBe(403);
    const list = (await pat.call('POST', '/api/v1/contact-lists', { name: 'Read only' })).json();
    expect((await people.reader.call('POST', `/api/v1/contact-lists/${list.id}/contacts`, { filter: { q: 'sprint' } })).statusCode).toBe(403);

    const both = await pat.call('POST', `/api/v1/contact-lists/${list.id}/contacts`, { filter: { q: 'sprint' }, contactIds: [1] });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toEqual(['Name the people or a filter, not both']);
    const unknown = await pat.call('POST', '/api/v1/contacts/tags', { filter: { colour: 'red' }, tag: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect((await pat.call('POST', '/api/v1/contacts/tags', { filter: {}, tag: ' ' })).json().errors).toEqual(['Write a tag']);
  });
});
