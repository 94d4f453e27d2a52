import { beforeAll, describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';
import { newAccount, newPerson, placeIn } from '../../testing/accounts.ts';
import { accountOf, draftAnnouncement, inDays } from './testing.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
let pat: Caller;
let cole: Caller;
let reed: Caller;
let bea: Caller;

beforeAll(async () => {
  pat = demo.pr;
  const harbour = await accountOf(pat);
  cole = await newPerson(demo.app, 'Cole');
  await placeIn(demo.admin, cole, harbour);
  reed = await newPerson(demo.app, 'Reed');
  await placeIn(demo.admin, reed, harbour, { readOnly: true });
  bea = await newPerson(demo.app, 'Bea');
  await placeIn(demo.admin, bea, await newAccount(demo.admin, 'Other agency', ['ROLE_MODULE_CONTACTS']));
});

const give = (who: Caller, body: object) => who.call('POST', '/api/v1/tasks', body);
const list = async (who: Caller, query = '') => (await who.call('GET', `/api/v1/tasks${query}`)).json();
const titles = (page: { data: { title: string }[] }) => page.data.map((task) => task.title);

describe('tasks', () => {
  it('a PR person gives a colleague a task; the colleague finds it among those assigned to them', async () => {
    const due = inDays(2);
    const answer = await give(pat, { title: 'Pitch the launch to Mia', assigneeId: cole.id, dueAt: due });
    expect(answer.statusCode, answer.body).toBe(201);
    const task = answer.json();
    expect(answer.headers['object-id']).toBe(String(task.id));
    expect(task).toMatchObject({ title: 'Pitch the launch to Mia', state: 'open', dueAt: due, overdue: false, assignee: { id: cole.id, name: 'Cole Tester' }, createdBy: { id: pat.id }, link: null, doneAt: null });
    expect(titles(await list(cole, '?scope=assigned'))).toContain('Pitch the launch to Mia');
    expect(titles(await list(pat, '?scope=mine'))).toContain('Pitch the launch to Mia');
    expect(titles(await list(pat, '?scope=assigned'))).not.toContain('Pitch the launch to Mia');
    expect(titles(await list(reed))).toContain('Pitch the launch to Mia');
  });

  it('keeps the due date as the instant given, whatever offset it was written in', async () => {
    const task = (await give(pat, { title: 'Call at nine in Sydney', assigneeId: pat.id, dueAt: '2030-03-02T09:00:00+11:00' })).json();
    expect(task.dueAt).toBe('2030-03-01T22:00:00.000Z');
    expect(task.assignee.timezone).toBe('Australia/Sydney');
  });

  it('lists open tasks soonest due first, tells the overdue ones, and filters them', async () => {
    const late = (await give(pat, { title: 'Late one', assigneeId: cole.id, dueAt: inDays(-1) })).json();
    expect(late.overdue).toBe(true);
    const open = await list(cole, '?scope=assigned');
    expect(open.data[0].title).toBe('Late one');
    expect(open.overdueCount).toBeGreaterThanOrEqual(1);
    const overdue = await list(cole, '?scope=assigned&overdue=true');
    expect(overdue.data.every((task: { overdue: boolean }) => task.overdue)).toBe(true);
    expect(titles(overdue)).toEqual(['Late one']);
  });

  it('is done and reopened, and lists by state', async () => {
    const task = (await give(pat, { title: 'Send the kit', assigneeId: cole.id, dueAt: inDays(-3) })).json();
    const done = await cole.call('POST', `/api/v1/tasks/${task.id}/done`);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ state: 'done', overdue: false });
    expect(done.json().doneAt).not.toBeNull();
    expect(titles(await list(cole, '?scope=assigned&state=done'))).toEqual(['Send the kit']);
    expect(titles(await list(cole, '?scope=assigned'))).not.toContain('Send the kit');
    expect(titles(await list(cole, '?scope=assigned&state=all'))).toContain('Send the kit');
    const reopened = await cole.call('DELETE', `/api/v1/tasks/${task.id}/done`);
    expect(reopened.json()).toMatchObject({ state: 'open', overdue: true, doneAt: null });
  });

  it('is edited and given to someone else; deleted, it is gone', async () => {
    const task = (await give(pat, { title: 'Draft the release', assigneeId: cole.id, dueAt: inDays(5) })).json();
    const edited = await pat.call('PATCH', `/api/v1/tasks/${task.id}`, { title: 'Draft the release (v2)', assigneeId: pat.id });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Draft the release (v2)', assignee: { id: pat.id }, dueAt: task.dueAt });
    expect(titles(await list(cole, '?scope=assigned'))).not.toContain('Draft the release (v2)');
    expect((await pat.call('DELETE', `/api/v1/tasks/${task.id}`)).statusCode).toBe(204);
    expect((await pat.call('GET', `/api/v1/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await pat.call('DELETE', `/api/v1/tasks/${task.id}`)).statusCode).toBe(404);
  });

  it('links to a contact of the account, an interview one may see, or an announcement public or of the account, and names it', async () => {
    const contact = (await pat.call('POST', '/api/v1/contacts', { name: 'Mia Chen' })).json();
    const interview = (await pat.call('POST', '/api/v1/interviews', { title: 'Launch questions', brief: 'About the launch' })).json();
    const withContact = await give(pat, { title: 'Ring Mia', assigneeId: cole.id, dueAt: inDays(1), link: { kind: 'contact', id: contact.id } });
    expect(withContact.json().link).toEqual({ kind: 'contact', id: contact.id, label: 'Mia Chen' });
    const withInterview = await give(pat, { title: 'Read the answers', assigneeId: pat.id, dueAt: inDays(1), link: { kind: 'interview', id: interview.id } });
    expect(withInterview.json().link).toEqual({ kind: 'interview', id: interview.id, label: 'Launch questions' });
    const announcement = await draftAnnouncement(demo.admin, pat, 'Harbour opens in Perth');
    const withAnnouncement = await give(pat, { title: 'Check the announcement', assigneeId: pat.id, dueAt: inDays(1), link: { kind: 'announcement', id: announcement } });
    expect(withAnnouncement.json().link).toEqual({ kind: 'announcement', id: announcement, label: 'Harbour opens in Perth' });
    // Another account's draft is not there for Bea to link.
    const peek = await give(bea, { title: 'Peek', assigneeId: bea.id, dueAt: inDays(1), link: { kind: 'announcement', id: announcement } });
    expect([peek.statusCode, peek.json().errors]).toEqual([422, ['The linked announcement does not exist']]);
    const unlinked = await pat.call('PATCH', `/api/v1/tasks/${withContact.json().id}`, { link: null });
    expect(unlinked.json().link).toBeNull();
  });

  it('refuses bad input with one line per problem (422), never a 500', async () => {
    const empty = await give(pat, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual(['Title is required', 'Assignee is required', 'Due date is required']);
    const others = (await bea.call('POST', '/api/v1/contacts', { name: 'Not yours' })).json();
    const bad = await give(pat, { title: ' ', assigneeId: bea.id, dueAt: 'tomorrow', link: { kind: 'contact', id: others.id } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual(['Title is required', 'The assignee must be a person of your account', 'Due date is not a valid date', 'The linked contact does not exist']);
    const draft = (await jo().call('POST', '/api/v1/interviews', { title: 'Jo’s draft', brief: 'Private' })).json();
    expect((await give(pat, { title: 'Peek', assigneeId: pat.id, dueAt: inDays(1), link: { kind: 'interview', id: draft.id } })).json().errors).toEqual(['The linked interview does not exist']);
    expect((await give(pat, { title: 'To a read-only colleague', assigneeId: reed.id, dueAt: inDays(1) })).json().errors).toEqual(['The assignee has a read-only account and cannot work on tasks']);
    expect((await give(pat, { title: 'Nobody', assigneeId: 99_999_999, dueAt: inDays(1) })).json().errors).toEqual(['The assignee must be a person of your account']);
    expect((await give(pat, { title: 'x'.repeat(201), assigneeId: pat.id, dueAt: '2030-02-30T10:00:00Z' })).json().errors).toEqual(['Title must be at most 200 characters', 'Due date is not a valid date']);
    const task = (await give(pat, { title: 'Fine', assigneeId: cole.id, dueAt: inDays(1) })).json();
    const edit = await pat.call('PATCH', `/api/v1/tasks/${task.id}`, { title: '', dueAt: '' });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors).toEqual(['Title is required', 'Due date is required']);
    // Malformed shapes: 400 with lines, and nothing written.
    for (const body of [{ title: 5 }, { assigneeId: 'me' }, { link: { kind: 'post', id: 1 } }, 'not json', [1, 2]]) {
      const answer = await pat.call('POST', '/api/v1/tasks', body as object);
      expect(answer.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(answer.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
    }
    for (const query of ['?scope=everyone', '?state=maybe', '?limit=0', '?offset=-1', '?overdue=yes']) expect((await pat.call('GET', `/api/v1/tasks${query}`)).statusCode, query).toBe(400);
  });

  it('of one account are nothing to another: not listed, not found, not changed', async () => {
    const task = (await give(pat, { title: 'Harbour only', assigneeId: cole.id, dueAt: inDays(1) })).json();
    expect(titles(await list(bea, '?state=all'))).not.toContain('Harbour only');
    for (const [method, url] of [
      ['GET', `/api/v1/tasks/${task.id}`],
      ['PATCH', `/api/v1/tasks/${task.id}`],
      ['POST', `/api/v1/tasks/${task.id}/done`],
      ['DELETE', `/api/v1/tasks/${task.id}`],
    ] as const) {
      expect((await bea.call(method, url, method === 'PATCH' ? { title: 'Mine now' } : undefined)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await pat.call('GET', `/api/v1/tasks/${task.id}`)).json().title).toBe('Harbour only');
  });

  it('pages a list in its order: offset and limit, and whether more follow', async () => {
    for (const days of [3, 1, 2]) await give(cole, { title: `Paged ${days}`, assigneeId: cole.id, dueAt: inDays(days) });
    const first = await list(cole, '?scope=mine&limit=2');
    expect([titles(first), first.hasMore]).toEqual([['Paged 1', 'Paged 2'], true]);
    const next = await list(cole, '?scope=mine&limit=2&offset=2');
    expect([titles(next), next.hasMore]).toEqual([['Paged 3'], false]);
  });

  it('offers the account’s people who may work on tasks as assignees', async () => {
    const people = (await pat.call('GET', '/api/v1/tasks/assignees')).json().data as { id: number; name: string }[];
    expect(people.map((person) => person.id).sort()).toEqual([pat.id, cole.id].sort());
  });
});

const jo = () => demo.journalist;
