import WebSocket from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareCursors, type Cursor } from '../../contracts/realtime.ts';
import { signInAs, type Caller } from '../testing/people.ts';
import { connected, liveDemo, nextMessage, openSocket, type ClientSocket } from '../testing/realtime.ts';

const demo = liveDemo();
const { socketOf } = demo;
let journalist: Caller;
let pr: Caller;
let expert: Caller;
let admin: Caller;

beforeAll(async () => {
  journalist = await signInAs(demo.live.app, 'journalist@pressroom.local');
  pr = await signInAs(demo.live.app, 'pr@pressroom.local');
  expert = await signInAs(demo.live.app, 'expert@pressroom.local');
  admin = await signInAs(demo.live.app, 'admin@pressroom.local');
});
const join = (socket: ClientSocket, room: string) => socket.emitWithAck('join', room);
async function newJob(): Promise<number> {
  return Number((await journalist.call('POST', '/api/v1/jobs', { title: 'Editor', description: 'Edit', company: 'Bugle', workplace: 'remote', jobType: 'full-time' })).headers['object-id']);
}

describe('live updates', () => {
  it('refuse a socket without a session', async () => {
    const socket = openSocket(demo.live.url, 'not-a-token');
    demo.track(socket);
    await expect(connected(socket)).rejects.toThrow('unauthorized');
  });

  it('bring a like and a comment to everyone who has the post open', async () => {
    const postId = await newJob();
    const watcher = await socketOf(pr);
    expect(await join(watcher, `post:${postId}`)).toEqual({ ok: true });
    const like = nextMessage(watcher, 'like:changed', (m) => m.postId === postId);
    await expert.call('POST', `/api/v1/jobs/${postId}/toggleLike`, { status: true });
    expect(await like).toMatchObject({ targetKind: 'post', targetId: postId, userId: expert.id, liked: true, likesCount: 1 });
    const comment = nextMessage(watcher, 'comment:added', (m) => m.postId === postId);
    await expert.call('POST', `/api/v1/jobs/${postId}/comments`, { content: 'Applied' });
    expect(await comment).toMatchObject({ comment: { content: '<p>Applied</p>', author: { id: expert.id } }, commentsCount: 1, totalCommentsCount: 1 });
  });

  it('tell the feed of new posts, and keep targeted ones to their readers', async () => {
    const journalistFeed = await socketOf(journalist);
    const expertFeed = await socketOf(expert);
    await join(journalistFeed, 'feed');
    await join(expertFeed, 'feed');
    const heard: number[] = [];
    expertFeed.on('post:changed', (m) => heard.push(m.postId));
    const forJournalists = nextMessage(journalistFeed, 'post:changed', (m) => m.change === 'created');
    const created = await pr.call('POST', '/api/v1/callouts', { title: 'For journalists', content: 'Briefing', userTypes: ['journo'] });
    const message = await forJournalists;
    expect(message).toMatchObject({ postId: Number(created.headers['object-id']), kind: 'callout', change: 'created', authorId: pr.id });
    const open = nextMessage(expertFeed, 'post:changed', (m) => m.change === 'created');
    const everyone = await pr.call('POST', '/api/v1/callouts', { title: 'For all', content: 'Briefing' });
    expect((await open).postId).toBe(Number(everyone.headers['object-id']));
    expect(heard).not.toContain(message.postId);
  });

  it('check read permission before joining a post’s room', async () => {
    const targeted = await pr.call('POST', '/api/v1/callouts', { title: 'Journalists only', content: 'x', userTypes: ['journo'] });
    const socket = await socketOf(expert);
    expect(await join(socket, `post:${targeted.headers['object-id']}`)).toEqual({ ok: false, error: 'You may not join this room.' });
    expect(await join(socket, 'user:1')).toMatchObject({ ok: false });
  });

  it('replay exactly what a reconnecting socket missed, in order, then carry on live', async () => {
    const postId = await newJob();
    const first = await socketOf(pr);
    await join(first, `post:${postId}`);
    const seen = nextMessage(first, 'like:changed', (m) => m.postId === postId);
    await expert.call('POST', `/api/v1/jobs/${postId}/toggleLike`, { status: true });
    const last: Cursor = (await seen).cursor;
    first.disconnect();

    // Three things happen while the reader is away.
    await journalist.call('POST', `/api/v1/jobs/${postId}/comments`, { content: 'One' });
    await admin.call('POST', `/api/v1/jobs/${postId}/toggleLike`, { status: true });
    await journalist.call('POST', `/api/v1/jobs/${postId}/comments`, { content: 'Three' });
    await demo.live.core.processors.caughtUp();

    const back = await socketOf(pr);
    const received: { event: string; cursor: Cursor }[] = [];
    back.onAny((event, payload) => received.push({ event, cursor: payload.cursor }));
    await join(back, `post:${postId}`);
    const answer = await back.emitWithAck('resume', last);
    expect(answer).toMatchObject({ ok: true, replayed: 3 });
    expect(received.map((m) => m.event)).toEqual(['comment:added', 'like:changed', 'comment:added']);
    expect([...received].sort((a, b) => compareCursors(a.cursor, b.cursor))).toEqual(received);
    expect(received.every((m) => compareCursors(m.cursor, last) > 0)).toBe(true);

    const next = nextMessage(back, 'like:changed', (m) => m.postId === postId && m.userId === journalist.id);
    await journalist.call('POST', `/api/v1/jobs/${postId}/toggleLike`, { status: true });
    expect((await next).likesCount).toBe(3);
  });
});

