import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { replayInline } from '../../projections/replay.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import { messagesProjection } from './projection.ts';

const t = useTestCore(productModel, { process: false });
const { journalist: jo, pr: pat, expert: eve } = useDemo(t);

async function snapshot() {
  const entries = await Promise.all(messagesProjection.tables.map(async (table) => [table, (await sql`select * from ${sql.table(table)} order by 1, 2`.execute(t.database.db)).rows] as const));
  return Object.fromEntries(entries);
}

describe('the messages read model', () => {
  it('rebuilds from the log into tables identical to the live ones: conversations, members, unread counts', async () => {
    const direct = (await pat.call('POST', '/api/v1/conversations', { participantIds: [jo.id], content: 'Pitch' })).json();
    const group = (await eve.call('POST', '/api/v1/conversations', { participantIds: [jo.id, pat.id], title: 'Panel', content: 'Welcome' })).json();
    // Jo answers first: until then a journalist takes one message from each person.
    await jo.call('POST', `/api/v1/conversations/${group.id}/messages`, { content: 'Hi all' });
    const said = await Promise.all(Array.from({ length: 12 }, (_, i) => pat.call('POST', `/api/v1/conversations/${group.id}/messages`, { content: `Point ${i}` })));
    await jo.call('POST', `/api/v1/conversations/${direct.id}/messages`, { content: 'Go on' });
    await jo.call('PATCH', `/api/v1/conversations/${group.id}/read`, { messageId: said[5]!.json().id });
    await pat.call('PATCH', `/api/v1/messages/${said[7]!.json().id}`, { content: 'Point seven, corrected' });
    await pat.call('DELETE', `/api/v1/messages/${said[8]!.json().id}`);
    await jo.call('PATCH', `/api/v1/conversations/${direct.id}/mute`, { muted: true });
    await eve.call('PATCH', '/api/v1/messages/preferences', { readReceipts: false });
    await jo.call('POST', '/api/v1/messages/blocks', { userId: eve.id });
    await jo.call('POST', `/api/v1/messages/${said[9]!.json().id}/report`);
    await eve.call('DELETE', `/api/v1/conversations/${group.id}/participants/me`);

    expect(said.map((answer) => answer.statusCode)).toEqual(Array(12).fill(201));
    const live = await snapshot();
    expect(live.conversations).toHaveLength(2);
    expect(live.message_reports).toHaveLength(1);
    const joInGroup = (live.conversation_members as { conversation_id: number; user_id: number; unread_count: number }[]).find((m) => m.conversation_id === group.id && m.user_id === jo.id)!;
    // Concurrent sends take their ids in commit order, not in the order they were asked for.
    const ids = said.map((answer) => answer.json().id as number);
    const mark = ids[5]!;
    expect(joInGroup.unread_count).toBe(ids.filter((id) => id > mark && id !== ids[8]).length);
    await sql`update conversation_members set unread_count = 99, mentions_count = 7`.execute(t.database.db);
    await sql`delete from message_blocks`.execute(t.database.db);

    await replayInline(t.database.db, t.core.store, productModel.inline);
    expect(await snapshot()).toEqual(live);
  });
});
