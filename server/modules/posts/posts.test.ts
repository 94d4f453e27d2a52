import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const { journalist, pr, expert, admin } = demo;

async function video(owner: Caller): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    insert into uploads (owner_id, kind, mime, size_bytes, path, status, original_name)
    values (${owner.id}, 'video', 'video/mp4', 1000, ${`/uploads/v/${Math.random().toString(36).slice(2)}.mp4`}, 'processing', 'clip.mp4') returning id`.execute(t.database.db);
  return rows[0]!.id;
}

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** For each kind: a body to create it, and a change to make to it (when the kind can be edited). */
const KINDS = {
  callouts: { type: 'callout', create: () => ({ title: 'Experts on the budget?', content: 'Looking for <b>economists</b>', deadline: future(3) }), edit: { title: 'Economists on the budget?', content: 'Still looking', deadline: null } },
  communityPosts: { type: 'communityPost', create: () => ({ content: 'Hello, newsroom' }), edit: null },
  events: {
    type: 'event',
    create: () => ({ type: 'online', name: 'Press briefing', timezone: 'Australia/Sydney', start: future(5), end: future(5.1), link: 'meet.example.com/briefing', description: 'Budget briefing' }),
    edit: { type: 'offline', name: 'Press briefing (in person)', timezone: 'Australia/Sydney', start: future(6), venue: 'Town Hall', address: '1 Main St' },
  },
  jobs: {
    type: 'job',
    create: () => ({ title: 'Political reporter', description: 'Cover parliament', company: 'Daily Bugle', workplace: 'hybrid', jobType: 'full-time', location: 'Sydney', url: 'bugle.example.com/jobs/1' }),
    edit: { title: 'Senior political reporter', description: 'Cover parliament', company: 'Daily Bugle', workplace: 'remote', jobType: 'part-time' },
  },
  records: { type: 'record', create: async (owner: Caller) => ({ video: await video(owner), content: 'Update from the floor' }), edit: null },
  reactions: { type: 'reaction', create: async (owner: Caller) => ({ video: await video(owner), url: 'example.com/story', content: 'My take' }), edit: null },
  statements: { type: 'statement', create: async (owner: Caller) => ({ video: await video(owner), content: 'Our statement' }), edit: null },
} as const;

describe.each(Object.entries(KINDS))('/api/v1/%s', (path, kind) => {
  it('creates, reads, lists, edits (where the kind allows), deletes and restores', async () => {
    const created = await journalist.call('POST', `/api/v1/${path}`, await kind.create(journalist));
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.headers['object-id']);
    expect(created.json()).toMatchObject({ id, type: kind.type, author: { id: journalist.id, name: 'Jo Reporter', type: 'person' }, isDeleted: false, likable: { liked: false, likesCount: 0 } });

    const read = await pr.call('GET', `/api/v1/${path}/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().permissions).toEqual({ canEdit: false, canDelete: false, canRestore: false });
    expect((await pr.call('GET', '/api/v1/posts')).json().data.map((p: { id: number }) => p.id)).toContain(id);

    const edit = await journalist.call('PATCH', `/api/v1/${path}/${id}`, kind.edit ?? (await kind.create(journalist)));
    if (kind.edit) {
      expect(edit.statusCode, edit.body).toBe(200);
      expect(edit.json()).toMatchObject(kind.type === 'event' ? { name: kind.edit.name, eventType: 'offline' } : { title: (kind.edit as { title: string }).title });
      expect((await pr.call('PATCH', `/api/v1/${path}/${id}`, kind.edit)).statusCode).toBe(403);
    } else {
      expect(edit.statusCode).toBe(403);
    }

    expect((await pr.call('DELETE', `/api/v1/${path}/${id}`)).statusCode).toBe(403);
    expect((await journalist.call('DELETE', `/api/v1/${path}/${id}`)).statusCode).toBe(204);
    expect((await pr.call('GET', `/api/v1/${path}/${id}`)).statusCode).toBe(404);
    expect((await pr.call('GET', '/api/v1/posts')).json().data.map((p: { id: number }) => p.id)).not.toContain(id);
    const own = (await journalist.call('GET', `/api/v1/${path}/${id}`)).json();
    expect(own).toMatchObject({ isDeleted: true, permissions: { canRestore: true } });

    const restoreMethod = ['callouts', 'events', 'jobs'].includes(path) ? 'POST' : 'PATCH';
    const restored = await journalist.call(restoreMethod, `/api/v1/${path}/${id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().isDeleted).toBe(false);
    expect((await pr.call('GET', '/api/v1/posts')).json().data.map((p: { id: number }) => p.id)).toContain(id);
  });
});

describe('stories', () => {
  it('are written by admins and read by everyone', async () => {
    const body = { articleKind: 'media', title: 'Budget night', summary: 'What changed', content: '<p>Everything.</p>' };
    expect((await journalist.call('POST', '/api/v1/stories', body)).statusCode).toBe(403);
    const created = await admin.call('POST', '/api/v1/stories', body);
    expect(created.statusCode).toBe(201);
    const story = (await expert.call('GET', `/api/v1/stories/${created.headers['object-id']}`)).json();
    expect(story).toMatchObject({ type: 'story', typeLabel: 'Story', articleKind: 'media', articleKindLabel: 'Media news', title: 'Budget night' });
  });
});

describe('what a post holds', () => {
  it('shows a callout without a deadline as ASAP', async () => {
    const created = (await journalist.call('POST', '/api/v1/callouts', { title: 'Quick quote', content: 'Anyone?' })).json();
    expect(created).toMatchObject({ deadline: null, deadlineAt: null, isAsap: true, typeLabel: 'Callout' });
  });

  it('prepends https:// to URLs and refuses what is not one, in the spec’s words', async () => {
    const job = (await journalist.call('POST', '/api/v1/jobs', { ...KINDS.jobs.create(), url: 'bugle.example.com/apply' })).json();
    expect(job.url).toBe('https://bugle.example.com/apply');
    const bad = await journalist.call('POST', '/api/v1/jobs', { ...KINDS.jobs.create(), url: 'not a url' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(['Url is not valid']);
  });

  it('needs a timezone for an event’s start and end', async () => {
    const response = await journalist.call('POST', '/api/v1/events', { type: 'online', name: 'Briefing', start: future(1) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(['Timezone is required for the start and end']);
  });

  it('sanitises rich text and resolves mentions', async () => {
    const created = await journalist.call('POST', '/api/v1/communityPosts', { content: 'Hi @pat-publicist <script>alert(1)</script><a href="javascript:alert(2)">x</a>' });
    const post = created.json();
    expect(post.content).not.toContain('<script');
    expect(post.content).not.toContain('javascript:');
    const [event] = await t.core.store.readStream(t.database.db, `post-${post.id}`);
    expect((event!.data as { mentions: number[] }).mentions).toEqual([pr.id]);
  });

  it('refuses a video that is not the author’s own', async () => {
    const response = await journalist.call('POST', '/api/v1/records', { video: await video(pr), content: 'Not mine' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatch(/^Video \d+ was not found$/);
  });

  it('shows a post targeted at journalists to journalists only', async () => {
    const created = await pr.call('POST', '/api/v1/callouts', { title: 'For journalists', content: 'Embargoed briefing', userTypes: ['journo'] });
    const id = Number(created.headers['object-id']);
    expect((await journalist.call('GET', `/api/v1/callouts/${id}`)).statusCode).toBe(200);
    expect((await expert.call('GET', `/api/v1/callouts/${id}`)).statusCode).toBe(404);
    expect((await expert.call('GET', '/api/v1/posts?type=callout')).json().data.map((p: { id: number }) => p.id)).not.toContain(id);
  });

  it('answers a post id that is not digits, like an unknown one, with 404, and a post of another kind with 404', async () => {
    expect((await journalist.call('GET', '/api/v1/callouts/abc')).statusCode).toBe(404);
    const job = await journalist.call('POST', '/api/v1/jobs', KINDS.jobs.create());
    expect((await journalist.call('GET', `/api/v1/callouts/${job.headers['object-id']}`)).statusCode).toBe(404);
  });

  it('gives the edit form to those who may edit only', async () => {
    const id = (await journalist.call('POST', '/api/v1/jobs', KINDS.jobs.create())).headers['object-id'];
    const form = await journalist.call('GET', `/api/v1/jobs/${id}/all`);
    expect(form.json()).toMatchObject({ id: Number(id), type: 'job', saveAs: journalist.id, communities: [], userTypes: [], title: 'Political reporter' });
    expect((await pr.call('GET', `/api/v1/jobs/${id}/all`)).statusCode).toBe(403);
  });
});

describe('the post list', () => {
  it('pages newest first by offset, filters by type and says when there is more', async () => {
    for (let i = 0; i < 3; i++) await expert.call('POST', '/api/v1/communityPosts', { content: `Note ${i}` });
    const first = (await expert.call('GET', '/api/v1/posts?type=communityPost&limit=2')).json();
    expect(first.data).toHaveLength(2);
    expect(first.hasMore).toBe(true);
    expect(first.data[0].content).toContain('Note 2');
    const next = (await expert.call('GET', '/api/v1/posts?type=communityPost&limit=2&offset=2')).json();
    expect(next.data[0].id).toBeLessThan(first.data[1].id);
    const unknown = await expert.call('GET', '/api/v1/posts?type=poem');
    expect(unknown.statusCode).toBe(422);
    expect((await expert.call('GET', '/api/v1/posts?limit=101')).statusCode).toBe(400);
  });

  it('answers jobs/latest and events/latest with the newest of their kind', async () => {
    const latest = (await pr.call('GET', '/api/v1/jobs/latest')).json();
    expect(latest.data.length).toBeGreaterThan(0);
    expect(latest.data.every((p: { type: string }) => p.type === 'job')).toBe(true);
  });
});

describe('callouts that open an interview', () => {
  it('link the interview with its options, and keep the link through an edit', async () => {
    const interviewId = Number((await pr.call('POST', '/api/v1/interviews', { title: 'Housing', questions: [{ kind: 'video', text: 'What do you pay?' }] })).headers['object-id']);
    const created = await pr.call('POST', `/api/v1/callouts/async/${interviewId}`, { title: 'Tell us about housing', content: 'Answer on video', showQuestions: true, communities: [], userTypes: [] });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ type: 'callout', interview: { id: interviewId, showQuestions: true, allowSkip: false } });
    const edited = await pr.call('PATCH', `/api/v1/callouts/${created.headers['object-id']}`, { title: 'Tell us about rents', content: 'Answer on video' });
    expect(edited.json()).toMatchObject({ title: 'Tell us about rents', interview: { id: interviewId, showQuestions: true } });
  });
});

describe('stories', () => {
  it('are edited, deleted and restored by admins only, and the audit shows who did it', async () => {
    const id = (await admin.call('POST', '/api/v1/stories', { articleKind: 'marcoms', title: 'Launch', content: 'Text' })).headers['object-id'];
    expect((await journalist.call('PATCH', `/api/v1/stories/${id}`, { articleKind: 'marcoms', title: 'Mine now', content: 'x' })).statusCode).toBe(403);
    expect((await admin.call('PATCH', `/api/v1/stories/${id}`, { articleKind: 'media', title: 'Launch day', content: 'Text' })).json()).toMatchObject({ articleKind: 'media', title: 'Launch day' });
    expect((await journalist.call('DELETE', `/api/v1/stories/${id}`)).statusCode).toBe(403);
    expect((await admin.call('DELETE', `/api/v1/stories/${id}`)).statusCode).toBe(204);
    expect((await admin.call('POST', `/api/v1/stories/${id}/restore`)).json().isDeleted).toBe(false);

    const audit = (await admin.call('GET', `/api/v1/admin/audit?streamId=post-${id}`)).json().data;
    expect(audit.map((row: { type: string; actor: { id: string; name: string; role: string } }) => [row.type, row.actor.id, row.actor.name, row.actor.role])).toEqual([
      ['PostRestored', String(admin.id), 'Ada Admin', 'admin'],
      ['PostDeleted', String(admin.id), 'Ada Admin', 'admin'],
    ]);
    expect(audit[0].requestId).toEqual(expect.any(String));
  });
});
