import { beforeAll, describe, expect, it } from 'vitest';
import type { EmailVersionView } from '../../../../contracts/announcements/distribution.ts';
import { DEVELOPMENT_LINK_SECRET } from '../../../config.ts';
import { productModel } from '../../../model.ts';
import { TEST_PUBLIC_URL } from '../../../testing/app.ts';
import { useTestCore } from '../../../testing/core.ts';
import { useDemo } from '../../../testing/demo.ts';
import { draft, inMinutes, newsroomOf } from '../testing.ts';
import { RecipientLinks } from './links.ts';
import { put } from './testing.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const links = new RecipientLinks(DEVELOPMENT_LINK_SECRET, TEST_PUBLIC_URL);
let newsroom: number;

const BODY = '<p>Harbour PR opens in Perth on Monday. <a href="https://harbour.example/perth?from=mail&amp;x=1">Read the plan</a>.</p>';
/** Whatever would count a look or a click, or name a recipient: the pixel, signed redirects, a recipient's own pages. */
const RECIPIENT_LINK = /\/m\/[owc]\//;

const activityOf = async (id: number) => (await t.database.db.selectFrom('distribution_activity').select('id').where('announcement_id', '=', id).execute()).length;

beforeAll(async () => {
  newsroom = (await newsroomOf(demo.admin, 'Harbour Email Room', [demo.pr])).id;
});

describe('the email version of an announcement', () => {
  it('shows a draft to its writer as a recipient would get it: subject, from, the HTML part and the plain-text part', async () => {
    const id = await draft(demo.pr, newsroom, { subtitle: 'Six people start on Monday', body: BODY });
    const answer = await demo.pr.call('GET', `/api/v1/announcements/${id}/email`);
    expect(answer.statusCode, answer.body).toBe(200);
    const email = answer.json() as EmailVersionView;
    expect(email.subject).toBe('Harbour opens a Perth office');
    expect(email.from).toMatch(/@/);
    expect(email.embargoUntil).toBeNull();
    expect(email.html).toMatch(/^<!doctype html>/);
    expect(email.html).toContain('Six people start on Monday');
    expect(email.text).toContain('Harbour PR opens in Perth on Monday. Read the plan [https://harbour.example/perth?from=mail&x=1].');
    expect(email.text).toContain(`Read it online: ${TEST_PUBLIC_URL}/app/announcements/${id}`);
  });

  it('counts nothing and names nobody: no open pixel, the body’s links go straight where they lead, no recipient’s signed token', async () => {
    const id = await draft(demo.pr, newsroom, { body: BODY, tracking: true });
    expect((await put(demo.app, demo.pr, `/api/v1/announcements/${id}/audience`, { lists: [], subscribers: false, addresses: ['desk@daily.example'] })).statusCode).toBe(200);
    expect((await demo.pr.call('POST', `/api/v1/announcements/${id}/publish`)).statusCode).toBe(200);
    const recipient = await t.database.db.selectFrom('distribution_recipients').select('id').where('announcement_id', '=', id).executeTakeFirstOrThrow();

    const email = (await demo.pr.call('GET', `/api/v1/announcements/${id}/email`)).json() as EmailVersionView;
    for (const part of [email.html, email.text]) {
      expect(part).not.toMatch(RECIPIENT_LINK);
      expect(part).not.toContain(links.token(Number(recipient.id)));
      expect(part).not.toMatch(/\b[0-9a-z]{1,12}\.[\w-]{22}\b/);
    }
    expect(email.html).not.toContain('width="1" height="1"');
    expect(email.html).toContain('href="https://harbour.example/perth?from=mail&amp;x=1"');
    expect(email.html).toContain(`href="${TEST_PUBLIC_URL}/m/u/preview"`);
    expect(await activityOf(id)).toBe(0);
  });

  it('carries the embargo banner when it would go out under embargo, and reads online through the web version', async () => {
    const until = inMinutes(120);
    const id = await draft(demo.pr, newsroom, { embargoUntil: until.toISOString() });
    const email = (await demo.pr.call('GET', `/api/v1/announcements/${id}/email`)).json() as EmailVersionView;
    expect(email.subject).toBe('[Embargoed] Harbour opens a Perth office');
    expect(new Date(email.embargoUntil!).getTime()).toBe(until.getTime());
    expect(email.html).toContain('EMBARGOED: not for publication before');
    expect(email.text.split('\n')[0]).toMatch(/^EMBARGOED: not for publication before/);
    expect(email.text).toContain(`Read it online: ${TEST_PUBLIC_URL}/app/announcements/${id}/web`);

    // Scheduled to publish after its embargo ends, it goes out without one.
    expect((await demo.pr.call('POST', `/api/v1/announcements/${id}/schedule`, { publishAt: inMinutes(180).toISOString() })).statusCode).toBe(200);
    const later = (await demo.pr.call('GET', `/api/v1/announcements/${id}/email`)).json() as EmailVersionView;
    expect(later.embargoUntil).toBeNull();
    expect(later.subject).toBe('Harbour opens a Perth office');
  });

  it('shows what its authors wrote as text, never as markup: the headline and subtitle escaped, the body sanitised', async () => {
    const id = await draft(demo.pr, newsroom, {
      headline: 'Harbour <script>alert(1)</script> & "Wave"',
      subtitle: '<img src=x onerror=alert(2)>',
      body: '<p onclick="alert(3)">Signed <script>alert(4)</script><a href="javascript:alert(5)">today</a>.</p>',
    });
    const email = (await demo.pr.call('GET', `/api/v1/announcements/${id}/email`)).json() as EmailVersionView;
    expect(email.html).toContain('<title>Harbour &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Wave&quot;</title>');
    expect(email.html).toContain('Harbour &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Wave&quot;</h1>');
    expect(email.html).toContain('&lt;img src=x onerror=alert(2)&gt;');
    expect(email.html).toContain('Signed');
    expect(email.html).not.toMatch(/<script|<img src=x|onclick|javascript:/i);
    expect(email.text.split('\n').slice(0, 2)).toEqual(['Harbour <script>alert(1)</script> & "Wave"', '<img src=x onerror=alert(2)>']);
    expect(email.text).not.toMatch(/alert\((3|4|5)\)/);
  });

  it('is for the hub’s readers only: an outsider gets what the hub answers them, the public a sign-in', async () => {
    const hidden = await draft(demo.pr, newsroom);
    const shown = await draft(demo.pr, newsroom);
    expect((await demo.pr.call('POST', `/api/v1/announcements/${shown}/publish`)).statusCode).toBe(200);
    for (const id of [hidden, shown]) {
      const hub = await demo.journalist.call('GET', `/api/v1/announcements/${id}/hub`);
      const email = await demo.journalist.call('GET', `/api/v1/announcements/${id}/email`);
      expect(email.statusCode).toBe(hub.statusCode);
    }
    expect((await demo.journalist.call('GET', `/api/v1/announcements/${hidden}/email`)).statusCode).toBe(404);
    expect((await demo.journalist.call('GET', `/api/v1/announcements/${shown}/email`)).statusCode).toBe(403);
    const anonymous = await demo.app.inject({ method: 'GET', url: `/api/v1/announcements/${shown}/email`, headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
