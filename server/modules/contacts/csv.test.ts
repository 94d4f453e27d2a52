import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS } from '../../../contracts/contacts/api.ts';
import { productModel } from '../../model.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { stringify } from 'csv-stringify/sync';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const { pr: pat } = demo;

/** A form as a browser's FormData sends it: fields first, then the file. */
function form(fields: Record<string, string>, csv: string) {
  const boundary = `----pressroom-test-${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="contacts.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(parts.join('') + file), Buffer.from(csv), Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const importCsv = (who: Caller, csv: string, fields: Record<string, string>) => {
  const body = form(fields, csv);
  return demo.app.inject({ method: 'POST', url: '/api/v1/contacts/import', headers: { 'x-requested-with': 'XMLHttpRequest', ...body.headers }, cookies: { [SESSION_COOKIE]: who.token }, payload: body.payload });
};
const identity = JSON.stringify(Object.fromEntries(CSV_COLUMNS.map((column) => [column, column])));

type Cells = Record<(typeof CSV_COLUMNS)[number], string>;
const csvOf = (rows: Cells[]) => stringify(rows, { header: true, columns: [...CSV_COLUMNS] });

function goodRow(i: number): Cells {
  return {
    name: `Person ${String(i).padStart(5, '0')}`,
    jobTitle: i % 3 === 0 ? 'Reporter, "features"' : '',
    outlets: i % 2 ? 'The Daily;Weekend Post' : 'The Daily',
    companies: i % 5 === 0 ? 'Daily Media' : '',
    beats: i % 4 === 0 ? 'tech;business' : 'politics',
    emails: `person${i}@example.com`,
    mobile: i % 2 ? `+61 400 ${String(i).padStart(6, '0')}` : '',
    workDirect: '',
    workReception: i % 7 === 0 ? '(02) 9999-0000' : '',
    home: '',
    authorUrl: '',
    website: i % 10 === 0 ? `https://example.com/people/${i}` : '',
    twitter: i % 3 === 0 ? `https://twitter.com/p${i}` : '',
    linkedIn: '',
    instagram: '',
    facebook: '',
    youtube: '',
    other: '',
    timezone: i % 2 ? 'Australia/Sydney' : '',
    country: i % 2 ? 'AU' : 'NZ',
    tags: i % 6 === 0 ? 'vip;launch\nlist' : '',
  };
}

const BAD: [Partial<Cells>, string][] = [
  [{ emails: 'not-an-email' }, 'emails.0: Email is not valid'],
  [{ mobile: '+61 4OO' }, 'phones.mobile: Phone is not valid'],
  [{ twitter: 'https://facebook.com/x' }, 'links.twitter: This is not a Twitter url'],
  [{ website: 'nope' }, 'links.website: Url is not valid'],
  [{ name: '' }, 'Name is required'],
  [{ beats: 'gardening' }, 'beats.0: No such beat'],
  [{ country: 'ZZ' }, 'country: Country must be a two-letter country code'],
  [{ timezone: 'Moon/Base' }, 'timezone: Timezone is not valid'],
  [{ instagram: 'https://instagram.com/' }, 'links.instagram: This is not a Instagram url'],
  [{ youtube: 'https://example.com/v' }, 'links.youtube: This is not a Youtube url'],
];

