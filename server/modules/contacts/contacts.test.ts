import { describe, expect, it, beforeAll } from 'vitest';
import { productModel } from '../../model.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';
import { newAccount, newPerson, placeIn } from '../../testing/accounts.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const { pr: pat, journalist: jo, admin: ada } = demo;

/** Pat's colleague at Harbour PR (not an account admin), and a PR person of another account. */
const people = {} as { colleague: Caller; rival: Caller; reader: Caller };
let harbour: number;
beforeAll(async () => {
  harbour = (await demo.app.inject({ method: 'GET', url: '/api/v1/current_user/info', headers: { 'x-requested-with': 'XMLHttpRequest' }, cookies: { pressroom_session: pat.token } })).json().account.id;
  people.colleague = await newPerson(demo.app, 'Cole');
  await placeIn(ada, people.colleague, harbour);
  people.reader = await newPerson(demo.app, 'Rita');
  await placeIn(ada, people.reader, harbour, { readOnly: true });
  people.rival = await newPerson(demo.app, 'Rex');
  await placeIn(ada, people.rival, await newAccount(ada, 'Rival PR', ['ROLE_MODULE_CONTACTS']));
});

const add = (who: Caller, body: object) => who.call('POST', '/api/v1/contacts', body);
const lines = (answer: { json(): { errors?: string[] } }) => answer.json().errors ?? [];

