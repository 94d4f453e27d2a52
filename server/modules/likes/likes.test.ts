import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { seedDemo } from '../../seed/demo.ts';
import { buildTestApp } from '../../testing/app.ts';
import { useTestCore } from '../../testing/core.ts';
import { signInAs, type Caller } from '../../testing/people.ts';

const t = useTestCore(productModel, { process: false });
let app: FastifyInstance;
let journalist: Caller;
let pr: Caller;
const crowd: Caller[] = [];

beforeAll(async () => {
  await seedDemo(t.core);
  app = await buildTestApp(t.core);
  journalist = await signInAs(app, 'journalist@pressroom.local');
  pr = await signInAs(app, 'pr@pressroom.local');
  for (let i = 0; i < 50; i++) {
    const email = `reader${i}@example.com`;
    const password = 'correct horse battery';
    await app.inject({ method: 'POST', url: '/api/v1/auth/sign_up', headers: { 'x-requested-with': 'XMLHttpRequest' }, payload: { email, password, firstname: 'Reader', lastname: `Number ${i}` } });
    crowd.push(await signInAs(app, email, password));
  }
});
afterAll(() => app?.close());

async function newJob(): Promise<number> {
  const response = await journalist.call('POST', '/api/v1/jobs', { title: 'Editor', description: 'Edit', company: 'Bugle', workplace: 'remote', jobType: 'full-time' });
  return Number(response.headers['object-id']);
}
const toggle = (who: Caller, url: string, status: boolean) => who.call('POST', url, { status });
const likeRows = async (kind: string, id: number) =>
  (await sql<{ n: number }>`select count(*)::int as n from likes where target_kind = ${kind} and target_id = ${id}`.execute(t.database.db)).rows[0]!.n;

describe('likes', () => {
  it('set liked to the status given: the same status twice changes nothing, and the count never goes below zero', async () => {
    const id = await newJob();
    const url = `/api/v1/jobs/${id}/toggleLike`;
    expect((await toggle(pr, url, true)).json()).toEqual({ liked: true, likesCount: 1 });
    expect((await toggle(pr, url, true)).json()).toEqual({ liked: true, likesCount: 1 });
    expect((await toggle(pr, url, false)).json()).toEqual({ liked: false, likesCount: 0 });
    expect((await toggle(pr, url, false)).json()).toEqual({ liked: false, likesCount: 0 });
    const events = await t.core.store.readStream(t.database.db, `like-post-${id}-${pr.id}`);
    expect(events.map((e) => e.type)).toEqual(['Liked', 'Unliked']);
  });

  it('count every one of 50 people liking at the same moment', async () => {
    const id = await newJob();
    const answers = await Promise.all(crowd.map((reader) => toggle(reader, `/api/v1/jobs/${id}/toggleLike`, true)));
    expect(answers.every((a) => a.statusCode === 200 && a.json().liked === true)).toBe(true);
    const view = (await journalist.call('GET', `/api/v1/jobs/${id}`)).json();
    expect(view.likable.likesCount).toBe(50);
    expect(await likeRows('post', id)).toBe(50);
    expect(Math.max(...answers.map((a) => a.json().likesCount))).toBe(50);
  });

  it('move the count by at most one when one person toggles 50 times at once', async () => {
    const id = await newJob();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => toggle(pr, `/api/v1/jobs/${id}/toggleLike`, i % 2 === 0)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const count = (await journalist.call('GET', `/api/v1/jobs/${id}`)).json().likable.likesCount;
    expect([0, 1]).toContain(count);
    expect(await likeRows('post', id)).toBe(count);
    // Requests race, so which one lands last is not fixed; the log must agree with the count and
    // never record the same status twice in a row.
    const types = (await t.core.store.readStream(t.database.db, `like-post-${id}-${pr.id}`)).map((e) => e.type);
    expect(types.every((type, i) => i === 0 || type !== types[i - 1])).toBe(true);
    expect(types.at(-1) === 'Liked' ? 1 : 0).toBe(count);
  });

  it('list who liked, newest first, and show each reader their own flag in lists', async () => {
    const id = await newJob();
    await toggle(crowd[0]!, `/api/v1/jobs/${id}/toggleLike`, true);
    await toggle(crowd[1]!, `/api/v1/jobs/${id}/toggleLike`, true);
    const likers = (await pr.call('GET', `/api/v1/jobs/${id}/likes`)).json().data;
    expect(likers.map((l: { id: number }) => l.id)).toEqual([crowd[1]!.id, crowd[0]!.id]);
    const seen = (await crowd[0]!.call('GET', '/api/v1/posts?type=job')).json().data.find((p: { id: number }) => p.id === id);
    expect(seen.likable).toEqual({ liked: true, likesCount: 2 });
    const other = (await crowd[2]!.call('GET', '/api/v1/posts?type=job')).json().data.find((p: { id: number }) => p.id === id);
    expect(other.likable).toEqual({ liked: false, likesCount: 2 });
  });

  it('work on comments too, and refuse what the person cannot see', async () => {
    const id = await newJob();
    const c = (await pr.call('POST', `/api/v1/jobs/${id}/comments`, { content: 'Applied!' })).json();
    expect((await toggle(journalist, `/api/v1/comments/${c.id}/toggleLike`, true)).json()).toEqual({ liked: true, likesCount: 1 });
    expect((await journalist.call('GET', `/api/v1/comments/${c.id}/likes`)).json().data.map((l: { id: number }) => l.id)).toEqual([journalist.id]);
    const thread = (await journalist.call('GET', `/api/v1/jobs/${id}/comments`)).json().data[0];
    expect(thread.likable).toEqual({ liked: true, likesCount: 1 });

    expect((await toggle(pr, `/api/v1/callouts/${id}/toggleLike`, true)).statusCode).toBe(404);
    expect((await toggle(pr, '/api/v1/jobs/999999/toggleLike', true)).statusCode).toBe(404);
    await journalist.call('DELETE', `/api/v1/jobs/${id}`);
    expect((await toggle(pr, `/api/v1/jobs/${id}/toggleLike`, true)).statusCode).toBe(404);
  });
});
