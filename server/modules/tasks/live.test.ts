import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type Caller } from '../../testing/people.ts';
import { liveDemo, nextMessage } from '../../testing/realtime.ts';
import { newPerson, placeIn } from '../../testing/accounts.ts';
import { accountOf, inDays } from './testing.ts';

const demo = liveDemo({ redisUrl: process.env.REDIS_URL ?? null });
const { socketOf } = demo;
let pat: Caller;
let cole: Caller;
let jo: Caller;

beforeAll(async () => {
  pat = await signInAs(demo.live.app, 'pr@pressroom.local');
  jo = await signInAs(demo.live.app, 'journalist@pressroom.local');
  const admin = await signInAs(demo.live.app, 'admin@pressroom.local');
  cole = await newPerson(demo.live.app, 'Cole');
  await placeIn(admin, cole, await accountOf(pat));
});

describe('tasks, live', () => {
  it('reach the assignee in every open tab, saying who gave them what; the rest of the account hears the change', async () => {
    const coleTabs = await Promise.all([socketOf(cole), socketOf(cole)]);
    const patTab = await socketOf(pat);
    const joTab = await socketOf(jo);
    let joHeard = false;
    joTab.on('task:changed', () => (joHeard = true));
    const arrivals = coleTabs.map((tab) => nextMessage(tab, 'task:changed', (m) => m.change === 'created' && m.task?.title === 'Pitch Mia'));
    const echo = nextMessage(patTab, 'task:changed', (m) => m.change === 'created' && m.task?.title === 'Pitch Mia');
    const answer = await pat.call('POST', '/api/v1/tasks', { title: 'Pitch Mia', assigneeId: cole.id, dueAt: inDays(1) });
    expect(answer.statusCode, answer.body).toBe(201);
    for (const message of await Promise.all(arrivals)) expect(message).toMatchObject({ taskId: answer.json().id, by: pat.id, task: { assignee: { id: cole.id }, createdBy: { id: pat.id } } });
    await echo;

    // Given to Pat instead: Pat hears it is theirs now, Cole that it moved.
    const reassigned = [patTab, coleTabs[0]!].map((tab) => nextMessage(tab, 'task:changed', (m) => m.change === 'assigned' && m.taskId === answer.json().id));
    await cole.call('PATCH', `/api/v1/tasks/${answer.json().id}`, { assigneeId: pat.id });
    for (const message of await Promise.all(reassigned)) expect(message).toMatchObject({ by: cole.id, task: { assignee: { id: pat.id } } });

    const deleted = nextMessage(coleTabs[1]!, 'task:changed', (m) => m.change === 'deleted' && m.taskId === answer.json().id);
    await pat.call('DELETE', `/api/v1/tasks/${answer.json().id}`);
    expect((await deleted).task).toBeNull();
    await demo.live.core.processors.caughtUp();
    expect(joHeard).toBe(false);
  });
});
