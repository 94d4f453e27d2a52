import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { replayInline } from '../../projections/replay.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import { newPerson as signUp } from '../../testing/accounts.ts';
import type { Caller } from '../../testing/people.ts';
import { messagesProjection } from './projection.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);

const newPerson = (name: string, role?: 'journo' | 'pr' | 'expert') => signUp(demo.app, name, role);

const say = (who: Caller, conversationId: number, content: string) => who.call('POST', `/api/v1/conversations/${conversationId}/messages`, { content });
const mentioning = (slug: string) => `<p>Over to <a data-mention="${slug}" href="/app/u/${slug}">@${slug}</a></p>`;

async function snapshot() {
  const entries = await Promise.all(messagesProjection.tables.map(async (table) => [table, (await sql`select * from ${sql.table(table)} order by 1, 2`.execute(t.database.db)).rows] as const));
  return Object.fromEntries(entries);
}

type Member = { user_id: number; unread_count: number; mentions_count: number; sent_count: number; last_read_message_id: number };
type Message = { id: number; sender_id: number; mentions: number[] };

describe('messages sent at the same moment', () => {
  it('share transactions and leave every count as sending them one by one would, as a replay shows', async () => {
    const [ann, bob, cal] = await Promise.all([newPerson('Ann', 'pr'), newPerson('Bob', 'expert'), newPerson('Cal', 'pr')]);
    const group = (await ann.call('POST', '/api/v1/conversations', { participantIds: [bob.id, cal.id], title: 'Desk', content: 'Morning' })).json();
    const slugs = new Map((await ann.call('GET', `/api/v1/conversations/${group.id}`)).json().participants.map((p: { id: number; slug: string }) => [p.id, p.slug]));
    const people = [ann, bob, cal];
    // Bob and Cal never write before the burst, Ann did: each starts from another standing.
    const burst = await Promise.all(
      Array.from({ length: 36 }, (_, i) => {
        const who = people[i % 3 === 2 ? 0 : i % 2]!;
        const named = people[(i + 1) % 3]!;
        return say(who, group.id, i % 4 === 0 ? mentioning(slugs.get(named.id) as string) : `Point ${i}`);
      }),
    );
    expect(burst.map((answer) => answer.statusCode)).toEqual(Array(36).fill(201));
    expect(new Set(burst.map((answer) => answer.json().id)).size).toBe(36);
    // Each answer is the message as the thread reads it back (the answer is made from the event, not the row).
    const thread = (await ann.call('GET', `/api/v1/conversations/${group.id}/messages?limit=50`)).json();
    const listed = new Map(thread.messages.map((message: { id: number }) => [message.id, message]));
    for (const answer of burst) expect(answer.json()).toEqual(listed.get(answer.json().id));

    const members = (await sql<Member>`select * from conversation_members where conversation_id = ${group.id}`.execute(t.database.db)).rows;
    const messages = (await sql<Message>`select id, sender_id, mentions from messages where conversation_id = ${group.id} order by id`.execute(t.database.db)).rows;
    expect(messages).toHaveLength(37);
    for (const member of members) {
      const own = messages.filter((message) => Number(message.sender_id) === member.user_id);
      const lastOwn = Number(own.at(-1)?.id ?? 0);
      const unread = messages.filter((message) => Number(message.id) > lastOwn && Number(message.sender_id) !== member.user_id);
      expect(member).toMatchObject({
        sent_count: own.length,
        last_read_message_id: lastOwn,
        unread_count: unread.length,
        mentions_count: unread.filter((message) => message.mentions.map(Number).includes(member.user_id)).length,
      });
    }
    const [conversation] = (await sql<{ last_message_id: number }>`select last_message_id from conversations where id = ${group.id}`.execute(t.database.db)).rows;
    expect(Number(conversation!.last_message_id)).toBe(Number(messages.at(-1)!.id));

    const live = await snapshot();
    await sql`update conversation_members set unread_count = 99, mentions_count = 7, sent_count = 0`.execute(t.database.db);
    await replayInline(t.database.db, t.core.store, productModel.inline);
    expect(await snapshot()).toEqual(live);
  });

  it('decide each on the standing the one before left: a journalist who has not answered takes one pitch', async () => {
    const [jo, pat] = await Promise.all([newPerson('Jo', 'journo'), newPerson('Pat', 'pr')]);
    const direct = (await pat.call('POST', '/api/v1/conversations', { participantIds: [jo.id] })).json();
    const pitches = await Promise.all(Array.from({ length: 4 }, (_, i) => say(pat, direct.id, `Pitch ${i}`)));
    expect(pitches.map((answer) => answer.statusCode).sort()).toEqual([201, 403, 403, 403]);
    const refused = pitches.find((answer) => answer.statusCode === 403)!;
    expect(JSON.stringify(refused.json())).toContain('You can write again once they answer your first message');
    const sent = (await sql<{ n: number }>`select count(*)::int as n from messages where conversation_id = ${direct.id}`.execute(t.database.db)).rows[0]!;
    expect(sent.n).toBe(1);
  });

  it('refuse one send alone: the others in its transaction still go out', async () => {
    const [kim, lee, outsider] = await Promise.all([newPerson('Kim', 'pr'), newPerson('Lee', 'expert'), newPerson('Out', 'pr')]);
    const direct = (await kim.call('POST', '/api/v1/conversations', { participantIds: [lee.id], content: 'Hi' })).json();
    const answers = await Promise.all([
      say(kim, direct.id, 'One'),
      say(outsider, direct.id, 'Let me in'),
      say(lee, direct.id, 'Two'),
      say(kim, 987_654, 'Nowhere'),
      say(lee, direct.id, ''),
      say(kim, direct.id, 'Three'),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 404, 201, 404, 422, 201]);
    const texts = (await sql<{ content: string }>`select content from messages where conversation_id = ${direct.id} order by id`.execute(t.database.db)).rows.map((row) => row.content);
    expect(texts.map((text) => text.replace(/<[^>]+>/g, '')).sort()).toEqual(['Hi', 'One', 'Three', 'Two']);
  });
});
