import { beforeAll, describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';
import { newAccount, newPerson, placeIn } from '../../testing/accounts.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const { admin: ada } = demo;

let desk: Caller;
beforeAll(async () => {
  desk = await newPerson(demo.app, 'Dee');
  await placeIn(ada, desk, await newAccount(ada, 'Directory PR', ['ROLE_MODULE_CONTACTS']));
});

const BOUNDARY = 'directory-boundary';
/** Imports a file whose headers are the fields' own names. */
async function importCsv(who: Caller, csv: string) {
  const mapping = Object.fromEntries(csv.split('\n')[0]!.split(',').map((header) => [header, header]));
  const payload = [
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="consent"\r\n\r\ntrue\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n${JSON.stringify(mapping)}\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${BOUNDARY}--\r\n`,
  ].join('');
  const answer = await demo.app.inject({
    method: 'POST',
    url: '/api/v1/contacts/import',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    cookies: { [SESSION_COOKIE]: who.token },
    payload,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

type Page = { data: { id: number | null; name: string }[]; hasMore: boolean; total: number | null };
const read = async (who: Caller, query: string) => (await who.call('GET', `/api/v1/contacts?${query}`)).json() as Page;

/** Every row of a query, page after page, as the table would read them. */
async function everyRow(who: Caller, query: string) {
  const rows: Page['data'] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await read(who, `${query}&limit=500&offset=${offset}`);
    rows.push(...page.data);
    if (!page.hasMore) return rows;
  }
}

describe('the directory at size', () => {
  it('gives totals equal to its rows for every single filter, as contacts are added, edited, merged, imported and removed', async () => {
    const add = async (body: object) => (await desk.call('POST', '/api/v1/contacts', body)).json().id as number;
    const ann = await add({ name: 'Ann Count', beats: [355], outlets: ['Harbour Times'], country: 'AU', tags: ['launch'], emails: ['ann@count.example'] });
    const bob = await add({ name: 'Bob Count', beats: [355, 62], country: 'NZ', tags: ['launch', 'vip'] });
    const cal = await add({ name: 'Cal Count', outlets: ['Harbour Times', 'Other Post'], emails: ['cal@count.example'] });
    await desk.call('POST', '/api/v1/contacts', { userId: demo.journalist.id, tags: ['launch'] });
    await importCsv(desk, 'name,emails,tags,beats,outlets,country\nDan Count,dan@count.example,vip,Technology,Harbour Times,AU\nEve Count,,launch,,,NZ\nAnn Count,ann@count.example,launch;vip,,,AU\n');
    await desk.call('PATCH', `/api/v1/contacts/${bob}`, { beats: [62], country: 'AU', emails: ['bob@count.example'] });
    expect((await desk.call('POST', `/api/v1/contacts/${ann}/merge`, { otherId: cal })).statusCode).toBe(200);
    await desk.call('DELETE', `/api/v1/contacts/${bob}`);

    const filters = ['', 'beat=355', 'beat=62', 'outlet=Harbour%20Times', 'outlet=Other%20Post', 'country=AU', 'country=NZ', 'tag=launch', 'tag=vip', 'tag=none'];
    for (const filter of filters) {
      for (const email of ['', '&hasEmail=true', '&hasEmail=false']) {
        const query = `${filter}${email}`;
        const { total } = await read(desk, `${query}&total=true`);
        expect(total, query).toBe((await everyRow(desk, query)).length);
      }
    }
    // The platform's journalists count with the account's contacts, and the account's record of one counts once.
    expect((await read(desk, 'tag=launch&total=true')).total).toBe(3);
    expect((await read(desk, 'total=true')).data.filter((row) => row.name === 'Jo Reporter')).toHaveLength(1);
  });

  it('finds a common word’s first page in order and a rare word’s few matches beyond the first thousands in order', async () => {
    const rows = Array.from({ length: 2600 }, (_, i) => `Common ${String(i).padStart(4, '0')},c${i}@bulk.example,${i % 2 === 0 ? 'even' : ''}`);
    rows.push('Zulu Rarest,z1@bulk.example,', 'Zulu Rare,z2@bulk.example,even');
    const report = await importCsv(desk, `name,emails,tags\n${rows.join('\n')}\n`);
    expect(report.imported).toBe(2602);

    const common = await read(desk, 'q=comm&sort=name&limit=50&offset=100&total=true');
    expect(common.data.map((row) => row.name)).toEqual(Array.from({ length: 50 }, (_, i) => `Common ${String(100 + i).padStart(4, '0')}`));
    expect(common).toMatchObject({ hasMore: true, total: 2600 });
    expect((await read(desk, 'q=common%2025&sort=-name&limit=3')).data.map((row) => row.name)).toEqual(['Common 2599', 'Common 2598', 'Common 2597']);
    // "zul" is in 2 rows of 2,602, last by name: past the rows a small page reads in order first.
    expect(await read(desk, 'q=zul&limit=2&total=true')).toMatchObject({ data: [{ name: 'Zulu Rare' }, { name: 'Zulu Rarest' }], hasMore: false, total: 2 });
    expect((await read(desk, 'q=zul&sort=-name&limit=2')).data.map((row) => row.name)).toEqual(['Zulu Rarest', 'Zulu Rare']);
    expect((await read(desk, 'q=zul&tag=even&limit=2')).data.map((row) => row.name)).toEqual(['Zulu Rare']);
    expect((await read(desk, 'q=zul&limit=1&offset=1')).data.map((row) => row.name)).toEqual(['Zulu Rarest']);
    expect((await read(desk, 'q=zulu%20rarest%20nobody')).data).toEqual([]);
  });
});
