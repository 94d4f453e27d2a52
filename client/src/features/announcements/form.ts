import type { AnnouncementInput, AnnouncementStatus, AnnouncementSummary, AnnouncementView } from '../../../../contracts/announcements/api.ts';
import { dayjs } from '../../lib/format/index.ts';
import { htmlToText, textToHtml } from '../composer/richText.ts';

const LOCAL = 'YYYY-MM-DDTHH:mm';

/** What the announcement editor holds: times as the person's clock reads them, the body as the composer edits it. */
export type AnnouncementDraft = {
  headline: string;
  subtitle: string;
  body: string;
  headerImage: { id: number; path: string } | null;
  embargoUntil: string;
  beats: number[];
  language: string;
};

export function toLocalInput(instant: string, timezone: string): string {
  return dayjs(instant).tz(timezone).format(LOCAL);
}

/** A datetime-local value read in the person's timezone, as the instant the server keeps; '' is none. */
export function fromLocalInput(value: string, timezone: string): string | null {
  if (value.trim() === '') return null;
  const parsed = dayjs.tz(value, LOCAL, timezone);
  return parsed.isValid() ? parsed.toISOString() : value;
}

export function draftOf(announcement: AnnouncementView | null, timezone: string, language = 'en'): AnnouncementDraft {
  if (!announcement) return { headline: '', subtitle: '', body: '', headerImage: null, embargoUntil: '', beats: [], language };
  return {
    headline: announcement.headline,
    subtitle: announcement.subtitle,
    body: htmlToText(announcement.body),
    headerImage: announcement.headerImageId !== null && announcement.headerImage ? { id: announcement.headerImageId, path: announcement.headerImage } : null,
    embargoUntil: announcement.embargoUntil ? toLocalInput(announcement.embargoUntil, timezone) : '',
    beats: announcement.beats.map((beat) => beat.id),
    language: announcement.language,
  };
}

export function bodyOf(draft: AnnouncementDraft, timezone: string): AnnouncementInput {
  return {
    headline: draft.headline,
    subtitle: draft.subtitle,
    body: textToHtml(draft.body),
    headerImage: draft.headerImage?.id ?? null,
    embargoUntil: fromLocalInput(draft.embargoUntil, timezone),
    beats: draft.beats,
    language: draft.language,
  };
}

export type FieldName = 'headline' | 'subtitle' | 'body' | 'headerImage' | 'embargoUntil' | 'beats' | 'language' | 'publishAt' | 'newsroom' | 'form';

/** Which field a line of the server's 400/422 answer is about: every line starts with its field's label or is the rule's own sentence. */
export function fieldOf(line: string): FieldName {
  if (/^Headline/.test(line)) return 'headline';
  if (/^Subtitle/.test(line)) return 'subtitle';
  if (/^(Body|Write the body)/.test(line)) return 'body';
  if (/header image/i.test(line)) return 'headerImage';
  if (/^Beat/.test(line)) return 'beats';
  if (/^Language/.test(line)) return 'language';
  if (/publication time/i.test(line)) return 'publishAt';
  if (/embargo/i.test(line)) return 'embargoUntil';
  if (/newsroom/i.test(line)) return 'newsroom';
  return 'form';
}

export function errorsByField(lines: readonly string[]): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  for (const line of lines) {
    const field = fieldOf(line);
    errors[field] = errors[field] ? `${errors[field]} ${line}` : line;
  }
  return errors;
}

export const STATUS_LABELS: Record<AnnouncementStatus, string> = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published', unpublished: 'Unpublished' };

/** The chip a list shows: a published one still under embargo says so, since the public cannot read it yet. */
export function statusChip(announcement: Pick<AnnouncementSummary, 'status' | 'isEmbargoed'>): { label: string; tone: AnnouncementStatus | 'embargoed' } {
  if (announcement.status === 'published' && announcement.isEmbargoed) return { label: 'Under embargo', tone: 'embargoed' };
  return { label: STATUS_LABELS[announcement.status], tone: announcement.status };
}

const CHANGES: Record<string, string> = {
  AnnouncementDrafted: 'Drafted',
  AnnouncementEdited: 'Edited',
  AnnouncementScheduled: 'Scheduled',
  AnnouncementUnscheduled: 'Schedule taken back',
  AnnouncementPublished: 'Published',
  AnnouncementEmbargoLifted: 'Embargo lifted',
  AnnouncementUnpublished: 'Unpublished',
  AnnouncementAudienceSet: 'Recipients changed',
  RecipientLinksRevoked: 'A recipient’s links revoked',
};

/** A line of the hub's history: what happened, by whom ("the platform" for the scheduler's own acts). */
export function changeLine(change: { type: string; by: { name: string } | null }): string {
  const what = CHANGES[change.type] ?? change.type.replace(/^Announcement/, '').replace(/([a-z])([A-Z])/g, '$1 $2');
  return `${what} by ${change.by?.name ?? 'Pressroom, at its time'}`;
}