describe('contacts', () => {
  it('are added, read, edited and removed by the account, every field kept as given', async () => {
    const answer = await add(pat, {
      name: 'Nina Field',
      jobTitle: 'Health editor',
      outlets: ['The Daily', 'The Daily', ' '],
      companies: ['Daily Media'],
      beats: [62, 357],
      emails: ['Nina@Daily.example', 'nina.field@gmail.example'],
      phones: { mobile: '+61 (2) 9999-1234', workDirect: '' },
      links: { twitter: 'twitter.com/ninafield', website: 'daily.example/nina', linkedIn: 'https://www.linkedin.com/in/nina' },
      addresses: { office: { street: '1 Pitt St', city: 'Sydney', state: 'NSW', postcode: '2000', country: 'AU' } },
      timezone: 'Australia/Sydney',
      country: 'au',
      tags: ['health', 'vip'],
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const contact = answer.json();
    expect(answer.headers['object-id']).toBe(String(contact.id));
    expect(contact).toMatchObject({
      userId: null,
      name: 'Nina Field',
      outlets: ['The Daily'],
      beats: [{ id: 62, name: 'politics', color: 'green' }, { id: 357, name: 'people', color: 'purple' }],
      emails: ['nina@daily.example', 'nina.field@gmail.example'],
      phones: { mobile: '+61 (2) 9999-1234' },
      links: { twitter: 'https://twitter.com/ninafield', website: 'https://daily.example/nina', linkedIn: 'https://www.linkedin.com/in/nina' },
      addresses: { office: { city: 'Sydney', country: 'AU' } },
      timezone: 'Australia/Sydney',
      country: { id: 'AU', name: 'Australia' },
      tags: ['health', 'vip'],
      doNotContact: false,
      lists: [],
      notes: [],
    });
    expect((await pat.call('GET', `/api/v1/contacts/${contact.id}`)).json()).toEqual(contact);

    const edited = await pat.call('PATCH', `/api/v1/contacts/${contact.id}`, { jobTitle: 'Chief health editor', phones: { home: '02 9999 0000' }, tags: ['health'] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Nina Field', jobTitle: 'Chief health editor', phones: { home: '02 9999 0000' }, tags: ['health'], emails: contact.emails });

    expect((await pat.call('DELETE', `/api/v1/contacts/${contact.id}`)).statusCode).toBe(204);
    expect((await pat.call('GET', `/api/v1/contacts/${contact.id}`)).statusCode).toBe(404);
    expect((await pat.call('PATCH', `/api/v1/contacts/${contact.id}`, { name: 'Back' })).statusCode).toBe(404);
  });

  it.each([
    [{ name: '' }, 'Name is required', null],
    [{ name: 'x'.repeat(201) }, 'Name must be at most 200 characters', 'name'],
    [{ name: 'A', emails: ['not an email'] }, 'Email is not valid', 'emails.0'],
    [{ name: 'A', phones: { mobile: '+61 abc' } }, 'Phone is not valid', 'phones.mobile'],
    [{ name: 'A', phones: { workReception: '12-' } }, 'Phone is not valid', 'phones.workReception'],
    [{ name: 'A', links: { website: 'not a url' } }, 'Url is not valid', 'links.website'],
    [{ name: 'A', links: { twitter: 'https://facebook.com/nina' } }, 'This is not a Twitter url', 'links.twitter'],
    [{ name: 'A', links: { facebook: 'https://twitter.com/nina' } }, 'This is not a Facebook url', 'links.facebook'],
    [{ name: 'A', links: { linkedIn: 'https://example.com/nina' } }, 'This is not a LinkedIn url', 'links.linkedIn'],
    [{ name: 'A', links: { instagram: `https://instagram.com/${'n'.repeat(31)}` } }, 'This is not a Instagram url', 'links.instagram'],
    [{ name: 'A', links: { youtube: 'https://vimeo.com/nina' } }, 'This is not a Youtube url', 'links.youtube'],
    [{ name: 'A', addresses: { postal: { country: 'ZZ' } } }, 'Country must be a two-letter country code', 'addresses.postal.country'],
    [{ name: 'A', timezone: 'Mars/Olympus' }, 'Timezone is not valid', 'timezone'],
    [{ name: 'A', country: 'XX' }, 'Country must be a two-letter country code', 'country'],
    [{ name: 'A', beats: [1] }, 'No such beat', 'beats.0'],
    [{ name: 'A', tags: ['t'.repeat(51)] }, 'Tag must be at most 50 characters', 'tags.0'],
  ])('refuse %j with the spec’s words, tied to the field they are about', async (body, line, field) => {
    const answer = await add(pat, body);
    expect([400, 422]).toContain(answer.statusCode);
    expect(lines(answer)).toContain(line);
    if (field) expect(answer.json().fields[field]).toEqual([line]);
  });

  it('of a person on the platform show their own profile; the account adds only tags and email addresses', async () => {
    const answer = await add(pat, { userId: jo.id, tags: ['politics desk'] });
    expect(answer.statusCode, answer.body).toBe(201);
    const contact = answer.json();
    expect(contact).toMatchObject({ userId: jo.id, name: 'Jo Reporter', tags: ['politics desk'], beats: [{ id: 356 }, { id: 62 }] });
    // Asked again, the account's one record of them answers.
    const again = await add(pat, { userId: jo.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(contact.id);
    const refused = await pat.call('PATCH', `/api/v1/contacts/${contact.id}`, { jobTitle: 'Made up' });
    expect(refused.statusCode).toBe(422);
    expect(lines(refused)).toEqual(['This person keeps their own profile: only tags and email addresses can be changed here']);
    expect((await pat.call('PATCH', `/api/v1/contacts/${contact.id}`, { emails: ['jo@desk.example'] })).json().emails).toEqual(['jo@desk.example']);
    expect(lines(await add(pat, { userId: 999_999 }))).toEqual(['No such person']);
    // Kept, they are found by their profile's beats and listed once, as the account's contact.
    const found = (await pat.call('GET', '/api/v1/contacts?q=jo%20reporter&beat=62')).json().data;
    expect(found).toMatchObject([{ id: contact.id, userId: jo.id, tags: ['politics desk'] }]);
    expect((await pat.call('GET', '/api/v1/contacts?q=jo%20reporter&beat=354')).json().data).toEqual([]);
  });

  it('keep notes with the history of each', async () => {
    const contact = (await add(pat, { name: 'Noted Person' })).json();
    const note = await pat.call('POST', `/api/v1/contacts/${contact.id}/notes`, { text: 'Prefers calls' });
    expect(note.statusCode, note.body).toBe(201);
    const noteId = note.json().id;
    expect(note.json()).toMatchObject({ text: 'Prefers calls', author: { id: pat.id, name: 'Pat Publicist' }, editedAt: null, history: [] });
    const edited = await people.colleague.call('PATCH', `/api/v1/contacts/${contact.id}/notes/${noteId}`, { text: 'Prefers calls before 10' });
    expect(edited.json()).toMatchObject({ text: 'Prefers calls before 10', history: [{ text: 'Prefers calls' }] });
    await pat.call('PATCH', `/api/v1/contacts/${contact.id}/notes/${noteId}`, { text: 'Email only' });
    const view = (await pat.call('GET', `/api/v1/contacts/${contact.id}`)).json();
    expect(view.notes[0].history.map((h: { text: string }) => h.text)).toEqual(['Prefers calls before 10', 'Prefers calls']);
    expect(lines(await pat.call('POST', `/api/v1/contacts/${contact.id}/notes`, { text: '  ' }))).toEqual(['Write something']);
    expect((await pat.call('PATCH', `/api/v1/contacts/${contact.id}/notes/999999`, { text: 'x' })).statusCode).toBe(404);
  });

  it('go on the do-not-contact list by anyone in the account; only account admins take them off', async () => {
    const contact = (await add(pat, { name: 'Quiet Person' })).json();
    expect((await people.colleague.call('POST', `/api/v1/contacts/${contact.id}/do-not-contact`)).json().doNotContact).toBe(true);
    const refused = await people.colleague.call('DELETE', `/api/v1/contacts/${contact.id}/do-not-contact`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Only account admins can take a contact off the do-not-contact list');
    expect((await pat.call('DELETE', `/api/v1/contacts/${contact.id}/do-not-contact`)).json().doNotContact).toBe(false);
  });

  it('keep a do-not-contact address suppressed when the contact is deleted and added again, until an account admin lifts it', async () => {
    const first = (await add(people.colleague, { name: 'Opted Out', emails: ['out@optout.example'] })).json();
    await people.colleague.call('POST', `/api/v1/contacts/${first.id}/do-not-contact`);
    await people.colleague.call('DELETE', `/api/v1/contacts/${first.id}`);
    const again = (await add(people.colleague, { name: 'Opted Out Again', emails: ['OUT@optout.example'] })).json();
    expect(again.doNotContact).toBe(true);
    const other = (await add(people.colleague, { name: 'Someone Else' })).json();
    expect((await people.colleague.call('PATCH', `/api/v1/contacts/${other.id}`, { emails: ['out@optout.example'] })).json().doNotContact).toBe(true);
    // Another account's list is its own.
    expect((await add(people.rival, { name: 'Opted Out', emails: ['out@optout.example'] })).json().doNotContact).toBe(false);
    await pat.call('DELETE', `/api/v1/contacts/${again.id}/do-not-contact`);
    await pat.call('DELETE', `/api/v1/contacts/${other.id}/do-not-contact`);
    await pat.call('DELETE', `/api/v1/contacts/${again.id}`);
    expect((await add(people.colleague, { name: 'Back In', emails: ['out@optout.example'] })).json().doNotContact).toBe(false);
  });
});

describe('lists', () => {
  it('hold the account’s contacts and journalists of the platform, in an order of their own, with a count', async () => {
    const [a, b, c] = await Promise.all(['List A', 'List B', 'List C'].map(async (name) => (await add(pat, { name })).json().id as number));
    const created = await pat.call('POST', '/api/v1/contact-lists', { name: 'Tech journalists', description: 'For launches' });
    expect(created.statusCode, created.body).toBe(201);
    const list = created.json();
    expect(list).toMatchObject({ name: 'Tech journalists', description: 'For launches', count: 0 });
    const filled = await pat.call('POST', `/api/v1/contact-lists/${list.id}/contacts`, { contactIds: [a, b, c, a], userIds: [jo.id] });
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json().count).toBe(4);
    const joRecord = (await pat.call('GET', `/api/v1/contacts?list=${list.id}&sort=list`)).json().data.find((row: { userId: number | null }) => row.userId === jo.id).id;
    const reordered = await demo.app.inject({
      method: 'PUT',
      url: `/api/v1/contact-lists/${list.id}/contacts`,
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      cookies: { pressroom_session: pat.token },
      payload: { contactIds: [c, joRecord, a, b] },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const inOrder = (await pat.call('GET', `/api/v1/contacts?list=${list.id}&sort=list`)).json().data.map((row: { id: number }) => row.id);
    expect(inOrder).toEqual([c, joRecord, a, b]);
    expect((await pat.call('DELETE', `/api/v1/contact-lists/${list.id}/contacts`, { contactIds: [a] })).json().count).toBe(3);
    expect((await pat.call('PATCH', `/api/v1/contact-lists/${list.id}`, { name: 'Tech desk' })).json()).toMatchObject({ name: 'Tech desk', description: 'For launches', count: 3 });
    expect((await pat.call('GET', `/api/v1/contacts/${c}`)).json().lists).toEqual([{ id: list.id, name: 'Tech desk' }]);
    expect((await pat.call('GET', '/api/v1/contact-lists')).json().data.map((l: { id: number }) => l.id)).toContain(list.id);
    expect((await pat.call('DELETE', `/api/v1/contact-lists/${list.id}`)).statusCode).toBe(204);
    expect((await pat.call('GET', `/api/v1/contact-lists/${list.id}`)).statusCode).toBe(404);
  });

  it('refuse an order that leaves someone out, and contacts of another account', async () => {
    const mine = (await add(pat, { name: 'Mine' })).json().id;
    const theirs = (await add(people.rival, { name: 'Theirs' })).json().id;
    const list = (await pat.call('POST', '/api/v1/contact-lists', { name: 'Small' })).json();
    expect((await pat.call('POST', `/api/v1/contact-lists/${list.id}/contacts`, { contactIds: [theirs] })).statusCode).toBe(404);
    await pat.call('POST', `/api/v1/contact-lists/${list.id}/contacts`, { contactIds: [mine] });
    const put = await demo.app.inject({ method: 'PUT', url: `/api/v1/contact-lists/${list.id}/contacts`, headers: { 'x-requested-with': 'XMLHttpRequest' }, cookies: { pressroom_session: pat.token }, payload: { contactIds: [] } });
    expect(put.statusCode).toBe(422);
    expect(put.json().errors).toEqual(['The new order must name every contact of the list once']);
    expect(lines(await pat.call('POST', '/api/v1/contact-lists', { name: '' }))).toEqual(['Name is required']);
  });
});

describe('the directory', () => {
  it('finds the account’s contacts and the platform’s journalists by words, beat, outlet, country, tag, list and email', async () => {
    const desk = (await people.rival.call('POST', '/api/v1/contact-lists', { name: 'Desk' })).json();
    const ids: Record<string, number> = {};
    for (const [name, body] of Object.entries({
      'Zed Alpha': { outlets: ['Harbour Times'], beats: [355], country: 'NZ', emails: ['zed@ht.example'], tags: ['launch'] },
      'Zed Beta': { outlets: ['Other Post'], beats: [354], country: 'AU' },
      'Zed Gamma': { jobTitle: 'Tech reporter', beats: [355], country: 'NZ', tags: ['launch'] },
    })) ids[name] = (await add(people.rival, { name, ...body })).json().id;
    await people.rival.call('POST', `/api/v1/contact-lists/${desk.id}/contacts`, { contactIds: [ids['Zed Gamma']] });
    const names = async (query: string) => (await people.rival.call('GET', `/api/v1/contacts?${query}`)).json().data.map((row: { name: string }) => row.name);

    expect(await names('q=zed')).toEqual(['Zed Alpha', 'Zed Beta', 'Zed Gamma']);
    expect(await names('q=zed%20be')).toEqual(['Zed Beta']);
    expect(await names('q=tech%20rep')).toEqual(['Zed Gamma']);
    expect(await names('q=zed&beat=355')).toEqual(['Zed Alpha', 'Zed Gamma']);
    expect(await names('q=zed&outlet=harbour%20times')).toEqual([]);
    expect(await names('q=zed&outlet=Harbour%20Times')).toEqual(['Zed Alpha']);
    expect(await names('q=zed&country=nz&sort=-name')).toEqual(['Zed Gamma', 'Zed Alpha']);
    expect(await names('tag=launch')).toEqual(['Zed Alpha', 'Zed Gamma']);
    expect(await names(`list=${desk.id}`)).toEqual(['Zed Gamma']);
    expect(await names('q=zed&hasEmail=true')).toEqual(['Zed Alpha']);
    expect(await names('q=zed&hasEmail=false')).toEqual(['Zed Beta', 'Zed Gamma']);
    expect(await names('q=zed&limit=2&offset=1')).toEqual(['Zed Beta', 'Zed Gamma']);
    const counted = (await people.rival.call('GET', '/api/v1/contacts?q=zed&limit=1&total=true')).json();
    expect(counted).toMatchObject({ hasMore: true, total: 3 });
    expect((await people.rival.call('GET', '/api/v1/contacts?q=zed&limit=1')).json().total).toBeNull();
    // Journalists of the platform, whose beats are their profile's.
    expect(await names('q=jo%20rep')).toEqual(['Jo Reporter']);
    expect(await names('beat=62')).toContain('Jo Reporter');
    const page = (await people.rival.call('GET', '/api/v1/contacts?q=jo%20rep')).json().data[0];
    expect(page).toMatchObject({ id: null, userId: jo.id, slug: expect.any(String), beats: [{ id: 356 }, { id: 62 }] });
    expect(lines(await people.rival.call('GET', '/api/v1/contacts?sort=list'))).toEqual(['Choose a list to sort by its order']);
    expect(lines(await people.rival.call('GET', '/api/v1/contacts?beat=1'))).toEqual(['No such beat']);
  });

  it('of one account shows nothing of another’s', async () => {
    const secret = (await add(pat, { name: 'Secret Source', emails: ['secret@source.example'], tags: ['only-harbour'] })).json();
    const list = (await pat.call('POST', '/api/v1/contact-lists', { name: 'Harbour only' })).json();
    const rival = people.rival;
    expect((await rival.call('GET', '/api/v1/contacts?q=secret')).json().data).toEqual([]);
    expect((await rival.call('GET', '/api/v1/contacts?tag=only-harbour')).json().data).toEqual([]);
    expect((await rival.call('GET', `/api/v1/contacts?list=${list.id}`)).json().data).toEqual([]);
    expect((await rival.call('GET', '/api/v1/contact-lists')).json().data.map((l: { id: number }) => l.id)).not.toContain(list.id);
    for (const [method, url, body] of [
      ['GET', `/api/v1/contacts/${secret.id}`],
      ['PATCH', `/api/v1/contacts/${secret.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/v1/contacts/${secret.id}`],
      ['POST', `/api/v1/contacts/${secret.id}/notes`, { text: 'Hi' }],
      ['POST', `/api/v1/contacts/${secret.id}/do-not-contact`],
      ['GET', `/api/v1/contact-lists/${list.id}`],
      ['PATCH', `/api/v1/contact-lists/${list.id}`, { name: 'Mine now' }],
      ['POST', `/api/v1/contact-lists/${list.id}/contacts`, { contactIds: [] }],
      ['DELETE', `/api/v1/contact-lists/${list.id}`],
    ] as const) {
      expect((await rival.call(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await pat.call('GET', `/api/v1/contacts/${secret.id}`)).json().name).toBe('Secret Source');
  });
});

describe('duplicates', () => {
  it('are pairs with a shared email address, or where one has no address the same name or social profile; "not a duplicate" drops a pair', async () => {
    const rival = people.rival;
    const id = async (body: object) => (await add(rival, body)).json().id as number;
    const one = await id({ name: 'Dana Dup', emails: ['dana@one.example'] });
    const two = await id({ name: 'D. Dup', emails: ['other@two.example', 'dana@one.example'] });
    const three = await id({ name: 'Sam Same' });
    const four = await id({ name: 'sam same' });
    const five = await id({ name: 'Handle One', links: { twitter: 'https://twitter.com/handle' } });
    const six = await id({ name: 'Handle Two', links: { twitter: 'x.com/other' } });
    const seven = await id({ name: 'Handle Three', links: { twitter: 'twitter.com/handle/' } });
    // The same name with another address is someone else.
    const eight = await id({ name: 'Dana Dup', emails: ['dana@elsewhere.example'] });
    const pairs = async () => (await rival.call('GET', '/api/v1/contacts/duplicates')).json().data.map((pair: { reason: string; contacts: { id: number }[] }) => [pair.reason, ...pair.contacts.map((c) => c.id)]);
    expect(await pairs()).toEqual(expect.arrayContaining([['email', one, two], ['name', three, four], ['handle', five, seven]]));
    expect((await pairs()).some((pair: number[]) => pair.includes(six) || pair.includes(eight))).toBe(false);
    expect((await rival.call('POST', `/api/v1/contacts/${four}/not-duplicate`, { otherId: three })).statusCode).toBe(204);
    expect((await pairs()).some((pair: number[]) => pair.includes(three))).toBe(false);
    expect((await pat.call('GET', '/api/v1/contacts/duplicates')).json().data.flatMap((pair: { contacts: { id: number }[] }) => pair.contacts.map((c) => c.id))).not.toContain(one);
  });

  it('merge into one contact that keeps every note, list place and address of both', async () => {
    const kept = (await add(pat, { name: 'Merge Kept', emails: ['m@kept.example'], tags: ['a'], phones: { mobile: '0400 000 000' } })).json().id;
    const gone = (await add(pat, { name: 'Merge Gone', jobTitle: 'Editor', emails: ['m@gone.example', 'm@kept.example'], tags: ['b'], phones: { mobile: '0411 111 111', home: '02 1111 1111' } })).json().id;
    const both = (await pat.call('POST', '/api/v1/contact-lists', { name: 'Both on it' })).json().id;
    const goneOnly = (await pat.call('POST', '/api/v1/contact-lists', { name: 'Gone only' })).json().id;
    await pat.call('POST', `/api/v1/contact-lists/${both}/contacts`, { contactIds: [kept, gone] });
    await pat.call('POST', `/api/v1/contact-lists/${goneOnly}/contacts`, { contactIds: [gone] });
    await pat.call('POST', `/api/v1/contacts/${kept}/notes`, { text: 'Kept note' });
    await pat.call('POST', `/api/v1/contacts/${gone}/notes`, { text: 'Gone note' });
    await pat.call('POST', `/api/v1/contacts/${gone}/do-not-contact`);

    const merged = await pat.call('POST', `/api/v1/contacts/${kept}/merge`, { otherId: gone, fields: { phones: { mobile: '0411 111 111', home: '02 1111 1111' } } });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({
      id: kept,
      name: 'Merge Kept',
      jobTitle: 'Editor',
      emails: ['m@kept.example', 'm@gone.example'],
      tags: ['a', 'b'],
      phones: { mobile: '0411 111 111', home: '02 1111 1111' },
      doNotContact: true,
    });
    expect(merged.json().notes.map((n: { text: string }) => n.text).sort()).toEqual(['Gone note', 'Kept note']);
    expect(merged.json().lists.map((l: { id: number }) => l.id).sort()).toEqual([both, goneOnly].sort());
    expect((await pat.call('GET', `/api/v1/contact-lists/${both}`)).json().count).toBe(1);
    expect((await pat.call('GET', `/api/v1/contacts/${gone}`)).statusCode).toBe(404);
    expect((await pat.call('POST', `/api/v1/contacts/${kept}/merge`, { otherId: gone })).statusCode).toBe(404);
    expect(lines(await pat.call('POST', `/api/v1/contacts/${kept}/merge`, { otherId: kept }))).toEqual(['A contact cannot be merged with itself']);
  });
});
