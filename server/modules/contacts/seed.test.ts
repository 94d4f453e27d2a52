import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { seedContacts } from '../../seed/contacts.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';

const t = useTestCore(productModel, { process: false });
const { pr: pat, journalist: jo } = useDemo(t);

describe('the demo media list', () => {
  it('gives Harbour PR contacts, a journalist of the platform, notes, lists and a pair to merge', async () => {
    await seedContacts(pat, jo.id);
    const all = (await pat.call('GET', '/api/v1/contacts?tag=launch')).json().data.map((row: { name: string }) => row.name);
    expect(all).toEqual(['Jo Reporter', 'Mia Chen', 'Tom Walker']);
    const lists = (await pat.call('GET', '/api/v1/contact-lists')).json().data.map((list: { name: string; count: number }) => [list.name, list.count]);
    expect(lists).toEqual([['Politics desk', 1], ['Product launch', 3]]);
    const pairs = (await pat.call('GET', '/api/v1/contacts/duplicates')).json().data;
    expect(pairs.map((pair: { reason: string; contacts: { name: string }[] }) => [pair.reason, pair.contacts.map((c) => c.name)])).toEqual([['name', ['Mia Chen', 'Mia Chen']]]);
  });
});
