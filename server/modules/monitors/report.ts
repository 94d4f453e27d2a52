import PDFDocument from 'pdfkit';
import { SOURCE_LABELS, type MentionView, type MonitorView } from '../../../contracts/monitors/api.ts';
import type { DayRange } from './queries.ts';

export type Report = { monitor: MonitorView; range: DayRange; mentions: MentionView[]; counts: { day: string; count: number }[] };

const CSV_COLUMNS = ['Matched at', 'Published at', 'Source', 'Outlet', 'Title', 'Summary', 'Link', 'Beats', 'Country'] as const;

/**
 * A field as RFC 4180 wants it, and never a formula: a cell starting with = + - @ is read by
 * spreadsheets as one, so it is led by an apostrophe.
 */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function reportCsv({ mentions }: Report): string {
  const rows = mentions.map((mention) => [
    mention.matchedAt,
    mention.publishedAt,
    SOURCE_LABELS[mention.source],
    mention.outlet ?? '',
    mention.title,
    mention.summary,
    mention.link ?? '',
    mention.beats.join(' '),
    mention.country ?? '',
  ]);
  return [CSV_COLUMNS, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

const dateTime = (at: string, timezone: string) => new Intl.DateTimeFormat('en-GB', { timeZone: timezone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(at));

/** The report as a PDF: the monitor and its range, mentions per day as bars, then every mention. */
export function reportPdf({ monitor, range, mentions, counts }: Report): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `${monitor.name}: mentions ${range.from} to ${range.to}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 96;
  doc.font('Helvetica-Bold').fontSize(18).text(monitor.name);
  doc.font('Helvetica').fontSize(10).fillColor('#555').text(`Query: ${monitor.query}`).text(`Mentions from ${range.from} to ${range.to} (${range.timezone}): ${mentions.length}`);
  doc.moveDown();

  // Mentions per day: a bar each, scaled to the busiest day.
  const top = doc.y;
  const height = 80;
  const most = Math.max(1, ...counts.map((day) => day.count));
  const step = width / counts.length;
  counts.forEach((day, i) => {
    const bar = (day.count / most) * height;
    if (bar > 0) doc.rect(48 + i * step, top + height - bar, Math.max(1, step * 0.8), bar).fill('#2f6fdb');
  });
  doc.fillColor('#555').fontSize(8).text(range.from, 48, top + height + 4).text(range.to, 48, top + height + 4, { width, align: 'right' });
  doc.x = 48;
  doc.y = top + height + 24;

  doc.fillColor('#000');
  for (const mention of mentions) {
    doc.font('Helvetica-Bold').fontSize(11).text(mention.title, { width });
    const where = [SOURCE_LABELS[mention.source], mention.outlet, mention.country].filter(Boolean).join(' · ');
    doc.font('Helvetica').fontSize(9).fillColor('#555').text(`${dateTime(mention.matchedAt, range.timezone)} · ${where}`, { width });
    if (mention.summary) doc.fillColor('#000').fontSize(10).text(mention.summary, { width });
    if (mention.link) doc.fillColor('#2f6fdb').fontSize(9).text(mention.link, { width });
    doc.fillColor('#000').moveDown(0.6);
  }
  if (mentions.length === 0) doc.font('Helvetica').fontSize(11).text('No mentions in this range.');
  doc.end();
  return done;
}
