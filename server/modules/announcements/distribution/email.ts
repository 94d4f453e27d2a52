import { randomBytes } from 'node:crypto';
import { convert } from 'html-to-text';
import mjml2html from 'mjml';
import { escapeHtml } from '../../newsrooms/index.ts';
import type { RecipientLinks } from './links.ts';

/** What the email version is made of: the announcement and its newsroom as they are when it is sent. */
export type EmailSource = {
  announcementId: number;
  headline: string;
  subtitle: string;
  /** Sanitised rich text (the product's own sanitiser). */
  body: string;
  summary: string;
  headerImage: string | null;
  /** Still under embargo when sent: the email says until when. */
  embargoUntil: Date | null;
  tracking: boolean;
  newsroom: { name: string; colour: string | null; logo: string | null };
};

export type RenderedEmail = { subject: string; html: string; text: string };

/** Where an email's links lead: a recipient's own signed ones when it is sent. */
export type EmailLinks = Pick<RecipientLinks, 'webUrl' | 'unsubscribeUrl' | 'clickUrl' | 'openPixelUrl'>;

/** An announcement's email laid out once; each recipient's own links are filled in per message. */
export type CompiledEmail = {
  subject: string;
  forRecipient(recipientId: number, links: EmailLinks): RenderedEmail;
};

/** One recipient's value of a place in the compiled email: always a URL. */
type Slot = (recipientId: number, links: EmailLinks) => string;

const absolute = (publicUrl: string, path: string) => (/^https?:\/\//i.test(path) ? path : `${publicUrl}${path.startsWith('/') ? '' : '/'}${path}`);
const COLOUR = /^#[0-9a-f]{6}$/i;
const embargoLine = (until: Date) => `EMBARGOED: not for publication before ${until.toUTCString().replace('GMT', 'UTC')}.`;

const TEXT_OPTIONS = {
  // Mail apps wrap plain text to their own width; a hard wrap would split the links.
  wordwrap: false as const,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: 'img', format: 'skip' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
  ],
};

/** Compiled HTML or text cut at its places: literal text and slot numbers, alternating. */
function cut(compiled: string, marker: RegExp): (string | number)[] {
  return compiled.split(marker).map((part, index) => (index % 2 === 1 ? Number(part) : part));
}

function fill(parts: (string | number)[], values: string[], escape: (value: string) => string): string {
  let out = '';
  for (const part of parts) out += typeof part === 'number' ? escape(values[part]!) : part;
  return out;
}

/**
 * The announcement's email, laid out by MJML (tables, inline styles and Outlook's conditional
 * markup, which common mail apps read alike) with a plain-text part by html-to-text. MJML takes
 * milliseconds a document, so it runs once per announcement with a random marker wherever a
 * recipient's own link goes (read online, unsubscribe, the body's links and, when tracking is on,
 * the open pixel); `forRecipient` puts each recipient's links there, HTML-escaped in the HTML. The
 * marker is new each time, so nothing an author writes can stand for one.
 */
