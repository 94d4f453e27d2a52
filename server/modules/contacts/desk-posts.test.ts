import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const { pr: pat, journalist: jo, expert: eve } = demo;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const posted = async (who: Caller, path: string, body: object) => {
  const answer = await who.call('POST', `/api/v1/${path}`, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return Number(answer.headers['object-id']);
};
type Row = { id: number; title: string; summary: string; author: { id: number; name: string }; beats: { id: number }[]; deadline: string | null; company: string | null; location: string | null };
const listed = async (query: string) => {
  const answer = await pat.call('GET', `/api/v1/contacts/posts?${query}&limit=100`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as Row[];
};
const ids = async (query: string) => (await listed(query)).map((row) => row.id);

describe('the callouts and job posts under Contacts', () => {
  it('list the callouts a PR person may read, newest first, by the author’s beat and by when answers are due', async () => {
    const soon = await posted(jo, 'callouts', { title: 'Sources on AI chips', content: '<p>Looking for <b>chip</b> analysts &amp; founders</p>', deadline: inDays(3) });
    const later = await posted(jo, 'callouts', { title: 'Budget economists', content: 'Anyone?', deadline: inDays(20) });
    const asap = await posted(eve, 'callouts', { title: 'Quick quote', content: 'Today' });
    const closed = await posted(jo, 'callouts', { title: 'Closed already', content: 'Too late', deadline: inDays(5) });
    await jo.call('PATCH', `/api/v1/callouts/${closed}`, { title: 'Closed already', content: 'Too late', deadline: inDays(-1) });
    const hidden = await posted(jo, 'callouts', { title: 'Experts only', content: 'Not for PR', userTypes: ['experts'] });
    const deleted = await posted(jo, 'callouts', { title: 'Withdrawn', content: 'Gone' });
    await jo.call('DELETE', `/api/v1/callouts/${deleted}`);
    const job = await posted(jo, 'jobs', { title: 'Political reporter', description: 'Cover parliament', company: 'Daily Bugle', workplace: 'hybrid', jobType: 'full-time', location: 'Sydney' });

    const open = await ids('kind=callout');
    expect(open.filter((id) => [soon, later, asap, closed, hidden, deleted, job].includes(id))).toEqual([asap, later, soon]);
    expect((await ids('kind=callout&due=week')).filter((id) => [soon, later, asap].includes(id))).toEqual([soon]);
    expect((await ids('kind=callout&due=all')).filter((id) => [soon, closed, hidden, deleted].includes(id))).toEqual([closed, soon]);
    // Jo Reporter covers beat 62; the expert does not.
    const onBeat = await ids('kind=callout&beat=62');
    expect(onBeat).toEqual(expect.arrayContaining([later, soon]));
    expect(onBeat).not.toContain(asap);

    const row = (await listed('kind=callout')).find((item) => item.id === soon)!;
    expect(row).toMatchObject({ title: 'Sources on AI chips', summary: 'Looking for chip analysts & founders', author: { id: jo.id, name: 'Jo Reporter' }, company: null, location: null });
    expect(row.beats.map((beat) => beat.id)).toContain(62);
    expect(new Date(row.deadline!).getTime()).toBeGreaterThan(Date.now());

    const jobs = await listed('kind=job&due=week');
    expect(jobs.find((item) => item.id === job)).toMatchObject({ title: 'Political reporter', summary: 'Cover parliament', company: 'Daily Bugle', location: 'Sydney', deadline: null });
    expect(jobs.map((item) => item.id)).not.toContain(soon);
  });

  it('page with hasMore and refuse a kind they do not list, line by line', async () => {
    await posted(jo, 'callouts', { title: 'One more', content: 'x' });
    await posted(jo, 'callouts', { title: 'And another', content: 'x' });
    const first = (await pat.call('GET', '/api/v1/contacts/posts?kind=callout&limit=1')).json();
    const second = (await pat.call('GET', '/api/v1/contacts/posts?kind=callout&limit=1&offset=1')).json();
    expect(first.hasMore).toBe(true);
    expect(first.data).toHaveLength(1);
    expect(second.data[0].id).not.toBe(first.data[0].id);
    const refused = await pat.call('GET', '/api/v1/contacts/posts?kind=event&due=soon');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveLength(2);
  });
});
