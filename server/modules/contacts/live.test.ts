import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type Caller } from '../../testing/people.ts';
import { liveDemo, nextMessage } from '../../testing/realtime.ts';
import { newAccount, newPerson, placeIn } from '../../testing/accounts.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';

const demo = liveDemo({ redisUrl: process.env.REDIS_URL ?? null });
const { socketOf } = demo;
let dee: Caller;
let cole: Caller;
let pat: Caller;

beforeAll(async () => {
  const admin = await signInAs(demo.live.app, 'admin@pressroom.local');
  pat = await signInAs(demo.live.app, 'pr@pressroom.local');
  dee = await newPerson(demo.live.app, 'Dee');
  cole = await newPerson(demo.live.app, 'Cole');
  const account = await newAccount(admin, 'Live desk PR', ['ROLE_MODULE_CONTACTS']);
  await placeIn(admin, dee, account);
  await placeIn(admin, cole, account);
});

const BOUNDARY = 'live-boundary';
const importForm = (csv: string) =>
  [
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="consent"\r\n\r\ntrue\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n{"name":"name","emails":"emails"}\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${BOUNDARY}--\r\n`,
  ].join('');

describe('contacts, live', () => {
  it('tell every tab of the account’s people what changed, once a batch, and nobody outside it', async () => {
    const coleTabs = await Promise.all([socketOf(cole), socketOf(cole)]);
    const patTab = await socketOf(pat);
    let outsiderHeard = false;
    patTab.on('contacts:changed', () => (outsiderHeard = true));

    const added = coleTabs.map((tab) => nextMessage(tab, 'contacts:changed', (m) => m.contactIds.length === 1 && m.listIds.length === 0));
    const answer = await dee.call('POST', '/api/v1/contacts', { name: 'Mia Live', emails: ['mia@live.example'] });
    expect(answer.statusCode, answer.body).toBe(201);
    const mia = answer.json().id as number;
    for (const message of await Promise.all(added)) expect(message.contactIds).toEqual([mia]);

    // A list made and filled in one request: its list and its new member in one message.
    const list = (await dee.call('POST', '/api/v1/contact-lists', { name: 'Live list' })).json().id as number;
    const filled = nextMessage(coleTabs[0]!, 'contacts:changed', (m) => m.listIds.includes(list) && m.contactIds.includes(mia));
    await dee.call('POST', `/api/v1/contact-lists/${list}/contacts`, { contactIds: [mia] });
    await filled;

    // An import of 600 rows is two batches: two messages, each naming its batch's contacts.
    const heard: number[][] = [];
    // The list's own messages may still be on their way to this tab: only the import's are counted.
    coleTabs[1]!.on('contacts:changed', (m) => m.listIds.length === 0 && heard.push(m.contactIds));
    const rows = Array.from({ length: 600 }, (_, i) => `Bulk ${i},bulk${i}@live.example`).join('\n');
    const imported = await demo.live.app.inject({
      method: 'POST',
      url: '/api/v1/contacts/import',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      cookies: { [SESSION_COOKIE]: dee.token },
      payload: importForm(`name,emails\n${rows}\n`),
    });
    expect(imported.json()).toMatchObject({ imported: 600 });
    await demo.live.core.processors.caughtUp();
    await expect.poll(() => heard.flat().length).toBe(600);
    expect(heard.length).toBeLessThanOrEqual(2);
    expect(outsiderHeard).toBe(false);
  });
});
