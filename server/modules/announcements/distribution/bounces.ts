import { simpleParser } from 'mailparser';

/** What a relay's delivery report (RFC 3464) says of one announcement email it could not deliver. */
export type DeliveryReport = {
  announcementId: number;
  /** The recipient's signed token, from the Message-ID the sender gave their email. */
  token: string;
  /** `hard`: 5.x.x, the address will not take mail; `soft`: 4.x.x, a condition that may pass. */
  kind: 'hard' | 'soft';
  status: string;
  diagnostic: string;
  /** The addresses it names (Final- and Original-Recipient), lower-cased. */
  addresses: string[];
};

/** The largest report read: a report quotes the original message's headers, or at most the message. */
export const MAX_REPORT_BYTES = 2 * 1024 * 1024;

/**
 * The Message-ID of a recipient's email: its announcement and the recipient's signed token, so
 * the report a relay sends back (which quotes the original's headers) names whose email it was,
 * and nobody can name another recipient in a made-up one.
 */
export const messageIdOf = (announcementId: number, token: string, host: string) => `<announcement-${announcementId}.recipient-${token}@${host}>`;
const MESSAGE_ID = /^message-id:\s*<announcement-(\d{1,15})\.recipient-([0-9a-z]{1,12}\.[\w-]{22})@[^>\s]+>/im;

const STATUS = /^([245])\.\d{1,3}\.\d{1,3}\b/;
const REPORT_PARTS = new Set(['message/delivery-status', 'message/global-delivery-status']);
const ORIGINAL_PARTS = new Set(['text/rfc822-headers', 'message/rfc822', 'message/global', 'message/global-headers']);

/** The groups of fields of a delivery-status part: folded lines joined, names lower-cased; the first group is the message's, the rest one per recipient. */
function fieldGroups(text: string): Map<string, string>[] {
  return text
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]+/g, ' ')
    .split(/\n\s*\n/)
    .map((group) => {
      const fields = new Map<string, string>();
      for (const line of group.split('\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      return fields;
    })
    .filter((fields) => fields.size > 0);
}

/** "rfc822; Ana@Paper.example" as the address alone. */
const addressOf = (field: string | undefined) => (field ? field.replace(/^[^;]*;/, '').trim().replace(/^<|>$/g, '').toLowerCase() : null);

/**
 * Reads a message that arrived at the bounce address: the delivery report of an announcement
 * email, or null for anything else (an auto-reply, a report of delivery, a message of no email of
 * ours). The MIME structure is mailparser's; the report's fields are RFC 3464's simple groups.
 * Of several recipients' groups the worst counts (a failure for good over one for now).
 */
export async function readDeliveryReport(raw: Buffer): Promise<DeliveryReport | null> {
  const message = await simpleParser(raw, { keepDeliveryStatus: true, skipHtmlToText: true, skipTextLinks: true, skipImageLinks: true, skipTextToHtml: true });
  const type = message.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  if (type?.value?.toLowerCase() !== 'multipart/report' || type.params?.['report-type']?.toLowerCase() !== 'delivery-status') return null;

  const report = message.attachments.find((part) => REPORT_PARTS.has(part.contentType.toLowerCase()));
  const original = message.attachments.find((part) => ORIGINAL_PARTS.has(part.contentType.toLowerCase()));
  if (!report || !original) return null;
  const headers = original.content.toString('utf8').replace(/\r\n/g, '\n').split(/\n\s*\n/)[0]!.replace(/\n[ \t]+/g, ' ');
  const sent = MESSAGE_ID.exec(headers);
  if (!sent) return null;

  let worst: { kind: 'hard' | 'soft'; status: string; diagnostic: string } | null = null;
  const addresses = new Set<string>();
  for (const fields of fieldGroups(report.content.toString('utf8')).slice(1)) {
    const action = fields.get('action')?.toLowerCase();
    const status = STATUS.exec(fields.get('status') ?? '');
    if ((action !== 'failed' && action !== 'delayed') || !status || status[1] === '2') continue;
    for (const name of ['final-recipient', 'original-recipient']) {
      const address = addressOf(fields.get(name));
      if (address) addresses.add(address);
    }
    const kind = status[1] === '5' ? 'hard' : 'soft';
    if (worst === null || (kind === 'hard' && worst.kind === 'soft')) worst = { kind, status: status[0], diagnostic: (fields.get('diagnostic-code') ?? '').slice(0, 1000) };
  }
  if (!worst) return null;
  return { announcementId: Number(sent[1]), token: sent[2]!, ...worst, addresses: [...addresses] };
}