describe('communities and notifications, live', () => {
  it('keep a private community’s room to those who may read it, and tell members as they join', async () => {
    const created = (await admin.call('POST', '/api/v1/communities', { name: 'Newsroom leads', type: 'private', description: 'Editors only' })).json();
    const outsider = await socketOf(expert);
    expect(await join(outsider, `community:${created.slug}`)).toEqual({ ok: false, error: 'You may not join this room.' });
    const inside = await socketOf(admin);
    expect(await join(inside, `community:${created.slug}`)).toEqual({ ok: true });

    const open = (await admin.call('POST', '/api/v1/communities', { name: 'Open desk', type: 'public', description: 'Everyone' })).json();
    const watcher = await socketOf(pr);
    expect(await join(watcher, `community:${open.slug}`)).toEqual({ ok: true });
    const joined = nextMessage(watcher, 'membership:changed', (m) => m.communitySlug === open.slug && m.userId === expert.id);
    await expert.call('POST', `/api/v1/communities/${open.slug}/join`);
    expect(await joined).toMatchObject({ isJoined: true, membersCount: 2 });
  });

  it('push the unread count to every tab of the person notified', async () => {
    const postId = await newJob();
    const tab = await socketOf(journalist);
    const counted = nextMessage(tab, 'notifications:changed', (m) => m.unreadCount > 0);
    await pr.call('POST', `/api/v1/jobs/${postId}/comments`, { content: 'Interested' });
    const message = await counted;
    expect(message.notificationId).toEqual(expect.any(Number));
    expect((await journalist.call('GET', '/api/v1/notifications')).json().unreadCount).toBe(message.unreadCount);
  });
});

describe('the admin event tail', () => {
  function tail(who: Caller, after = '0') {
    const url = `${demo.live.url.replace('http', 'ws')}/api/v1/admin/events/stream?after=${after}`;
    return new WebSocket(url, { headers: { cookie: `pressroom_session=${who.token}` } });
  }

  it('streams the log from a cursor and then live, to admins only', async () => {
    const refused = tail(journalist);
    const code = await new Promise<number>((resolve) => refused.on('close', (c) => resolve(c)));
    expect(code).toBe(4403);

    const socket = tail(admin);
    const events: { type: string; streamId: string; cursor: string }[] = [];
    socket.on('message', (data) => events.push(JSON.parse(String(data))));
    await new Promise((resolve) => socket.on('open', resolve));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events[0]).toMatchObject({ type: 'AccountCreated' });
    const postId = await newJob();
    for (let i = 0; i < 100 && !events.some((e) => e.streamId === `post-${postId}`); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events.at(-1)).toMatchObject({ type: 'PostCreated', streamId: `post-${postId}` });
    const cursors = events.map((e) => e.cursor);
    expect([...cursors].sort(compareCursors)).toEqual(cursors);
    socket.close();
  });
});
