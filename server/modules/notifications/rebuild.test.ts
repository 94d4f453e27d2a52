import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { NotificationList } from '../../../contracts/notifications.ts';
import { productModel } from '../../model.ts';
import { rebuildProcessor } from '../../projections/processor-rebuild.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';
import { notificationsProcessor } from './processor.ts';

const processor = notificationsProcessor();
const t = useTestCore({ ...productModel, processors: [processor] });
const { journalist: jo, pr: pat, expert: eve } = useDemo(t);

async function feed(who: Caller): Promise<NotificationList> {
  await t.core.processors.caughtUp();
  const response = await who.call('GET', '/api/v1/notifications?limit=100');
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function commentOn(who: Caller, postId: number, content: string) {
  expect((await who.call('POST', `/api/v1/callouts/${postId}/comments`, { content })).statusCode).toBe(201);
}

describe('the notifications rebuilt beside the live ones', () => {
  it('keep the read marks made while the rebuild ran, and count the unread again', async () => {
    const posted = await jo.call('POST', '/api/v1/callouts', { title: 'Sources on rents', content: 'Who can talk?' });
    expect(posted.statusCode).toBe(201);
    const postId = Number(posted.headers['object-id']);
    for (const [i, who] of [pat, eve, pat, eve].entries()) await commentOn(who, postId, `Me, ${i}`);
    const before = await feed(jo);
    expect(before.unreadCount).toBeGreaterThan(0);
    const rows = async () => (await sql`select * from notifications order by id`.execute(t.database.db)).rows;
    const indexes = async () => (await sql`select indexname from pg_indexes where tablename like 'notification%' order by 1`.execute(t.database.db)).rows;
    const indexesBefore = await indexes();

    let marked = false;
    await rebuildProcessor(t.database.db, t.core.store, processor, {
      // One event a batch: the rows of Jo's first comments are written before Jo reads them all.
      chunk: 1,
      onHandled: async () => {
        if (marked) return;
        const rebuilt = await sql<{ n: number }>`select count(*)::int as n from notifications_v6_rebuild where recipient_id = ${jo.id}`.execute(t.database.db);
        if (rebuilt.rows[0]!.n === 0) return;
        marked = true;
        expect((await jo.call('PATCH', '/api/v1/notifications/read')).json()).toEqual({ unreadCount: 0 });
      },
    });
    expect(marked).toBe(true);

    const after = await feed(jo);
    expect(after.unreadCount).toBe(0);
    expect(after.data.length).toBe(before.data.length);
    expect(after.data.every((item) => item.isRead)).toBe(true);
    const rebuilt = await rows();
    // And once more, with nothing read meanwhile: the same rows, the same names.
    await rebuildProcessor(t.database.db, t.core.store, processor);
    expect(await rows()).toEqual(rebuilt);
    expect(await indexes()).toEqual(indexesBefore);
  });
});
