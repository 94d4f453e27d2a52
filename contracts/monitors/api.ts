import { z } from 'zod';
import { BEATS } from '../users/enums.ts';

export const NO_MODULE = 'Your account does not have the monitor module.';
export const NO_REPORTS = 'Your account does not have the reports module.';
export const NO_MONITOR = 'No such monitor.';
export const NAME_MAX = 100;
export const QUERY_MAX = 500;
/** Words and phrases in one query: each is a lookup for every item that arrives. */
export const TERMS_MAX = 50;
export const FILTER_MAX = 50;
/** Monitors one account keeps. */
export const MONITORS_MAX = 200;
export const MENTIONS_PAGE = 50;
/** The widest report and chart: a year of days. */
export const RANGE_DAYS_MAX = 366;

/**
 * Where an item comes from: an outside outlet's feed (`news`), an editorial article of the
 * platform (`article`), an announcement published to the wire, or a post on the platform.
 */
export const sourceKind = z.enum(['news', 'article', 'announcement', 'post']);
export type SourceKind = z.infer<typeof sourceKind>;
export const SOURCE_KINDS = sourceKind.options;
export const SOURCE_LABELS: Record<SourceKind, string> = { news: 'Outside news', article: 'Editorial articles', announcement: 'Announcements', post: 'Platform posts' };

export const beatName = z.enum(BEATS.map((beat) => beat.name) as [string, ...string[]]);

// Each field is optional in the schema: a missing one is a rule broken (422, in words), not a
// malformed request.
const text = z.string().max(10_000);
const list = <T extends z.ZodType>(item: T) => z.array(item).max(1_000);

/** A saved monitor: what to look for and where. Empty filters mean any. */
export const createMonitorBody = z.object({
  name: text.optional(),
  query: text.optional(),
  sources: list(sourceKind).optional(),
  beats: list(z.string().max(100)).optional(),
  outlets: list(z.string().max(500)).optional(),
  countries: list(z.string().max(100)).optional(),
  emailDigest: z.boolean().optional(),
});
export type CreateMonitorBody = z.infer<typeof createMonitorBody>;
/** Only what is named changes. */
export const editMonitorBody = createMonitorBody;
export type EditMonitorBody = z.infer<typeof editMonitorBody>;

/** What a monitor keeps, judged: its query as written, and its filters cleaned up. */
export const monitorDefinition = z.object({
  name: z.string(),
  query: z.string(),
  sources: z.array(sourceKind),
  beats: z.array(z.string()),
  outlets: z.array(z.string()),
  countries: z.array(z.string()),
  emailDigest: z.boolean(),
});
export type MonitorDefinition = z.infer<typeof monitorDefinition>;

export const monitorView = monitorDefinition.extend({
  id: z.number().int(),
  createdBy: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  mentionsCount: z.number().int(),
  lastMentionAt: z.string().nullable(),
});
export type MonitorView = z.infer<typeof monitorView>;
export const monitorsView = z.object({ data: z.array(monitorView) });

export const mentionView = z.object({
  monitorId: z.number().int(),
  source: sourceKind,
  sourceId: z.string(),
  title: z.string(),
  summary: z.string(),
  link: z.string().nullable(),
  outlet: z.string().nullable(),
  beats: z.array(z.string()),
  country: z.string().nullable(),
  publishedAt: z.string(),
  matchedAt: z.string(),
});
export type MentionView = z.infer<typeof mentionView>;

export const mentionsQuery = z.object({
  /** The `next` of the page before. */
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(MENTIONS_PAGE),
});
export const mentionsPage = z.object({ data: z.array(mentionView), next: z.string().nullable() });
export type MentionsPage = z.infer<typeof mentionsPage>;

/** A date range, as days in the reader's timezone: `from` and `to` both included. */
export const rangeQuery = z.object({
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
  timezone: z.string().max(64).optional(),
});
export type RangeQuery = z.infer<typeof rangeQuery>;

export const countsView = z.object({ from: z.string(), to: z.string(), timezone: z.string(), days: z.array(z.object({ day: z.string(), count: z.number().int() })) });
export type CountsView = z.infer<typeof countsView>;

export const reportQuery = rangeQuery.extend({ format: z.enum(['csv', 'pdf']).default('csv') });
