import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/app.ts';
import { signInAs } from '../testing/people.ts';
import { productModel } from '../model.ts';
import { metadata, useTestCore } from '../testing/core.ts';
import { seedDemo } from '../seed/demo.ts';
import { userDecider, userStream } from '../modules/users/commands.ts';
import { findUserIdByEmail } from '../modules/users/queries.ts';
import { replayInline, replayProcessor } from './replay.ts';

const t = useTestCore(productModel);
let closeApp = async () => undefined as unknown;
afterAll(() => closeApp());

async function snapshot() {
  const tables = [...productModel.inline.flatMap((p) => p.tables), ...productModel.processors.flatMap((p) => p.tables)];
  const entries = await Promise.all(tables.map(async (table) => [table, (await sql`select * from ${sql.table(table)} order by 1, 2`.execute(t.database.db)).rows] as const));
  return Object.fromEntries(entries);
}

describe("the product's read models", () => {
  it('rebuild from the log into tables identical to the live ones', async () => {
    await seedDemo(t.core);
    const expert = (await findUserIdByEmail(t.database.db, 'expert@pressroom.local'))!;
    const by = { kind: 'system' } as const;
    await t.core.commands.run(userDecider, userStream(expert), { type: 'grantRole', userId: expert, role: 'journo', by }, metadata());
    await t.core.commands.run(userDecider, userStream(expert), { type: 'setReadOnly', userId: expert, readOnly: true, by }, metadata());
    await t.core.commands.run(userDecider, userStream(expert), { type: 'chooseBeats', userId: expert, beatIds: [19] }, metadata());
    await t.core.commands.run(userDecider, userStream(expert), { type: 'setOnboardingStage', userId: expert, stage: 'beats_outlets' }, metadata());

    // Posts, comments and likes through the API, the way people make them.
    const app = await buildTestApp(t.core);
    closeApp = () => app.close();
    const jo = await signInAs(app, 'journalist@pressroom.local');
    const pat = await signInAs(app, 'pr@pressroom.local');
    const job = (await jo.call('POST', '/api/v1/jobs', { title: 'Editor', description: 'Edit', company: 'Bugle', workplace: 'remote', jobType: 'full-time' })).json();
    const callout = (await pat.call('POST', '/api/v1/callouts', { title: 'Sources?', content: 'Hi @jo-reporter' })).json();
    await jo.call('PATCH', `/api/v1/callouts/${callout.id}`, { title: 'x', content: 'refused: not the author' });
    await pat.call('PATCH', `/api/v1/callouts/${callout.id}`, { title: 'Sources, please', content: 'Anyone?' });
    const thread = (await jo.call('POST', `/api/v1/callouts/${callout.id}/comments`, { content: 'Me' })).json();
    const reply = (await pat.call('POST', `/api/v1/callouts/${callout.id}/comments`, { content: 'Thanks', parentId: thread.id })).json();
    await pat.call('PATCH', `/api/v1/comments/${reply.id}`, { content: 'Thanks!' });
    await Promise.all([jo, pat].map((who) => who.call('POST', `/api/v1/jobs/${job.id}/toggleLike`, { status: true })));
    await pat.call('POST', `/api/v1/jobs/${job.id}/toggleLike`, { status: false });
    await pat.call('POST', `/api/v1/comments/${thread.id}/toggleLike`, { status: true });
    await jo.call('DELETE', `/api/v1/jobs/${job.id}`);
    await jo.call('POST', `/api/v1/jobs/${job.id}/restore`);
    const doomed = (await pat.call('POST', `/api/v1/callouts/${callout.id}/comments`, { content: 'Oops' })).json();
    await pat.call('DELETE', `/api/v1/comments/${doomed.id}`);

    // Communities: founded, joined, asked into and approved, renamed, and posted in.
    const ada = await signInAs(app, 'admin@pressroom.local');
    const open = (await ada.call('POST', '/api/v1/communities', { name: 'Open desk', type: 'public' })).json();
    const closed = (await ada.call('POST', '/api/v1/communities', { name: 'Closed desk', type: 'private' })).json();
    await jo.call('POST', `/api/v1/communities/${open.slug}/join`);
    await pat.call('POST', `/api/v1/communities/${closed.slug}/join`);
    await ada.call('POST', `/api/v1/communities/${closed.slug}/requests/${pat.id}/approve`);
    await jo.call('POST', `/api/v1/communities/${closed.slug}/join`);
    await ada.call('PATCH', `/api/v1/communities/${open.slug}`, { newSlug: 'open-newsroom', description: 'For everyone' });
    const inside = (await pat.call('POST', '/api/v1/communityPosts', { content: 'Members only', communities: [closed.id] })).json();
    await ada.call('POST', `/api/v1/communityPosts/${inside.id}/comments`, { content: 'Welcome' });

    // Read marks are not events: a rebuilt feed must still know what Jo has read.
    await t.core.processors.caughtUp();
    expect((await jo.call('PATCH', '/api/v1/notifications/read')).json()).toEqual({ unreadCount: 0 });

    const live = await snapshot();
    expect(live.users).toHaveLength(4);
    expect(live.posts).toHaveLength(3);
    expect(live.likes).toHaveLength(2);
    const notifications = live.notifications as { recipient_id: number; type: string; read_at: Date | null }[];
    const notified = (who: number) => notifications.filter((n) => n.recipient_id === who).map((n) => [n.type, n.read_at !== null]);
    expect(notified(jo.id)).toEqual([['mention', true], ['commentAsReply', true], ['likeOnComment', true]]);
    expect(notified(pat.id)).toContainEqual(['comment', false]);
    expect(live.memberships).toHaveLength(4);
    expect(live.join_requests).toHaveLength(1);
    expect(live.community_slugs).toHaveLength(3);
    await sql`delete from user_beats`.execute(t.database.db);
    await sql`update users set roles = '{}'`.execute(t.database.db);
    await sql`update posts set likes_count = 7, comments_count = 0`.execute(t.database.db);
    await sql`delete from likes`.execute(t.database.db);
    await sql`update communities set members_count = 0`.execute(t.database.db);
    await sql`delete from join_requests`.execute(t.database.db);

    await replayInline(t.database.db, t.core.store, productModel.inline);
    for (const definition of productModel.processors) await replayProcessor(t.core.processors, definition);
    expect(await snapshot()).toEqual(live);
  });
});