export async function compileEmail(source: EmailSource, publicUrl: string): Promise<CompiledEmail> {
  const nonce = randomBytes(9).toString('hex');
  const slots: Slot[] = [];
  const slot = (value: Slot) => `https://${nonce}.slot.invalid/${slots.push(value) - 1}`;
  const marker = new RegExp(`https://${nonce}\\.slot\\.invalid/(\\d+)`, 'g');

  const pageUrl = `${publicUrl}/app/announcements/${source.announcementId}`;
  // Under embargo the public page answers 404: the recipient reads it through a link of their own.
  const readOnline = slot(source.embargoUntil ? (id, links) => links.webUrl(id) : source.tracking ? (id, links) => links.clickUrl(id, pageUrl) : () => pageUrl);
  const unsubscribe = slot((id, links) => links.unsubscribeUrl(id));
  const body = source.tracking ? source.body.replace(/href="(https?:\/\/[^"]+)"/gi, (_all, url: string) => `href="${slot((id, links) => links.clickUrl(id, url.replace(/&amp;/g, '&')))}"`) : source.body;
  const colour = source.newsroom.colour && COLOUR.test(source.newsroom.colour) ? source.newsroom.colour : '#0f766e';
  const name = escapeHtml(source.newsroom.name);

  const logo = source.newsroom.logo
    ? `<mj-image src="${escapeHtml(absolute(publicUrl, source.newsroom.logo))}" alt="${name}" height="40px" align="left" padding="0 24px" />`
    : `<mj-text font-weight="bold">${name}</mj-text>`;
  const banner = source.embargoUntil
    ? `<mj-section background-color="#fef3c7" padding="0"><mj-column><mj-text color="#78350f" font-size="14px" font-weight="bold" padding="12px 24px">${escapeHtml(embargoLine(source.embargoUntil))}</mj-text></mj-column></mj-section>`
    : '';
  const header = source.headerImage ? `<mj-section background-color="#ffffff" padding="0"><mj-column><mj-image src="${escapeHtml(absolute(publicUrl, source.headerImage))}" alt="" padding="0" /></mj-column></mj-section>` : '';
  const subtitle = source.subtitle ? `<p style="margin:8px 0 0;font-size:18px;line-height:1.4;color:#52606d">${escapeHtml(source.subtitle)}</p>` : '';
  const pixel = source.tracking ? `<img src="${slot((id, links) => links.openPixelUrl(id))}" alt="" width="1" height="1" style="display:block;border:0;width:1px;height:1px">` : '';

  const { html, errors } = await mjml2html(
    `<mjml lang="en">
  <mj-head>
    <mj-title>${escapeHtml(source.headline)}</mj-title>
    ${source.summary ? `<mj-preview>${escapeHtml(source.summary)}</mj-preview>` : ''}
    <mj-attributes>
      <mj-all font-family="Arial, Helvetica, sans-serif" />
      <mj-text color="#1f2933" font-size="16px" line-height="1.6" padding="0 24px" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6" width="600px">
    <mj-wrapper padding="24px 8px">
      <mj-section background-color="#ffffff" border-top="6px solid ${colour}" padding="16px 0"><mj-column>${logo}</mj-column></mj-section>
      ${banner}${header}
      <mj-section background-color="#ffffff" padding="24px 0 16px"><mj-column>
        <mj-text><h1 style="margin:0;font-size:26px;line-height:1.25">${escapeHtml(source.headline)}</h1>${subtitle}</mj-text>
        <mj-text padding="16px 24px">${body}</mj-text>
        <mj-button href="${readOnline}" background-color="${colour}" color="#ffffff" font-weight="bold" font-size="16px" border-radius="4px" inner-padding="12px 20px" align="left" padding="8px 24px">Read it online</mj-button>
      </mj-column></mj-section>
      <mj-section background-color="#ffffff" border-top="1px solid #e4e7eb" padding="16px 0"><mj-column>
        <mj-text font-size="12px" color="#52606d">You receive this from ${name} on Pressroom. <a href="${unsubscribe}" style="color:#52606d">Unsubscribe</a>${pixel}</mj-text>
      </mj-column></mj-section>
    </mj-wrapper>
  </mj-body>
</mjml>`,
    { validationLevel: 'soft', keepComments: false },
  );
  if (errors.length > 0) throw new Error(`The announcement's email did not lay out: ${errors.map((e) => e.formattedMessage).join('; ')}`);

  const text = [
    ...(source.embargoUntil ? [embargoLine(source.embargoUntil), ''] : []),
    source.headline,
    ...(source.subtitle ? [source.subtitle] : []),
    '',
    convert(body, TEXT_OPTIONS),
    '',
    `Read it online: ${readOnline}`,
    '',
    `You receive this from ${source.newsroom.name} on Pressroom. Unsubscribe: ${unsubscribe}`,
  ].join('\n');

  const htmlParts = cut(html, marker);
  const textParts = cut(text, marker);
  const subject = source.embargoUntil ? `[Embargoed] ${source.headline}` : source.headline;
  return {
    subject,
    forRecipient(recipientId, links) {
      const values = slots.map((value) => value(recipientId, links));
      return { subject, html: fill(htmlParts, values, escapeHtml), text: fill(textParts, values, (value) => value) };
    },
  };
}

/** One recipient's email, laid out for them alone (the sender lays an announcement out once instead). */
export async function renderEmail(source: EmailSource, recipientId: number, links: EmailLinks, publicUrl: string): Promise<RenderedEmail> {
  return (await compileEmail(source, publicUrl)).forRecipient(recipientId, links);
}
