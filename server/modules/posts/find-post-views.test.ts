import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';
import { viewerOf } from './permissions.ts';
import { findPostView, findPostViews } from './queries.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const { journalist, pr, admin } = demo;

async function post(who: Caller, path: string, body: object): Promise<number> {
  const answer = await who.call('POST', `/api/v1/${path}`, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return Number(answer.headers['object-id']);
}

describe('reading many posts at once', () => {
  it('gives the posts the reader may see, in the order asked, each as it reads on its own; deleted, hidden, unknown and other kinds left out', async () => {
    const club = (await admin.call('POST', '/api/v1/communities', { name: 'Closed club', type: 'private', description: 'Members only' })).json();
    const first = await post(pr, 'communityPosts', { content: 'First' });
    const forExperts = await post(pr, 'callouts', { title: 'Experts only', content: 'Not for journalists', userTypes: ['experts'] });
    const inClub = await post(admin, 'communityPosts', { content: 'Members only', communities: [club.id] });
    const deleted = await post(pr, 'communityPosts', { content: 'Soon gone' });
    expect((await pr.call('DELETE', `/api/v1/communityPosts/${deleted}`)).statusCode).toBe(204);
    const job = await post(journalist, 'jobs', { title: 'Night editor', description: 'Nights', company: 'Bugle', workplace: 'remote', jobType: 'full-time' });
    const last = await post(journalist, 'communityPosts', { content: 'Last' });
    const asked = [last, forExperts, inClub, deleted, 999_999_999, job, first];

    const reader = viewerOf({ id: journalist.id, roles: ['journo'] });
    const views = await findPostViews(t.database.db, reader, asked);
    expect(views.map((view) => view.id)).toEqual([last, job, first]);
    expect(views).toEqual(await Promise.all([last, job, first].map((id) => findPostView(t.database.db, reader, id))));
    expect((await findPostViews(t.database.db, reader, asked, ['communityPost'])).map((view) => view.id)).toEqual([last, first]);

    const author = viewerOf({ id: pr.id, roles: ['pr'] });
    expect((await findPostViews(t.database.db, author, [deleted, forExperts])).map((view) => [view.id, view.isDeleted])).toEqual([
      [deleted, true],
      [forExperts, false],
    ]);
    expect(await findPostViews(t.database.db, reader, [])).toEqual([]);
  });
});
