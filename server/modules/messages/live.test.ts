import { beforeAll, describe, expect, it } from 'vitest';
import { compareCursors, type Cursor } from '../../../contracts/realtime.ts';
import { signInAs, type Caller } from '../../testing/people.ts';
import { liveDemo, nextMessage } from '../../testing/realtime.ts';

const demo = liveDemo({ redisUrl: process.env.REDIS_URL ?? null });
const { socketOf } = demo;
let pat: Caller;
let eve: Caller;
let jo: Caller;

beforeAll(async () => {
  pat = await signInAs(demo.live.app, 'pr@pressroom.local');
  eve = await signInAs(demo.live.app, 'expert@pressroom.local');
  jo = await signInAs(demo.live.app, 'journalist@pressroom.local');
});
const start = async (who: Caller, participantIds: number[], content: string) => (await who.call('POST', '/api/v1/conversations', { participantIds, content })).json();
const say = (who: Caller, conversationId: number, content: string) => who.call('POST', `/api/v1/conversations/${conversationId}/messages`, { content });
const read = (who: Caller, conversationId: number, messageId: number) => who.call('PATCH', `/api/v1/conversations/${conversationId}/read`, { messageId });

describe('messages, live', () => {
  it('reach every open tab of the other person at once, with their unread counts', async () => {
    const { id } = await start(pat, [eve.id], 'Hello');
    const tabs = await Promise.all([socketOf(eve), socketOf(eve), socketOf(eve)]);
    const arrivals = tabs.map((tab) => nextMessage(tab, 'message:sent', (m) => m.conversationId === id && m.message.content === '<p>Are you there?</p>'));
    const counts = tabs.map((tab) => nextMessage(tab, 'messages:unread', (m) => m.conversationId === id && m.unreadCount === 2));
    const sent = await say(pat, id, 'Are you there?');
    expect(sent.statusCode).toBe(201);
    // What each tab hears is the message the sender was answered with, sender's name and all.
    for (const message of await Promise.all(arrivals)) expect(message.message).toEqual(sent.json());
    for (const count of await Promise.all(counts)) expect(count.totals.total).toBeGreaterThanOrEqual(2);
    // Reading in one tab clears the badge in the others.
    const cleared = tabs.map((tab) => nextMessage(tab, 'messages:unread', (m) => m.conversationId === id && m.unreadCount === 0));
    await read(eve, id, sent.json().id);
    await Promise.all(cleared);
  });

  it('carry each person’s totals over all their conversations, as the unread count reads them, muted ones left out', async () => {
    const quiet = await start(jo, [eve.id], 'Quiet one');
    expect((await eve.call('PATCH', `/api/v1/conversations/${quiet.id}/mute`, { muted: true })).statusCode).toBe(200);
    const other = await start(jo, [eve.id, pat.id], 'Other one');
    const { id } = await start(pat, [eve.id], 'Counted');
    const tab = await socketOf(eve);
    const pushed = nextMessage(tab, 'messages:unread', (m) => m.conversationId === id && m.unreadCount === 2);
    expect((await say(pat, id, 'Counted again')).statusCode).toBe(201);
    const expected = (await eve.call('GET', '/api/v1/messages/unread')).json();
    expect((await pushed).totals).toEqual(expected);
    expect(expected.total).toBeGreaterThanOrEqual(3);
    // Read in the other conversation: everyone in it hears their own totals, the sender too.
    const last = (await (await eve.call('GET', `/api/v1/conversations/${other.id}`)).json()).lastMessage.id as number;
    const lowered = nextMessage(tab, 'messages:unread', (m) => m.conversationId === other.id && m.unreadCount === 0);
    await read(eve, other.id, last);
    expect((await lowered).totals).toEqual((await eve.call('GET', '/api/v1/messages/unread')).json());
  });

  it('keep pushed unread counts exact under 50 concurrent sends and reads', async () => {
    const { id } = await start(pat, [eve.id], 'Start');
    const tab = await socketOf(eve);
    let last: { cursor: Cursor; unreadCount: number } | null = null;
    tab.on('messages:unread', (m) => {
      if (m.conversationId === id && (!last || compareCursors(m.cursor, last.cursor) > 0)) last = { cursor: m.cursor, unreadCount: m.unreadCount };
    });
    const first = (await (await eve.call('GET', `/api/v1/conversations/${id}`)).json()).lastMessage.id as number;
    const answers = await Promise.all([...Array.from({ length: 50 }, (_, i) => say(pat, id, `n${i}`)), ...Array.from({ length: 50 }, (_, i) => read(eve, id, first + i * 2))]);
    expect(answers.filter((answer) => answer.statusCode >= 300)).toEqual([]);
    await demo.live.core.processors.caughtUp();
    const view = (await eve.call('GET', `/api/v1/conversations/${id}`)).json();
    await expect.poll(() => last?.unreadCount, { timeout: 5000 }).toBe(view.unreadCount);
    const sentIds = answers.slice(0, 50).map((answer) => answer.json().id as number);
    expect(view.unreadCount).toBe(sentIds.filter((messageId) => messageId > view.lastReadMessageId).length);
  });

  it('give a reconnecting tab what it missed, in order', async () => {
    const { id } = await start(pat, [eve.id], 'Before');
    const tab = await socketOf(eve);
    const liveOne = nextMessage(tab, 'message:sent', (m) => m.conversationId === id && m.message.content === '<p>Seen live</p>');
    await say(pat, id, 'Seen live');
    const cursor = (await liveOne).cursor;
    tab.disconnect();
    for (const text of ['one', 'two', 'three']) await say(pat, id, text);
    await demo.live.core.processors.caughtUp();
    const back = await socketOf(eve);
    const replayed: string[] = [];
    back.on('message:sent', (m) => {
      if (m.conversationId === id) replayed.push(m.message.content);
    });
    const answer = await back.emitWithAck('resume', cursor);
    expect(answer).toMatchObject({ ok: true });
    expect(replayed).toEqual(['<p>one</p>', '<p>two</p>', '<p>three</p>']);
  });

  it('keep non-participants out of the room, and typing to the people in it', async () => {
    const { id } = await start(pat, [eve.id], 'Private');
    const outsider = await socketOf(jo);
    expect(await outsider.emitWithAck('join', `conversation:${id}`)).toEqual({ ok: false, error: 'You may not join this room.' });
    const heard: number[] = [];
    outsider.on('message:sent', (m) => heard.push(m.conversationId));
    outsider.on('message:typing', (m) => heard.push(m.conversationId));
    const patTab = await socketOf(pat);
    const eveTab = await socketOf(eve);
    expect(await patTab.emitWithAck('join', `conversation:${id}`)).toEqual({ ok: true });
    expect(await eveTab.emitWithAck('join', `conversation:${id}`)).toEqual({ ok: true });
    const typing = nextMessage(eveTab, 'message:typing', (m) => m.conversationId === id);
    patTab.emit('typing', id);
    expect(await typing).toEqual({ conversationId: id, userId: pat.id });
    // Typing where one has not joined is not passed on.
    outsider.emit('typing', id);
    const arrived = nextMessage(eveTab, 'message:sent', (m) => m.conversationId === id);
    await say(pat, id, 'Only for Eve');
    await arrived;
    expect(heard).toEqual([]);
  });

  it('refuse a blocked person live too: nothing reaches the one who blocked', async () => {
    const { id } = await start(eve, [pat.id], 'Hi Pat');
    await pat.call('POST', '/api/v1/messages/blocks', { userId: eve.id });
    // 'Hi Pat' went out before the block: its push is done before the tab opens.
    await demo.live.core.processors.caughtUp();
    const tab = await socketOf(pat);
    const heard: string[] = [];
    tab.on('message:sent', (m) => heard.push(m.message.content));
    expect((await say(eve, id, 'Pat?')).statusCode).toBe(403);
    await demo.live.core.processors.caughtUp();
    expect(heard).toEqual([]);
    await pat.call('DELETE', `/api/v1/messages/blocks/${eve.id}`);
  });
});
