import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { ASKED_ALREADY, LINK_NOT_VALID, LOGO_RULE, PRESS_CONTACT_RULE, SLUG_TAKEN } from '../../../contracts/newsrooms/api.ts';
import { productModel } from '../../model.ts';
import { buildTestApp } from '../../testing/app.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import type { Caller } from '../../testing/people.ts';
import { newAccount, newPerson, placeIn } from '../../testing/accounts.ts';
import { companyWith, mailedCode } from './testing.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const guest = (method: 'GET' | 'POST', url: string) => demo.app.inject({ method, url, headers: { 'x-requested-with': 'XMLHttpRequest' } });

let company: { id: number; slug: string };
let colleague: Caller;
let agency: Caller & { email: string };

beforeAll(async () => {
  colleague = await newPerson(demo.app, 'Cole');
  const harbour = (await demo.pr.call('GET', '/api/v1/current_user/info')).json().account.id;
  await placeIn(demo.admin, colleague, harbour);
  company = await companyWith(demo.admin, 'Harbour Labs', [demo.pr, colleague]);
  agency = await newPerson(demo.app, 'Aggie');
  await placeIn(demo.admin, agency, await newAccount(demo.admin, 'Outside Agency', ['ROLE_MODULE_ONLINE_NEWSROOM']));
});

