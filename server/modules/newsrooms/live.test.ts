import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type Caller } from '../../testing/people.ts';
import { liveDemo, nextMessage } from '../../testing/realtime.ts';
import { newAccount, newPerson, placeIn } from '../../testing/accounts.ts';
import { companyWith, mailedCode } from './testing.ts';

const demo = liveDemo({ redisUrl: process.env.REDIS_URL ?? null });
const { socketOf } = demo;
let pat: Caller;
let cole: Caller;
let jo: Caller;
let aggie: Caller;
let companyId: number;

beforeAll(async () => {
  const app = demo.live.app;
  pat = await signInAs(app, 'pr@pressroom.local');
  jo = await signInAs(app, 'journalist@pressroom.local');
  const admin = await signInAs(app, 'admin@pressroom.local');
  cole = await newPerson(app, 'Cole');
  await placeIn(admin, cole, (await pat.call('GET', '/api/v1/current_user/info')).json().account.id);
  aggie = await newPerson(app, 'Aggie');
  await placeIn(admin, aggie, await newAccount(admin, 'Live Agency', ['ROLE_MODULE_ONLINE_NEWSROOM']));
  companyId = (await companyWith(admin, 'Live Co', [pat])).id;
});

describe('newsrooms, live', () => {
  it('reach the running account’s tabs as they are made and edited, and a confirmed outsider’s once confirmed; nobody else hears', async () => {
    const coleTab = await socketOf(cole);
    const aggieTab = await socketOf(aggie);
    const joTab = await socketOf(jo);
    const unwanted: string[] = [];
    joTab.on('newsroom:changed', (m) => unwanted.push(`jo ${m.change}`));
    aggieTab.on('newsroom:changed', (m) => m.change !== 'accessConfirmed' && m.newsroom.name !== 'Live Room, by the agency' && unwanted.push(`aggie ${m.change}`));

    const made = nextMessage(coleTab, 'newsroom:changed', (m) => m.change === 'created' && m.newsroom.name === 'Live Room');
    const answer = await pat.call('POST', '/api/v1/newsrooms', { companyId, name: 'Live Room' });
    expect(answer.statusCode, answer.body).toBe(201);
    const id = answer.json().id;
    expect(await made).toMatchObject({ newsroomId: id, newsroom: { slug: 'live-room', company: { id: companyId } } });

    const edited = nextMessage(coleTab, 'newsroom:changed', (m) => m.change === 'edited' && m.newsroomId === id);
    await pat.call('PATCH', `/api/v1/newsrooms/${id}`, { isPublic: true });
    expect((await edited).newsroom.isPublic).toBe(true);

    await aggie.call('POST', `/api/v1/newsrooms/${id}/access`);
    const confirmed = nextMessage(aggieTab, 'newsroom:changed', (m) => m.change === 'accessConfirmed' && m.newsroomId === id);
    const code = await mailedCode(demo.live.core, 'pr@pressroom.local');
    await demo.live.app.inject({ method: 'POST', url: `/api/v1/newsrooms/confirm/${code}`, headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect((await confirmed).newsroom.name).toBe('Live Room');

    const byAgency = nextMessage(coleTab, 'newsroom:changed', (m) => m.change === 'edited' && m.newsroom.name === 'Live Room, by the agency');
    const agencyEcho = nextMessage(aggieTab, 'newsroom:changed', (m) => m.change === 'edited' && m.newsroom.name === 'Live Room, by the agency');
    await aggie.call('PATCH', `/api/v1/newsrooms/${id}`, { name: 'Live Room, by the agency' });
    await Promise.all([byAgency, agencyEcho]);
    await demo.live.core.processors.caughtUp();
    expect(unwanted).toEqual([]);
  });
});
