import { beforeAll, describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';
import { newAccount, newPerson, placeIn } from '../../testing/accounts.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const { pr: pat, journalist: jo, admin: ada } = demo;

const people = {} as { colleague: Caller; rival: Caller };
beforeAll(async () => {
  const harbour = (await pat.call('GET', '/api/v1/current_user/info')).json().account.id;
  people.colleague = await newPerson(demo.app, 'Cole');
  await placeIn(ada, people.colleague, harbour);
  people.rival = await newPerson(demo.app, 'Rex');
  await placeIn(ada, people.rival, await newAccount(ada, 'Rival PR', ['ROLE_MODULE_CONTACTS']));
});

/** PUT, which the demo callers do not send. */
const put = (who: Caller, url: string, payload: object) =>
  demo.app.inject({ method: 'PUT', url, headers: { 'x-requested-with': 'XMLHttpRequest' }, cookies: { pressroom_session: who.token }, payload });

type Item = { kind: string; key: string; at: string; [field: string]: unknown };
const timeline = async (who: Caller, contactId: number, query = '') => who.call('GET', `/api/v1/contacts/${contactId}/timeline${query}`);

describe("a contact's timeline", () => {
  it("holds the account's notes with their history and the lists it was added to, newest first, and pages on", async () => {
    const id = (await pat.call('POST', '/api/v1/contacts', { name: 'Tim Line', emails: ['tim@line.example'] })).json().id;
    const first = (await pat.call('POST', `/api/v1/contacts/${id}/notes`, { text: 'Met at the launch' })).json().id;
    await pat.call('PATCH', `/api/v1/contacts/${id}/notes/${first}`, { text: 'Met at the Q3 launch' });
    const list = (await pat.call('POST', '/api/v1/contact-lists', { name: 'Health desk' })).json().id;
    await pat.call('POST', `/api/v1/contact-lists/${list}/contacts`, { contactIds: [id] });
    await people.colleague.call('POST', `/api/v1/contacts/${id}/notes`, { text: 'Prefers email' });

    const answer = await timeline(pat, id);
    expect(answer.statusCode, answer.body).toBe(200);
    const page = answer.json() as { data: Item[]; hasMore: boolean; next: string | null };
    expect(page.data.map((item) => item.kind)).toEqual(['note', 'addedToList', 'note']);
    expect(page.data[0]).toMatchObject({ note: { text: 'Prefers email', author: { name: 'Cole Tester' } } });
    expect(page.data[1]).toMatchObject({ list: { id: list, name: 'Health desk' } });
    expect(page.data[2]).toMatchObject({ note: { text: 'Met at the Q3 launch', history: [{ text: 'Met at the launch' }] } });
    expect(page).toMatchObject({ hasMore: false, next: null });

    // Two at a time: the pages join up to the whole, nothing twice.
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const paged = (await timeline(pat, id, `?limit=2${next ? `&before=${encodeURIComponent(next)}` : ''}`)).json() as { data: Item[]; next: string | null };
      seen.push(...paged.data.map((item) => item.key));
      next = paged.next;
    } while (next);
    expect(seen).toEqual(page.data.map((item) => item.key));
  });

  it("of a person on the platform adds their posts and callouts the reader may read and the direct messages between them and the account's people", async () => {
    const callout = (await jo.call('POST', '/api/v1/callouts', { title: 'Sources on AI in newsrooms', content: 'By Friday' })).headers['object-id'];
    const hidden = (await jo.call('POST', '/api/v1/callouts', { title: 'Journalists only', content: 'x', userTypes: ['journo'] })).headers['object-id'];
    const post = (await jo.call('POST', '/api/v1/communityPosts', { content: '<p>Back from the budget lock-up</p>' })).headers['object-id'];
    const id = (await pat.call('POST', '/api/v1/contacts', { userId: jo.id, tags: ['ai'] })).json().id;
    const started = (await pat.call('POST', '/api/v1/conversations', { participantIds: [jo.id], content: 'Hello Jo, a story for you' })).json();
    await jo.call('POST', `/api/v1/conversations/${started.id}/messages`, { content: 'Tell me more' });
    await people.rival.call('POST', '/api/v1/conversations', { participantIds: [jo.id], content: 'From another account' });

    const page = (await timeline(pat, id)).json() as { data: Item[] };
    const keys = page.data.map((item) => item.key);
    expect(keys).toContain(`post-${callout}`);
    expect(keys).toContain(`post-${post}`);
    expect(keys, 'a callout for journalists only is not for a PR person').not.toContain(`post-${hidden}`);
    expect(page.data.find((item) => item.key === `post-${callout}`)).toMatchObject({ kind: 'callout', post: { title: 'Sources on AI in newsrooms' } });
    expect(page.data.find((item) => item.key === `post-${post}`)).toMatchObject({ kind: 'post', post: { kind: 'communityPost', title: 'Back from the budget lock-up' } });
    const messages = page.data.filter((item) => item.kind === 'message');
    expect(messages.map((item) => (item.message as { text: string }).text)).toEqual(['Tell me more', 'Hello Jo, a story for you']);
    expect(messages[0]).toMatchObject({ message: { from: { id: jo.id }, to: { id: pat.id } } });
    // A colleague reads the same timeline, their colleague's messages included.
    expect(((await timeline(people.colleague, id)).json() as { data: Item[] }).data.filter((item) => item.kind === 'message')).toHaveLength(2);
    const times = page.data.map((item) => item.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('shows a person\'s interview answers only to a reader who may read them', async () => {
    const interview = (await pat.call('POST', '/api/v1/interviews', { title: 'Budget reactions', questions: [{ kind: 'text', text: 'Your take?' }] })).json();
    await pat.call('POST', `/api/v1/interviews/${interview.id}/publish`);
    expect((await put(jo, `/api/v1/interviews/${interview.id}/answers/${interview.questions[0].id}`, { text: 'Too little, too late' })).statusCode).toBe(200);
    expect((await jo.call('POST', `/api/v1/interviews/${interview.id}/send`)).statusCode).toBeLessThan(300);
    const id = (await pat.call('POST', '/api/v1/contacts', { userId: jo.id })).json().id;
    const answer = (await timeline(pat, id)).json().data.find((item: Item) => item.kind === 'interviewAnswer');
    expect(answer).toMatchObject({ interview: { id: interview.id, title: 'Budget reactions' } });
    // A colleague it is not shared with reads no answers of it.
    expect((await timeline(people.colleague, id)).json().data.filter((item: Item) => item.kind === 'interviewAnswer')).toEqual([]);
  });

  it('is the account\'s own: another account gets 404, a bad cursor or limit 400 with lines', async () => {
    const id = (await pat.call('POST', '/api/v1/contacts', { name: 'Private Person' })).json().id;
    const other = await timeline(people.rival, id);
    expect(other.statusCode).toBe(404);
    const bad = await timeline(pat, id, '?before=yesterday&limit=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.length).toBe(2);
    expect((await timeline(pat, 999_999_999)).statusCode).toBe(404);
  });
});
