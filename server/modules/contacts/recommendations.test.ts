import { beforeAll, describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';
import { whenSaid } from './recommendations.ts';
import { newAccount, newPerson, placeIn } from '../../testing/accounts.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const { pr: pat, admin: ada } = demo;

const TECH = 355;
const POLITICS = 62;
const people = {} as { jill: Caller; ed: Caller; paul: Caller; reader: Caller; rival: Caller };

async function chooseBeats(who: Caller, ids: number[]) {
  const slug = (await who.call('GET', '/api/v1/current_user/info')).json().slug;
  const answer = await who.call('PATCH', `/api/v1/u/${slug}/settings/beats`, { ids });
  expect(answer.statusCode, answer.body).toBeLessThan(300);
}

type Recommendation = { userId: number; name: string; why: string; role: string; score: number };
const recommended = async (who: Caller) => {
  const answer = await who.call('GET', '/api/v1/contacts/recommendations');
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { data: Recommendation[] }).data;
};

beforeAll(async () => {
  const harbour = (await pat.call('GET', '/api/v1/current_user/info')).json().account.id;
  await chooseBeats(pat, [TECH]);
  people.jill = await newPerson(demo.app, 'Jill', 'journo');
  await chooseBeats(people.jill, [TECH, POLITICS]);
  await people.jill.call('POST', '/api/v1/callouts', { title: 'AI in newsrooms', content: 'Looking for experts by Friday' });
  people.ed = await newPerson(demo.app, 'Ed', 'expert');
  await chooseBeats(people.ed, [TECH]);
  people.paul = await newPerson(demo.app, 'Paul', 'journo');
  await chooseBeats(people.paul, [POLITICS]);
  people.reader = await newPerson(demo.app, 'Rita');
  await placeIn(ada, people.reader, harbour, { readOnly: true });
  people.rival = await newPerson(demo.app, 'Rex');
  await placeIn(ada, people.rival, await newAccount(ada, 'Rival PR', ['ROLE_MODULE_CONTACTS']));
  await chooseBeats(people.rival, [TECH]);
});

describe('recommendations', () => {
  it("rank journalists and experts by the account's beats and their recent callouts, each saying why", async () => {
    const data = await recommended(pat);
    const ids = data.map((item) => item.userId);
    expect(ids).toContain(people.jill.id);
    expect(ids).toContain(people.ed.id);
    expect(ids, 'politics only: not a beat of the account').not.toContain(people.paul.id);
    expect(ids.indexOf(people.jill.id)).toBeLessThan(ids.indexOf(people.ed.id));
    expect(data.find((item) => item.userId === people.jill.id)).toMatchObject({ role: 'journo', why: 'covers tech; asked for sources on “AI in newsrooms” today' });
    expect(data.find((item) => item.userId === people.ed.id)).toMatchObject({ role: 'expert', why: 'covers tech' });
    // Someone the account keeps already is not recommended.
    await pat.call('POST', '/api/v1/contacts', { userId: people.ed.id });
    expect((await recommended(pat)).map((item) => item.userId)).not.toContain(people.ed.id);
  });

  it('once dismissed never come back for that account, and only for that account', async () => {
    const dismiss = (who: Caller, userId: number | string) => who.call('POST', `/api/v1/contacts/recommendations/${userId}/dismiss`);
    expect((await dismiss(people.reader, people.jill.id)).statusCode, 'read-only').toBe(403);
    expect((await dismiss(pat, people.jill.id)).statusCode).toBe(204);
    expect((await dismiss(pat, people.jill.id)).statusCode, 'twice is once').toBe(204);
    expect((await recommended(pat)).map((item) => item.userId)).not.toContain(people.jill.id);
    expect((await recommended(people.reader)).map((item) => item.userId), 'a colleague').not.toContain(people.jill.id);
    expect((await recommended(people.rival)).map((item) => item.userId), 'another account').toContain(people.jill.id);

    const nobody = await dismiss(pat, 999_999_999);
    expect(nobody.statusCode).toBe(404);
    expect((await dismiss(pat, people.rival.id)).statusCode, 'a PR person is not recommended').toBe(404);
    const bad = await dismiss(pat, 'someone');
    expect(bad.statusCode, 'a path id is digits').toBe(404);
    expect(typeof bad.json().detail).toBe('string');
  });

  it('say when in words', () => {
    const now = new Date('2026-11-26T03:00:00Z');
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);
    expect([0, 1, 3, 8, 22].map((days) => whenSaid(ago(days), now))).toEqual(['today', 'yesterday', '3 days ago', 'last week', '3 weeks ago']);
  });
});
