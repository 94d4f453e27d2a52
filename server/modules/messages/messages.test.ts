import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import { newPerson as signUp } from '../../testing/accounts.ts';
import { signInAs, type Caller } from '../../testing/people.ts';
import os from 'node:os';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createServices } from '../../services.ts';
import { TEST_PUBLIC_URL } from '../../testing/app.ts';
import { MessageSendLimit } from './rate-limit.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const { journalist: jo, pr: pat, expert: eve, admin: ada } = demo;

const newPerson = (name: string, role?: 'journo' | 'pr' | 'expert') => signUp(demo.app, name, role);

const start = (who: Caller, participantIds: number[], content = '', title?: string) => who.call('POST', '/api/v1/conversations', { participantIds, content, ...(title ? { title } : {}) });
const say = (who: Caller, conversationId: number, content: string) => who.call('POST', `/api/v1/conversations/${conversationId}/messages`, { content });
const read = (who: Caller, conversationId: number, messageId: number) => who.call('PATCH', `/api/v1/conversations/${conversationId}/read`, { messageId });
const totals = async (who: Caller) => (await who.call('GET', '/api/v1/messages/unread')).json();
const conversation = async (who: Caller, id: number) => (await who.call('GET', `/api/v1/conversations/${id}`)).json();

describe('conversations', () => {
  it('start between two people with a first message, and asking again finds the same one', async () => {
    const sam = await newPerson('Sam');
    const first = await start(sam, [eve.id], 'Hello Eve');
    expect(first.statusCode).toBe(201);
    const view = first.json();
    expect(view).toMatchObject({ isGroup: false, lastLine: 'Hello Eve', unreadCount: 0, cannotSend: null });
    expect(view.participants.map((p: { id: number }) => p.id).sort()).toEqual([sam.id, eve.id].sort());
    const again = await start(eve, [sam.id], 'Hi Sam');
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(view.id);
    const list = (await sam.call('GET', '/api/v1/conversations')).json();
    expect(list.conversations[0]).toMatchObject({ id: view.id, lastLine: 'Hi Sam', unreadCount: 1 });
  });

  it('list newest activity first, with the last line and each one’s unread count', async () => {
    const kim = await newPerson('Kim');
    const lee = await newPerson('Lee');
    const withLee = (await start(kim, [lee.id], 'First')).json();
    const withEve = (await start(kim, [eve.id], 'Second')).json();
    await say(lee, withLee.id, 'Back to you');
    const list = (await kim.call('GET', '/api/v1/conversations')).json();
    expect(list.conversations.map((c: { id: number }) => c.id)).toEqual([withLee.id, withEve.id]);
    expect(list.conversations[0]).toMatchObject({ lastLine: 'Back to you', unreadCount: 1 });
    expect(list.conversations[1]).toMatchObject({ lastLine: 'Second', unreadCount: 0 });
    expect(list.next).toBeNull();
  });

  it('count unread messages per conversation, mentions, and in total; reading and muting move them', async () => {
    const ann = await newPerson('Ann');
    const bob = await newPerson('Bob');
    const cal = await newPerson('Cal');
    const group = (await start(ann, [bob.id, cal.id], '', 'Desk')).json();
    expect(group).toMatchObject({ isGroup: true, title: 'Desk' });
    const direct = (await start(cal, [bob.id], 'One')).json();
    await say(ann, group.id, 'Morning all');
    const slug = (await bob.call('GET', `/api/v1/conversations/${group.id}`)).json().participants.find((p: { id: number }) => p.id === bob.id).slug;
    const mention = (await say(ann, group.id, `<p>Over to <a data-mention="${slug}" href="/app/u/${slug}">@${slug}</a></p>`)).json();
    expect(await totals(bob)).toEqual({ total: 3, mentions: 1 });
    expect(await conversation(bob, group.id)).toMatchObject({ unreadCount: 2, mentionsCount: 1 });
    expect((await read(bob, group.id, mention.id)).json()).toEqual({ unreadCount: 0, mentionsCount: 0, total: 1 });
    // A stale tab's older mark changes nothing.
    await read(bob, group.id, 1);
    expect(await totals(bob)).toEqual({ total: 1, mentions: 0 });
    const muted = (await bob.call('PATCH', `/api/v1/conversations/${direct.id}/mute`, { muted: true })).json();
    expect(muted).toMatchObject({ muted: true, unreadCount: 1 });
    expect(await totals(bob)).toEqual({ total: 0, mentions: 0 });
    // Sending reads what came before.
    await say(ann, group.id, 'Anyone?');
    await say(bob, group.id, 'Here');
    expect(await conversation(bob, group.id)).toMatchObject({ unreadCount: 0 });
  });

  it('keep unread counts exact under 50 concurrent sends and reads', async () => {
    const ria = await newPerson('Ria');
    const tom = await newPerson('Tom');
    const { id } = (await start(ria, [tom.id], 'Start')).json();
    const first = (await conversation(tom, id)).lastMessage.id;
    const sends = Array.from({ length: 50 }, (_, i) => say(ria, id, `Message ${i}`));
    const reads = Array.from({ length: 50 }, (_, i) => read(tom, id, first + i));
    const answers = await Promise.all([...sends, ...reads]);
    expect(answers.map((answer) => answer.statusCode).filter((status) => status >= 300)).toEqual([]);
    const exact = await sql<{ unread: number }>`
      select count(*)::int as unread from messages m join conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id = ${tom.id}
      where m.conversation_id = ${id} and m.id > cm.last_read_message_id and m.sender_id <> ${tom.id} and not m.is_deleted`.execute(t.database.db);
    const view = await conversation(tom, id);
    expect(view.unreadCount).toBe(exact.rows[0]!.unread);
    expect((await totals(tom)).total).toBe(exact.rows[0]!.unread);
    await read(tom, id, view.lastMessage.id);
    expect(await totals(tom)).toEqual({ total: 0, mentions: 0 });
    const page = (await tom.call('GET', `/api/v1/conversations/${id}/messages?limit=100`)).json();
    expect(page.messages).toHaveLength(51);
  });

  it('page a thread back in time, newest first', async () => {
    const uma = await newPerson('Uma');
    const { id } = (await start(uma, [eve.id], 'm0')).json();
    for (let i = 1; i < 35; i++) await say(uma, id, `m${i}`);
    const first = (await eve.call('GET', `/api/v1/conversations/${id}/messages`)).json();
    expect(first.messages).toHaveLength(30);
    expect(first.hasMore).toBe(true);
    expect(first.messages[0].content).toBe('<p>m34</p>');
    const rest = (await eve.call('GET', `/api/v1/conversations/${id}/messages?before=${first.messages.at(-1).id}`)).json();
    expect(rest.messages.map((m: { content: string }) => m.content)).toEqual(['<p>m4</p>', '<p>m3</p>', '<p>m2</p>', '<p>m1</p>', '<p>m0</p>']);
    expect(rest.hasMore).toBe(false);
  });
});