describe('creating a newsroom', () => {
  it('makes one for a company the person answers for, with its address from the name, and answers 201 with its id', async () => {
    const answer = await demo.pr.call('POST', '/api/v1/newsrooms', {
      companyId: company.id,
      name: 'Harbour Labs Press',
      brandColour: '#1D4ED8',
      about: 'Harbour Labs makes tide sensors.\n\nFounded in 2019 in Sydney.',
      pressContacts: [colleague.id, demo.pr.id],
      links: { website: 'harbourlabs.example', twitter: 'https://x.com/harbourlabs', linkedIn: '' },
      languages: ['en', 'de'],
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const view = answer.json();
    expect(Number(answer.headers['object-id'])).toBe(view.id);
    expect(view).toMatchObject({
      slug: 'harbour-labs-press',
      name: 'Harbour Labs Press',
      company: { id: company.id, name: 'Harbour Labs' },
      brandColour: '#1d4ed8',
      links: { website: 'https://harbourlabs.example', twitter: 'https://x.com/harbourlabs' },
      languages: ['en', 'de'],
      isPublic: false,
      canEdit: true,
    });
    expect(view.pressContacts.map((person: { id: number }) => person.id)).toEqual([colleague.id, demo.pr.id]);
    const again = await demo.pr.call('POST', '/api/v1/newsrooms', { companyId: company.id, name: 'Harbour Labs Press' });
    expect(again.json().slug).toBe('harbour-labs-press-2');
  });

  it("judges social links by spec section 5's rules, in its words", async () => {
    const answer = await demo.pr.call('POST', '/api/v1/newsrooms', {
      companyId: company.id,
      name: 'Links',
      links: { twitter: 'https://facebook.com/x', facebook: 'https://x.com/a', linkedIn: 'https://example.com/in/a', instagram: 'https://instagram.com/' + 'a'.repeat(31), youtube: 'https://vimeo.com/1', website: 'not a url' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors.sort()).toEqual(
      [
        'This is not a Twitter url',
        'This is not a Facebook url',
        'This is not a LinkedIn url',
        'This is not a Instagram url',
        'This is not a Youtube url',
        'Url is not valid',
      ].sort(),
    );
  });

  it('refuses a taken address, press contacts from elsewhere and a logo that is not the person’s image, each with its line', async () => {
    expect((await demo.pr.call('POST', '/api/v1/newsrooms', { companyId: company.id, name: 'Again', slug: 'harbour-labs-press' })).json()).toEqual({ errors: [SLUG_TAKEN] });
    const stranger = await demo.pr.call('POST', '/api/v1/newsrooms', { companyId: company.id, name: 'Contacts', pressContacts: [demo.journalist.id] });
    expect([stranger.statusCode, stranger.json()]).toEqual([422, { errors: [PRESS_CONTACT_RULE] }]);
    const logo = await demo.pr.call('POST', '/api/v1/newsrooms', { companyId: company.id, name: 'Logo', logo: 999_999 });
    expect([logo.statusCode, logo.json()]).toEqual([422, { errors: [LOGO_RULE] }]);
    const reserved = await demo.pr.call('POST', '/api/v1/newsrooms', { companyId: company.id, name: 'Our', slug: 'our' });
    expect(reserved.statusCode).toBe(400);
    const garbage = await demo.pr.call('POST', '/api/v1/newsrooms', { companyId: company.id, name: 'x', brandColour: 'blue', languages: ['English'] });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().errors).toEqual(expect.arrayContaining(['Brand colour must be a colour like #1d4ed8']));
  });

  it('is only for people who answer for the company (or the platform’s admins)', async () => {
    const other = await companyWith(demo.admin, 'Elsewhere Co', []);
    const answer = await demo.pr.call('POST', '/api/v1/newsrooms', { companyId: other.id, name: 'Not mine' });
    expect(answer.statusCode).toBe(403);
    expect((await demo.admin.call('POST', '/api/v1/newsrooms', { companyId: other.id, name: 'Elsewhere' })).statusCode).toBe(201);
  });
});

describe('races', () => {
  it('gives an address to one of two newsrooms asking for it at once, and a 422 to the other, never a 500', async () => {
    const answers = await Promise.all([1, 2, 3].map((n) => (n % 2 ? demo.pr : colleague).call('POST', '/api/v1/newsrooms', { companyId: company.id, name: `Race ${n}`, slug: 'race-for-it' })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422, 422]);
  });
});

describe('editing, reading and listing', () => {
  it('edits only what the form names; the account’s people edit, read-only ones read', async () => {
    const id = (await demo.pr.call('POST', '/api/v1/newsrooms', { companyId: company.id, name: 'Edit Me', about: 'Before', languages: ['en'] })).json().id;
    const edited = await colleague.call('PATCH', `/api/v1/newsrooms/${id}`, { about: 'After', isPublic: true, slug: 'edited-newsroom' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Edit Me', about: 'After', isPublic: true, slug: 'edited-newsroom', languages: ['en'] });
    const unchanged = await demo.pr.call('PATCH', `/api/v1/newsrooms/${id}`, { about: 'After' });
    expect(unchanged.statusCode).toBe(200);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from events where stream_id = ${`newsroom-${id}`}`.execute(t.database.db);
    expect(rows[0]!.n).toBe(2);
    expect((await demo.journalist.call('PATCH', `/api/v1/newsrooms/${id}`, { about: 'Mine now' })).statusCode).toBe(403);
    expect((await guest('GET', '/api/v1/newsrooms/edited-newsroom')).json()).toMatchObject({ id, about: 'After', canEdit: false });
  });

  it('shows a private newsroom to its own people only, and lists the public ones for everyone', async () => {
    const id = (await demo.pr.call('POST', '/api/v1/newsrooms', { companyId: company.id, name: 'Quiet Room' })).json().id;
    expect((await guest('GET', `/api/v1/newsrooms/${id}`)).statusCode).toBe(404);
    expect((await demo.journalist.call('GET', '/api/v1/newsrooms/quiet-room')).statusCode).toBe(404);
    expect((await colleague.call('GET', '/api/v1/newsrooms/quiet-room')).statusCode).toBe(200);
    const listed = (await guest('GET', '/api/v1/newsrooms?limit=100')).json();
    expect(listed.data.every((newsroom: { isPublic: boolean }) => newsroom.isPublic)).toBe(true);
    expect(listed.data.map((newsroom: { slug: string }) => newsroom.slug)).toContain('edited-newsroom');
    const ours = (await colleague.call('GET', '/api/v1/newsrooms/our')).json();
    expect(ours.data.map((newsroom: { slug: string }) => newsroom.slug)).toEqual(expect.arrayContaining(['quiet-room', 'edited-newsroom']));
    const all = (await demo.admin.call('GET', '/api/v1/admin/newsrooms?limit=100')).json();
    expect(all.data.find((newsroom: { id: number }) => newsroom.id === id)).toMatchObject({ accountName: 'Harbour PR', isPublic: false });
  });
});

describe('onboarding a company', () => {
  it('POST /api/v1/c/onboarding creates the newsroom of the company the person answers for, once', async () => {
    const founder = await newPerson(demo.app, 'Fay', 'pr', 'tidewater.example');
    await placeIn(demo.admin, founder, await newAccount(demo.admin, 'Tidewater', ['ROLE_MODULE_ONLINE_NEWSROOM']));
    expect((await founder.call('POST', '/api/v1/c/onboarding', {})).json()).toEqual({ errors: ['Join your company first (Settings, Companies and responsibilities), or name the company'] });
    const made = await founder.call('POST', '/api/v1/companies', { name: 'Tidewater', website: 'https://tidewater.example' });
    expect(made.statusCode, made.body).toBe(201);
    const first = await founder.call('POST', '/api/v1/c/onboarding', { about: 'We build tidal power.' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ name: 'Tidewater', slug: 'tidewater', about: 'We build tidal power.', company: { id: made.json().id } });
    const second = await founder.call('POST', '/api/v1/c/onboarding', {});
    expect([second.statusCode, second.json().id]).toEqual([200, first.json().id]);
  });
});

describe('permission by confirmation', () => {
  let newsroomId: number;
  beforeAll(async () => {
    newsroomId = (await demo.pr.call('POST', '/api/v1/newsrooms', { companyId: company.id, name: 'Confirmed Room' })).json().id;
  });

  it('mails the company’s admins a link that says what it grants, works once and lets the person edit', async () => {
    expect((await agency.call('PATCH', `/api/v1/newsrooms/${newsroomId}`, { about: 'Ours' })).statusCode).toBe(404);
    const asked = await agency.call('POST', `/api/v1/newsrooms/${newsroomId}/access`);
    expect(asked.statusCode, asked.body).toBe(201);
    // Pat is Harbour PR's account admin; Cole is not, and gets no mail.
    expect(asked.json().sentTo).toBe(1);
    expect((await agency.call('POST', `/api/v1/newsrooms/${newsroomId}/access`)).json()).toEqual({ errors: [ASKED_ALREADY] });
    const code = await mailedCode(t.core, 'pr@pressroom.local');

    const page = await guest('GET', `/api/v1/newsrooms/confirm/${code}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ newsroom: { id: newsroomId, name: 'Confirmed Room' }, company: { name: 'Harbour Labs' }, person: { id: agency.id, email: agency.email }, confirmed: false });
    expect(page.json().grants).toMatch(/^Aggie Tester will be able to edit the Confirmed Room newsroom of Harbour Labs: its name, .* It does not make them a member of your account/);

    // Asking is not granting: the asker's own click is refused with the rule's line (a 422, which
    // keeps them signed in), and the link stays theirs to forward.
    const own = await agency.call('POST', `/api/v1/newsrooms/confirm/${code}`);
    expect(own.statusCode).toBe(422);
    expect(own.json().errors).toEqual(['You cannot confirm your own request: an admin of the company does']);
    const confirmed = await guest('POST', `/api/v1/newsrooms/confirm/${code}`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().confirmed).toBe(true);
    const again = await guest('POST', `/api/v1/newsrooms/confirm/${code}`);
    expect([again.statusCode, again.json()]).toEqual([422, { errors: [LINK_NOT_VALID] }]);
    expect((await guest('GET', `/api/v1/newsrooms/confirm/${code}`)).statusCode).toBe(422);

    const edited = await agency.call('PATCH', `/api/v1/newsrooms/${newsroomId}`, { about: 'Written by the agency' });
    expect([edited.statusCode, edited.json().about]).toEqual([200, 'Written by the agency']);
    expect((await agency.call('GET', '/api/v1/newsrooms/our')).json().data.map((n: { id: number }) => n.id)).toContain(newsroomId);
    expect((await agency.call('POST', `/api/v1/newsrooms/${newsroomId}/access`)).statusCode).toBe(422);
  });

  it('confirms once when the link is followed twice at the same moment', async () => {
    const twice = await newPerson(demo.app, 'Twice');
    await placeIn(demo.admin, twice, await newAccount(demo.admin, 'Twice Agency', ['ROLE_MODULE_ONLINE_NEWSROOM']));
    expect((await twice.call('POST', `/api/v1/newsrooms/${newsroomId}/access`)).statusCode).toBe(201);
    const code = await mailedCode(t.core, 'pr@pressroom.local');
    const answers = await Promise.all([guest('POST', `/api/v1/newsrooms/confirm/${code}`), guest('POST', `/api/v1/newsrooms/confirm/${code}`)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from events where type = 'NewsroomAccessConfirmed' and data->>'userId' = ${String(twice.id)}`.execute(t.database.db);
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses an expired link and one that was never made', async () => {
    const late = await newPerson(demo.app, 'Late');
    await placeIn(demo.admin, late, await newAccount(demo.admin, 'Late Agency', ['ROLE_MODULE_ONLINE_NEWSROOM']));
    expect((await late.call('POST', `/api/v1/newsrooms/${newsroomId}/access`)).statusCode).toBe(201);
    const code = await mailedCode(t.core, 'pr@pressroom.local');
    await sql`update newsroom_access_links set expires_at = now() - interval '1 second' where user_id = ${late.id}`.execute(t.database.db);
    const expired = await guest('POST', `/api/v1/newsrooms/confirm/${code}`);
    expect([expired.statusCode, expired.json()]).toEqual([422, { errors: [LINK_NOT_VALID] }]);
    expect((await late.call('PATCH', `/api/v1/newsrooms/${newsroomId}`, { about: 'x' })).statusCode).toBe(404);
    expect((await guest('POST', '/api/v1/newsrooms/confirm/made-up')).statusCode).toBe(422);
  });
});

describe('the public page and its feeds', () => {
  let slug: string;
  beforeAll(async () => {
    const made = await demo.pr.call('POST', '/api/v1/newsrooms', {
      companyId: company.id,
      name: 'Harbour <Labs> & Co',
      slug: 'harbour-public',
      about: 'Tide sensors for "every" port.\n\nSince 2019.',
      links: { twitter: 'https://twitter.com/harbourlabs' },
      brandColour: '#123456',
      isPublic: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    slug = made.json().slug;
  });

  it('answers /app/newsrooms/{slug} with its title, description, Open Graph and Twitter card tags in the HTML', async () => {
    const page = await demo.app.inject({ method: 'GET', url: `/app/newsrooms/${slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const { document } = new JSDOM(page.body).window;
    const meta = (key: string) => document.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');
    expect(document.title).toBe('Harbour <Labs> & Co newsroom');
    expect(meta('description')).toBe('Tide sensors for "every" port. Since 2019.');
    expect(meta('og:title')).toBe('Harbour <Labs> & Co newsroom');
    expect(meta('og:description')).toBe('Tide sensors for "every" port. Since 2019.');
    expect(meta('og:type')).toBe('website');
    expect(meta('og:url')).toBe(`http://pressroom.test/app/newsrooms/${slug}`);
    expect(meta('twitter:card')).toBe('summary');
    expect(meta('twitter:title')).toBe('Harbour <Labs> & Co newsroom');
    expect(meta('twitter:site')).toBe('@harbourlabs');
    expect(meta('theme-color')).toBe('#123456');
    expect(document.querySelector('link[rel="alternate"][type="application/rss+xml"]')?.getAttribute('href')).toBe(`http://pressroom.test/newsrooms/${slug}/rss.xml`);
    expect(document.querySelector('#root h1')?.textContent).toBe('Harbour <Labs> & Co');
    expect(document.querySelector('#root')?.textContent).toContain('No announcements yet.');
  });

  it('shows nothing of a private or unknown newsroom', async () => {
    expect((await demo.app.inject({ method: 'GET', url: '/app/newsrooms/quiet-room' })).statusCode).toBe(404);
    expect((await demo.app.inject({ method: 'GET', url: '/newsrooms/quiet-room/rss.xml' })).statusCode).toBe(404);
    expect((await demo.app.inject({ method: 'GET', url: '/app/newsrooms/nobody-here' })).statusCode).toBe(404);
  });

  it.each(['rss', 'atom'] as const)('serves a %s feed that parses back as XML and names the newsroom', async (format) => {
    const feed = await demo.app.inject({ method: 'GET', url: `/newsrooms/${slug}/${format}.xml` });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe(`application/${format}+xml; charset=utf-8`);
    const { document } = new JSDOM(feed.body, { contentType: 'application/xml' }).window;
    expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
    if (format === 'rss') {
      expect(document.documentElement.tagName).toBe('rss');
      expect(document.documentElement.getAttribute('version')).toBe('2.0');
      expect(document.querySelector('channel > title')?.textContent).toBe('Harbour <Labs> & Co newsroom');
      expect(document.querySelector('channel > link')?.textContent).toBe(`http://pressroom.test/app/newsrooms/${slug}`);
    } else {
      expect(document.documentElement.tagName).toBe('feed');
      expect(document.documentElement.namespaceURI).toBe('http://www.w3.org/2005/Atom');
      expect(document.querySelector('feed > title')?.textContent).toBe('Harbour <Labs> & Co newsroom');
    }
    // Announcements arrive with their module; until then a newsroom's feed has no entries.
    expect(document.querySelectorAll('item, entry')).toHaveLength(0);
  });
  it('writes the newsroom into the built client’s own shell, and leaves the app’s other newsroom screens to it', async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pressroom-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), fs.readFileSync(path.join(import.meta.dirname, '../../../client/index.html'), 'utf8').replace('/src/main.tsx', '/app/assets/index-1.js'));
    const app = await buildTestApp(t.core, { clientDir });
    try {
      const page = await app.inject({ method: 'GET', url: `/app/newsrooms/${slug}` });
      const { document } = new JSDOM(page.body).window;
      expect(document.title).toBe('Harbour <Labs> & Co newsroom');
      expect(document.querySelectorAll('title, meta[name="description"]')).toHaveLength(2);
      expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Tide sensors for "every" port. Since 2019.');
      expect(document.querySelector('script[type="module"]')?.getAttribute('src')).toBe('/app/assets/index-1.js');
      expect(document.querySelector('#root h1')?.textContent).toBe('Harbour <Labs> & Co');
      const ours = await app.inject({ method: 'GET', url: '/app/newsrooms/our' });
      expect([ours.statusCode, new JSDOM(ours.body).window.document.title]).toEqual([200, 'Pressroom']);
      const hidden = await app.inject({ method: 'GET', url: '/app/newsrooms/quiet-room' });
      expect([hidden.statusCode, new JSDOM(hidden.body).window.document.title]).toEqual([404, 'Pressroom']);
    } finally {
      await app.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
