import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_LINK_SECRET } from '../../../config.ts';
import { TEST_PUBLIC_URL } from '../../../testing/app.ts';
import { compileEmail, type EmailSource } from './email.ts';
import { RecipientLinks } from './links.ts';

const links = new RecipientLinks(DEVELOPMENT_LINK_SECRET, TEST_PUBLIC_URL);

const source = (changes: Partial<EmailSource> = {}): EmailSource => ({
  announcementId: 7,
  headline: 'Harbour opens a Perth office',
  subtitle: 'Six people start on Monday',
  body: '<p>Harbour PR opens in Perth. <a href="https://harbour.example/perth?from=mail&amp;x=1">The plan</a></p><ul><li>Six desks</li></ul>',
  summary: 'Harbour PR opens in Perth.',
  headerImage: '/uploads/header.jpg',
  embargoUntil: null,
  tracking: true,
  newsroom: { name: 'Harbour PR', colour: '#123abc', logo: null },
  ...changes,
});

describe('the email version’s layout', () => {
  it('is what mail apps read alike: a doctype, presentation tables, inline styles, Outlook’s conditional markup, the brand colour and header image', async () => {
    const { html } = (await compileEmail(source(), TEST_PUBLIC_URL)).forRecipient(11, links);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<html lang="en"');
    expect(html).toMatch(/<table[^>]+role="presentation"[^>]*style="[^"]+"/);
    expect(html).toContain('<!--[if mso');
    expect(html).toMatch(/border-top:6px solid #123abc/);
    expect(html).toMatch(/<a\s+href="[^"]+"\s+style="display:inline-block;background:#123abc;color:#ffffff;/);
    expect(html).toContain(`src="${TEST_PUBLIC_URL}/uploads/header.jpg"`);
    expect(html).toContain('<h1 style="margin:0;font-size:26px;line-height:1.25">Harbour opens a Perth office</h1>');
    expect(html).toContain('<li>Six desks</li>');
    expect(html).not.toContain('EMBARGOED');
  });

  it('gives each recipient their own signed links from one layout: read online, the body’s links counted on the way, unsubscribe, the open pixel, in both parts', async () => {
    const compiled = await compileEmail(source(), TEST_PUBLIC_URL);
    const ana = compiled.forRecipient(11, links);
    const bo = compiled.forRecipient(12, links);
    const plan = links.clickUrl(11, 'https://harbour.example/perth?from=mail&x=1');
    const online = links.clickUrl(11, `${TEST_PUBLIC_URL}/app/announcements/7`);
    const escaped = (url: string) => url.replace(/&/g, '&amp;');

    expect(ana.html).toContain(`href="${escaped(plan)}"`);
    expect(ana.html).toContain(`href="${escaped(online)}"`);
    expect(ana.html).toContain(`href="${links.unsubscribeUrl(11)}"`);
    expect(ana.html).toContain(`<img src="${links.openPixelUrl(11)}" alt="" width="1" height="1"`);
    expect(ana.html).not.toContain('slot.invalid');
    expect(ana.text).toContain(`Harbour PR opens in Perth. The plan [${plan}]`);
    expect(ana.text).toContain('* Six desks');
    expect(ana.text).toContain(`Read it online: ${online}`);
    expect(ana.text).toContain(`Unsubscribe: ${links.unsubscribeUrl(11)}`);
    expect(ana.text).not.toContain('slot.invalid');

    expect(bo.html).not.toContain(links.token(11));
    expect(bo.text).not.toContain(links.token(11));
    expect(bo.html).toContain(links.openPixelUrl(12));
    expect(bo.text).toContain(`Unsubscribe: ${links.unsubscribeUrl(12)}`);
  });

  it('under embargo carries the banner and reads online through the recipient’s own web version; with tracking off, no pixel and links lead straight on', async () => {
    const until = new Date('2030-01-02T09:00:00Z');
    const email = (await compileEmail(source({ embargoUntil: until, tracking: false }), TEST_PUBLIC_URL)).forRecipient(11, links);
    expect(email.subject).toBe('[Embargoed] Harbour opens a Perth office');
    expect(email.html).toContain('EMBARGOED: not for publication before Wed, 02 Jan 2030 09:00:00 UTC.');
    expect(email.text.split('\n')[0]).toBe('EMBARGOED: not for publication before Wed, 02 Jan 2030 09:00:00 UTC.');
    expect(email.text).toContain(`Read it online: ${links.webUrl(11)}`);
    expect(email.html).toContain('href="https://harbour.example/perth?from=mail&amp;x=1"');
    expect(email.text).toContain('The plan [https://harbour.example/perth?from=mail&x=1]');
    expect(email.html).not.toContain(links.openPixelUrl(11));
    expect(email.html).not.toContain('/m/c/');
  });

  it('keeps what authors write as text: markup in the headline, subtitle and newsroom name is escaped, and a look-alike of the layout’s placeholders stays as written', async () => {
    const email = (
      await compileEmail(
        source({
          headline: '<b>Wave</b> & "Tide"',
          subtitle: "It's <i>big</i>",
          newsroom: { name: 'Harbour <PR>', colour: 'red;background:url(x)', logo: null },
          body: '<p>See https://abc.slot.invalid/0 here.</p>',
        }),
        TEST_PUBLIC_URL,
      )
    ).forRecipient(11, links);
    expect(email.html).toContain('&lt;b&gt;Wave&lt;/b&gt; &amp; &quot;Tide&quot;</h1>');
    expect(email.html).toContain('It&#39;s &lt;i&gt;big&lt;/i&gt;');
    expect(email.html).toContain('You receive this from Harbour &lt;PR&gt; on Pressroom.');
    expect(email.html).not.toContain('url(x)');
    expect(email.html).toContain('#0f766e');
    expect(email.html).toContain('See https://abc.slot.invalid/0 here.');
    expect(email.text).toContain('<b>Wave</b> & "Tide"');
    expect(email.subject).toBe('<b>Wave</b> & "Tide"');
  });
});