describe('who may read and write', () => {
  it('keeps a conversation to its participants: others get 404 and cannot write', async () => {
    const vic = await newPerson('Vic');
    const { id } = (await start(vic, [pat.id], 'Private')).json();
    expect((await eve.call('GET', `/api/v1/conversations/${id}`)).statusCode).toBe(404);
    expect((await eve.call('GET', `/api/v1/conversations/${id}/messages`)).statusCode).toBe(404);
    expect((await say(eve, id, 'Let me in')).statusCode).toBe(404);
    expect((await read(eve, id, 1)).statusCode).toBe(404);
    const message = (await pat.call('GET', `/api/v1/conversations/${id}/messages`)).json().messages[0];
    expect((await eve.call('PATCH', `/api/v1/messages/${message.id}`, { content: 'mine now' })).statusCode).toBe(404);
    expect((await eve.call('DELETE', `/api/v1/messages/${message.id}`)).statusCode).toBe(404);
    expect((await eve.call('GET', `/api/v1/conversations/999999`)).statusCode).toBe(404);
  });

  it('lets read-only people read but not send', async () => {
    const ro = await newPerson('Rory');
    const { id } = (await start(pat, [ro.id], 'For you')).json();
    await ada.call('PATCH', `/api/v1/admin/users/${ro.id}`, { readOnly: true });
    const again = await signInAs(demo.app, (await t.database.db.selectFrom('users').select('email').where('id', '=', ro.id).executeTakeFirstOrThrow()).email, 'correct horse battery');
    expect((await again.call('GET', `/api/v1/conversations/${id}/messages`)).statusCode).toBe(200);
    const refused = await say(again, id, 'Can I?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Your account is read-only: you can look, but not change anything.');
    expect((await conversation(again, id)).cannotSend).toBe('Read-only users cannot send messages');
    const message = (await conversation(again, id)).lastMessage;
    expect((await read(again, id, message.id)).json()).toMatchObject({ unreadCount: 0, total: 0 });
  });

  it('refuses a message that is empty or too long, with its line', async () => {
    const { id } = (await start(pat, [eve.id], 'Hi')).json();
    const empty = await say(pat, id, '   ');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual(['Write something or attach a file']);
    const long = await say(pat, id, 'x'.repeat(5001));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual(['Message is too long (at most 5,000 characters)']);
    expect((await say(pat, id, 'x'.repeat(5000))).statusCode).toBe(201);
  });

  it('limits how fast one person sends, with a clear 429', async () => {
    const services = createServices(t.core, { env: 'test', stream: { apiKey: 'k', apiSecret: 's', apiUrl: null, push: false }, publicUrl: TEST_PUBLIC_URL, secureCookies: false, devTools: false });
    services.messageSends = new MessageSendLimit(null, { points: 3, seconds: 60 }, 'limited');
    const app = await buildApp(t.core, { logLevel: 'silent', services, uploads: { ...loadConfig({}).uploads, dir: os.tmpdir() } });
    try {
      const limited = await signInAs(app, 'pr@pressroom.local');
      const { id } = (await start(limited, [eve.id], 'One')).json();
      expect((await say(limited, id, 'Two')).statusCode).toBe(201);
      expect((await say(limited, id, 'Three')).statusCode).toBe(201);
      const refused = await say(limited, id, 'Four');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().detail).toMatch(/^You are sending messages too fast\. Try again in \d+ seconds?\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});

describe('edits and deletes', () => {
  it('let the sender edit and delete their own message; a deleted one reads "This message was deleted"', async () => {
    const wes = await newPerson('Wes');
    const { id } = (await start(wes, [eve.id], 'Draft')).json();
    const message = (await conversation(eve, id)).lastMessage;
    expect((await eve.call('PATCH', `/api/v1/messages/${message.id}`, { content: 'Not yours' })).statusCode).toBe(403);
    const edited = (await wes.call('PATCH', `/api/v1/messages/${message.id}`, { content: 'Final' })).json();
    expect(edited).toMatchObject({ content: '<p>Final</p>', isDeleted: false });
    expect(edited.editedAt).not.toBeNull();
    expect((await totals(eve)).total).toBeGreaterThanOrEqual(1);
    const before = (await conversation(eve, id)).unreadCount;
    expect((await wes.call('DELETE', `/api/v1/messages/${message.id}`)).statusCode).toBe(204);
    const after = await conversation(eve, id);
    expect(after).toMatchObject({ unreadCount: before - 1, lastLine: 'This message was deleted' });
    expect(after.lastMessage).toMatchObject({ isDeleted: true, content: '' });
    expect((await wes.call('DELETE', `/api/v1/messages/${message.id}`)).statusCode).toBe(404);
  });
});

describe('cold pitches, blocks and spam', () => {
  it('let a non-contact send a journalist one message and no second until the journalist answers', async () => {
    const pitcher = await newPerson('Pia');
    const opened = await start(pitcher, [jo.id], 'Story idea');
    expect(opened.statusCode).toBe(201);
    const { id } = opened.json();
    const second = await say(pitcher, id, 'Following up');
    expect(second.statusCode).toBe(403);
    expect(second.json().detail).toBe('You can write again once they answer your first message');
    expect((await conversation(pitcher, id)).cannotSend).toBe('You can write again once they answer your first message');
    expect((await say(jo, id, 'Tell me more')).statusCode).toBe(201);
    expect((await say(pitcher, id, 'Here it is')).statusCode).toBe(201);
  });

  it('let a journalist turn the protection off (on by default)', async () => {
    expect((await jo.call('GET', '/api/v1/messages/preferences')).json()).toEqual({ readReceipts: true, coldPitchProtection: true });
    expect((await pat.call('GET', '/api/v1/messages/preferences')).json()).toEqual({ readReceipts: true, coldPitchProtection: false });
    const jay = await newPerson('Jay', 'journo');
    await jay.call('PATCH', '/api/v1/messages/preferences', { coldPitchProtection: false });
    const pitcher = await newPerson('Pip');
    const { id } = (await start(pitcher, [jay.id], 'One')).json();
    expect((await say(pitcher, id, 'Two')).statusCode).toBe(201);
  });

  it('refuse a blocked person, in the conversation and when starting one', async () => {
    const nag = await newPerson('Nag');
    const target = await newPerson('Tess');
    const { id } = (await start(nag, [target.id], 'Hi')).json();
    const blocked = await target.call('POST', '/api/v1/messages/blocks', { userId: nag.id });
    expect(blocked.json().blocked.map((b: { id: number }) => b.id)).toEqual([nag.id]);
    const refused = await say(nag, id, 'Hello?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('This person does not take messages from you');
    expect((await conversation(target, id)).cannotSend).toBe('You have blocked this person. Unblock them to write again');
    const group = await start(nag, [target.id, eve.id], 'All of us');
    expect(group.statusCode).toBe(422);
    expect(group.json().errors).toEqual(['This person does not take messages from you']);
    await target.call('DELETE', `/api/v1/messages/blocks/${nag.id}`);
    expect((await say(nag, id, 'Sorry')).statusCode).toBe(201);
  });

  it('let a recipient report spam: the sender is stopped and the admins see it', async () => {
    const spammer = await newPerson('Spam');
    const { id } = (await start(spammer, [jo.id], 'Buy now')).json();
    const message = (await conversation(jo, id)).lastMessage;
    expect((await spammer.call('POST', `/api/v1/messages/${message.id}/report`)).statusCode).toBe(422);
    expect((await eve.call('POST', `/api/v1/messages/${message.id}/report`)).statusCode).toBe(404);
    expect((await jo.call('POST', `/api/v1/messages/${message.id}/report`)).statusCode).toBe(204);
    expect((await jo.call('POST', `/api/v1/messages/${message.id}/report`)).statusCode).toBe(204);
    await say(jo, id, 'Stop');
    expect((await say(spammer, id, 'Still here')).statusCode).toBe(403);
    expect((await pat.call('GET', '/api/v1/admin/messages/reports')).statusCode).toBe(403);
    const reports = (await ada.call('GET', '/api/v1/admin/messages/reports')).json().reports;
    expect(reports.filter((r: { messageId: number }) => r.messageId === message.id)).toEqual([
      expect.objectContaining({ conversationId: id, content: '<p>Buy now</p>', reporter: expect.objectContaining({ id: jo.id }), sender: expect.objectContaining({ id: spammer.id }) }),
    ]);
  });
});

describe('groups and receipts', () => {
  it('hold up to 20 people; people can be added and can leave', async () => {
    const host = await newPerson('Hal');
    const crowd = await Promise.all(Array.from({ length: 19 }, (_, i) => newPerson(`Guest${i}`)));
    const full = await start(host, crowd.map((c) => c.id), 'Hi all', 'Big room');
    expect(full.statusCode).toBe(201);
    const extra = await newPerson('Extra');
    const tooMany = await host.call('POST', `/api/v1/conversations/${full.json().id}/participants`, { userIds: [extra.id] });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual(['A conversation holds at most 20 people']);
    expect((await crowd[0]!.call('DELETE', `/api/v1/conversations/${full.json().id}/participants/me`)).statusCode).toBe(204);
    expect((await crowd[0]!.call('GET', `/api/v1/conversations/${full.json().id}`)).statusCode).toBe(404);
    const added = await host.call('POST', `/api/v1/conversations/${full.json().id}/participants`, { userIds: [extra.id] });
    expect(added.statusCode).toBe(200);
    expect(added.json().participants.filter((p: { hasLeft: boolean }) => !p.hasLeft)).toHaveLength(20);
    expect((await conversation(extra, full.json().id)).unreadCount).toBe(0);
  });

  it('show who has seen what, unless they keep their receipts to themselves', async () => {
    const sue = await newPerson('Sue');
    const ted = await newPerson('Ted');
    const { id } = (await start(sue, [ted.id], 'Seen?')).json();
    const message = (await conversation(ted, id)).lastMessage;
    await read(ted, id, message.id);
    const seen = (await conversation(sue, id)).participants.find((p: { id: number }) => p.id === ted.id);
    expect(seen.seenMessageId).toBe(message.id);
    await ted.call('PATCH', '/api/v1/messages/preferences', { readReceipts: false });
    const hidden = (await conversation(sue, id)).participants.find((p: { id: number }) => p.id === ted.id);
    expect(hidden.seenMessageId).toBeNull();
  });
});
