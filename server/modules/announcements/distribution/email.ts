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

const absolute = (publicUrl: string, path: string) => (/^https?:\/\//i.test(path) ? path : `${publicUrl}${path.startsWith('/') ? '' : '/'}${path}`);
const COLOUR = /^#[0-9a-f]{6}$/i;
const embargoLine = (until: Date) => `EMBARGOED: not for publication before ${until.toUTCString().replace('GMT', 'UTC')}.`;

/** The body's links made the recipient's own (counted on the way through), when tracking is on. */
function trackedBody(body: string, recipientId: number, links: EmailLinks, tracking: boolean): string {
  if (!tracking) return body;
  return body.replace(/href="(https?:\/\/[^"]+)"/gi, (_all, url: string) => `href="${escapeHtml(links.clickUrl(recipientId, url.replace(/&amp;/g, '&')))}"`);
}

/** The body as plain text: paragraphs and line breaks kept, tags dropped, entities read. */
function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/blockquote)\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * One recipient's email: HTML laid out in a single 600-pixel table with inline styles (what
 * common mail apps read alike), and a plain-text part. Its links are the recipient's own: read
 * online (their own web version while it is embargoed), unsubscribe, the body's links and, when
 * tracking is on, the open pixel.
 */
export function renderEmail(source: EmailSource, recipientId: number, links: EmailLinks, publicUrl: string): RenderedEmail {
  const pageUrl = `${publicUrl}/app/announcements/${source.announcementId}`;
  // Under embargo the public page answers 404: the recipient reads it through a link of their own.
  const readOnline = source.embargoUntil ? links.webUrl(recipientId) : source.tracking ? links.clickUrl(recipientId, pageUrl) : pageUrl;
  const unsubscribe = links.unsubscribeUrl(recipientId);
  const colour = source.newsroom.colour && COLOUR.test(source.newsroom.colour) ? source.newsroom.colour : '#0f766e';
  const banner = source.embargoUntil
    ? `<tr><td style="background:#fef3c7;color:#78350f;padding:12px 24px;font-weight:bold;font-size:14px">${escapeHtml(embargoLine(source.embargoUntil))}</td></tr>`
    : '';
  const logo = source.newsroom.logo ? `<img src="${escapeHtml(absolute(publicUrl, source.newsroom.logo))}" alt="${escapeHtml(source.newsroom.name)}" height="40" style="display:block;border:0;height:40px">` : escapeHtml(source.newsroom.name);
  const header = source.headerImage ? `<tr><td><img src="${escapeHtml(absolute(publicUrl, source.headerImage))}" alt="" width="600" style="display:block;width:100%;max-width:600px;height:auto;border:0"></td></tr>` : '';
  const pixel = source.tracking ? `<img src="${escapeHtml(links.openPixelUrl(recipientId))}" alt="" width="1" height="1" style="display:block;border:0;width:1px;height:1px">` : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(source.headline)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 8px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<tr><td style="border-top:6px solid ${colour};padding:16px 24px;font-size:16px;font-weight:bold">${logo}</td></tr>
${banner}${header}
<tr><td style="padding:24px 24px 8px"><h1 style="margin:0;font-size:26px;line-height:1.25">${escapeHtml(source.headline)}</h1>${source.subtitle ? `<p style="margin:8px 0 0;font-size:18px;color:#52606d">${escapeHtml(source.subtitle)}</p>` : ''}</td></tr>
<tr><td style="padding:8px 24px 16px;font-size:16px;line-height:1.6">${trackedBody(source.body, recipientId, links, source.tracking)}</td></tr>
<tr><td style="padding:0 24px 24px"><a href="${escapeHtml(readOnline)}" style="display:inline-block;background:${colour};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:4px;font-weight:bold">Read it online</a></td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#52606d;border-top:1px solid #e4e7eb">You receive this from ${escapeHtml(source.newsroom.name)} on Pressroom. <a href="${escapeHtml(unsubscribe)}" style="color:#52606d">Unsubscribe</a>${pixel}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    ...(source.embargoUntil ? [embargoLine(source.embargoUntil), ''] : []),
    source.headline,
    ...(source.subtitle ? [source.subtitle] : []),
    '',
    plainText(source.body),
    '',
    `Read it online: ${readOnline}`,
    '',
    `You receive this from ${source.newsroom.name} on Pressroom. Unsubscribe: ${unsubscribe}`,
  ].join('\n');
  return { subject: source.embargoUntil ? `[Embargoed] ${source.headline}` : source.headline, html, text };
}
