import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { replayInline } from '../../projections/replay.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';
import { tasksProjection } from './projection.ts';
import { newPerson, placeIn } from '../../testing/accounts.ts';
import { accountOf, inDays } from './testing.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
let cole: Caller;

beforeAll(async () => {
  cole = await newPerson(demo.app, 'Cole');
  await placeIn(demo.admin, cole, await accountOf(demo.pr));
});

async function snapshot() {
  const entries = await Promise.all(tasksProjection.tables.map(async (table) => [table, (await sql`select * from ${sql.table(table)} order by 1`.execute(t.database.db)).rows] as const));
  return Object.fromEntries(entries);
}

describe('the tasks read model', () => {
  it('rebuilds from the log into tables identical to the live ones: given, edited, reassigned, done, reopened, deleted', async () => {
    const pat = demo.pr;
    const give = async (body: object) => (await pat.call('POST', '/api/v1/tasks', body)).json().id as number;
    const contact = (await pat.call('POST', '/api/v1/contacts', { name: 'Mia Chen' })).json().id;
    const a = await give({ title: 'Pitch Mia', assigneeId: cole.id, dueAt: inDays(1), link: { kind: 'contact', id: contact } });
    const b = await give({ title: 'Send kit', assigneeId: pat.id, dueAt: inDays(-2) });
    const interview = (await pat.call('POST', '/api/v1/interviews', { title: 'Launch questions', brief: 'About the launch' })).json().id;
    const c = await give({ title: 'Gone soon', assigneeId: cole.id, dueAt: inDays(3), link: { kind: 'interview', id: interview } });
    const d = await give({ title: 'Done and undone', assigneeId: cole.id, dueAt: inDays(4) });
    await pat.call('PATCH', `/api/v1/tasks/${a}`, { title: 'Pitch Mia Chen', dueAt: inDays(2), assigneeId: pat.id });
    await pat.call('PATCH', `/api/v1/tasks/${a}`, { link: null });
    await cole.call('POST', `/api/v1/tasks/${b}/done`);
    await cole.call('POST', `/api/v1/tasks/${d}/done`);
    await cole.call('DELETE', `/api/v1/tasks/${d}/done`);
    await pat.call('DELETE', `/api/v1/tasks/${c}`);

    const live = await snapshot();
    expect(live.tasks).toHaveLength(3);
    await sql`update tasks set title = 'Broken', state = 'open', done_at = null`.execute(t.database.db);
    await sql`insert into tasks select ${c}, account_id, 'Back from the dead', assignee_id, created_by, due_at, state, null, null, created_at, updated_at, null from tasks where id = ${a}`.execute(t.database.db);

    await replayInline(t.database.db, t.core.store, productModel.inline);
    expect(await snapshot()).toEqual(live);
  });
});