describe('CSV import and export', () => {
  it('imports 10,000 rows with 50 bad ones: the good ones in, the bad ones reported by line, and exports back to an equal file', { timeout: 300_000 }, async () => {
    const rows: Cells[] = [];
    const expectedFailures: { line: number; errors: string[] }[] = [];
    const good: Cells[] = [];
    // One row of the file spans two lines (a tag with a line break), so lines are counted from the file, not the row index.
    let line = 1;
    for (let i = 0; i < 10_000; i++) {
      const row = goodRow(i);
      const bad = i % 200 === 199 ? BAD[(i / 200) % BAD.length | 0]! : null;
      const cells = bad ? { ...row, ...bad[0] } : row;
      rows.push(cells);
      line += 1;
      if (bad) expectedFailures.push({ line, errors: [bad[1]] });
      else good.push(cells);
      line += (cells.tags.match(/\n/g) ?? []).length;
    }
    expect(expectedFailures).toHaveLength(50);

    const answer = await importCsv(pat, csvOf(rows), { consent: 'true', mapping: identity });
    expect(answer.statusCode, answer.body.slice(0, 500)).toBe(200);
    const report = answer.json();
    expect(report).toMatchObject({ imported: 9950, updated: 0, unchanged: 0 });
    expect(report.failed).toEqual(expectedFailures);

    const exported = await demo.app.inject({ method: 'GET', url: '/api/v1/contacts/export', headers: { 'x-requested-with': 'XMLHttpRequest' }, cookies: { [SESSION_COOKIE]: pat.token } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.body).toBe(csvOf(good));

    // The same file again changes nothing; a changed row updates its contact, found by email.
    const again = rows.map((row, i) => (i === 0 ? { ...row, jobTitle: 'Editor' } : row));
    const second = (await importCsv(pat, csvOf(again), { consent: 'true', mapping: identity })).json();
    expect(second).toMatchObject({ imported: 0, updated: 1, unchanged: 9949 });
    expect(second.failed).toHaveLength(50);
  });

  it('maps headers as the person chose, dedupes by email within the file, and asks for consent', async () => {
    const csv = 'First,Last,E-mail,Outlet\nAda,Lovelace,ada@engine.example,Analytical\nAda,L.,ADA@engine.example;ada@home.example,Other\n,,,\n';
    const mapping = JSON.stringify({ First: 'firstName', Last: 'lastName', 'E-mail': 'emails', Outlet: 'outlets' });
    const refused = await importCsv(pat, csv, { mapping });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual(['Confirm that you may contact the people in this file']);
    expect((await importCsv(pat, csv, { consent: 'true', mapping: JSON.stringify({ Email: 'emails', First: 'firstName' }) })).json().errors).toEqual(['Column "Email" is not in the file']);
    expect((await importCsv(pat, csv, { consent: 'true', mapping: JSON.stringify({ 'E-mail': 'emails' }) })).json().errors).toEqual(['Map a column to the name']);
    expect((await importCsv(pat, csv, { consent: 'true', mapping: JSON.stringify({ First: 'shoeSize' }) })).statusCode).toBe(422);

    const report = (await importCsv(pat, csv, { consent: 'true', mapping })).json();
    expect(report).toMatchObject({ imported: 1, updated: 1, unchanged: 0, failed: [{ line: 4, errors: ['Name is required'] }] });
    const found = (await pat.call('GET', '/api/v1/contacts?q=lovelace')).json().data;
    expect(found).toHaveLength(0);
    const ada = (await pat.call('GET', '/api/v1/contacts?q=ada%20l')).json().data;
    expect(ada).toHaveLength(1);
    expect(ada[0]).toMatchObject({ name: 'Ada L.', emails: ['ada@engine.example', 'ada@home.example'], outlets: ['Other'] });
  });

  it('reports rows that cannot be stored and lines that are not CSV by their line, and imports the rest', async () => {
    const csv = 'name,emails\nGood One,one@good.example\nBad\u0000Byte,nul@bad.example\n"Stray"quote,q@bad.example\nGood Two,two@good.example\n';
    const report = (await importCsv(pat, csv, { consent: 'true', mapping: JSON.stringify({ name: 'name', emails: 'emails' }) })).json();
    // After a stray quote the parser may read on as if inside quotes: what it cannot read is reported too.
    expect(report.failed.slice(0, 2)).toEqual([
      { line: 3, errors: ['name: Contains characters that cannot be stored'] },
      { line: 4, errors: [expect.stringMatching(/^Not valid CSV: Invalid Closing Quote/)] },
    ]);
    expect(report.imported).toBe(1);
  });

  it('marks do-not-contact the rows whose address is suppressed', async () => {
    const gone = (await pat.call('POST', '/api/v1/contacts', { name: 'Unsubscribed', emails: ['unsub@example.com'] })).json().id;
    await pat.call('POST', `/api/v1/contacts/${gone}/do-not-contact`);
    await pat.call('DELETE', `/api/v1/contacts/${gone}`);
    const report = (await importCsv(pat, 'name,emails\nUnsubscribed,unsub@example.com\n', { consent: 'true', mapping: JSON.stringify({ name: 'name', emails: 'emails' }) })).json();
    expect(report.imported).toBe(1);
    expect((await pat.call('GET', '/api/v1/contacts?q=unsubscribed')).json().data).toMatchObject([{ doNotContact: true }]);
  });

  it('exports one list, and only the account’s own', async () => {
    const contact = (await pat.call('POST', '/api/v1/contacts', { name: 'On The List', emails: ['list@example.com'], tags: ['a;b'] })).json().id;
    const list = (await pat.call('POST', '/api/v1/contact-lists', { name: 'Export me' })).json().id;
    await pat.call('POST', `/api/v1/contact-lists/${list}/contacts`, { contactIds: [contact] });
    const exported = await demo.app.inject({ method: 'GET', url: `/api/v1/contacts/export?list=${list}`, headers: { 'x-requested-with': 'XMLHttpRequest' }, cookies: { [SESSION_COOKIE]: pat.token } });
    expect(exported.body.split('\n')[1]).toBe('On The List,,,,,list@example.com,,,,,,,,,,,,,,,a;b');
    const other = await demo.app.inject({ method: 'GET', url: `/api/v1/contacts/export?list=${list}`, headers: { 'x-requested-with': 'XMLHttpRequest' }, cookies: { [SESSION_COOKIE]: demo.admin.token } });
    expect(other.statusCode).toBe(404);
  });

  it('exports the contacts a table has selected, and none of another account’s', async () => {
    const add = async (name: string) => (await pat.call('POST', '/api/v1/contacts', { name })).json().id as number;
    const [first, second] = [await add('Chosen One'), await add('Chosen Two')];
    await add('Left Behind');
    const theirs = (await demo.admin.call('POST', '/api/v1/contacts', { name: 'Not Yours' })).json().id as number;
    const exportOf = (query: string) => demo.app.inject({ method: 'GET', url: `/api/v1/contacts/export?${query}`, headers: { 'x-requested-with': 'XMLHttpRequest' }, cookies: { [SESSION_COOKIE]: pat.token } });
    const exported = await exportOf(`ids=${second},${first},${theirs}`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body.trim().split('\n').slice(1).map((line) => line.split(',')[0])).toEqual(['Chosen One', 'Chosen Two']);
    const refused = await exportOf('ids=1,two');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual(['Name the contacts by their ids, separated by commas']);
  });
});
