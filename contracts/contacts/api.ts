import { z } from 'zod';
import { BEATS, beat } from '../users/enums.ts';
import { addressBody, countryCode } from '../users/settings.ts';
import { idParam, phoneField, socialUrlField, timezoneField, urlField } from '../validation.ts';
import { contactFields } from './fields.ts';

export const CONTACTS_PAGE = 50;
export const MAX_CONTACTS_PAGE = 500;
export const NAME_REQUIRED = 'Name is required';
export const NO_MODULE = 'Your account does not have the contacts module.';
export const NO_CONTACT = 'No such contact.';
export const NO_LIST = 'No such list.';
export const MAX_TAGS = 50;

const BEAT_IDS = new Set<number>(BEATS.map((known) => known.id));
const beatId = z.number().int().refine((id) => BEAT_IDS.has(id), { message: 'No such beat' });
const text = (label: string, max: number) => z.string().trim().max(max, { message: `${label} must be at most ${max} characters` });
const optionalText = (label: string, max: number) =>
  text(label, max)
    .nullable()
    .transform((value) => value || null);
/** A list of short texts without blanks or repeats, kept in the order given. */
const words = (label: string, max: number, count: number) =>
  z
    .array(text(label, max))
    .max(count, { message: `At most ${count} ${label.toLowerCase()}s` })
    .transform((list) => [...new Set(list.filter(Boolean))]);

export const emailField = z.string().trim().toLowerCase().max(254).email({ message: 'Email is not valid' });

// Blank text leaves a channel, link or address out, as on the profile's forms.
const blankIsNone = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value === null ? undefined : value);
const optional = <T extends z.ZodType>(field: T) => z.preprocess(blankIsNone, field.optional());
const phones = z.object({ mobile: optional(phoneField), workDirect: optional(phoneField), workReception: optional(phoneField), home: optional(phoneField) });
const links = z.object({
  authorUrl: optional(urlField()),
  website: optional(urlField()),
  twitter: optional(socialUrlField('twitter')),
  linkedIn: optional(socialUrlField('linkedIn')),
  instagram: optional(socialUrlField('instagram')),
  facebook: optional(socialUrlField('facebook')),
  youtube: optional(socialUrlField('youtube')),
  other: optional(urlField()),
});
const addresses = z.object({ home: optional(addressBody), office: optional(addressBody), postal: optional(addressBody) });

const dropUndefined = <T extends object>(record: T) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };

/** A contact's fields as a form sends them; every one optional, so the same schema serves create and edit. */
export const contactInput = z.object({
  name: text('Name', 200).optional(),
  jobTitle: optionalText('Job title', 200).optional(),
  outlets: words('Outlet', 200, 20).optional(),
  companies: words('Company', 200, 20).optional(),
  beats: z
    .array(beatId)
    .max(BEATS.length)
    .transform((ids) => [...new Set(ids)])
    .optional(),
  emails: z
    .array(emailField)
    .max(20, { message: 'At most 20 email addresses' })
    .transform((list) => [...new Set(list)])
    .optional(),
  phones: phones.transform(dropUndefined).optional(),
  links: links.transform(dropUndefined).optional(),
  addresses: addresses.transform(dropUndefined).optional(),
  timezone: timezoneField.nullable().optional(),
  country: countryCode.nullable().optional(),
  tags: words('Tag', 50, MAX_TAGS).optional(),
});
export type ContactInput = z.infer<typeof contactInput>;

/** A new contact: a person on the platform (`userId`), or a private record with its fields. */
export const addContactBody = contactInput.extend({ userId: z.number().int().positive().optional() });
export const editContactBody = contactInput;

export const noteBody = z.object({ text: z.string().trim().min(1, { message: 'Write something' }).max(10_000, { message: 'Note must be at most 10000 characters' }) });
export const noteParams = z.object({ id: idParam, noteId: idParam });

const beatFilter = z.coerce.number().int().refine((id) => BEAT_IDS.has(id), { message: 'No such beat' });
/** `list`: a list's own order (with `list`). */
export const contactSort = z.enum(['name', '-name', 'recent', 'list']);
export const directoryQuery = z.object({
  q: z.string().trim().max(200).optional(),
  beat: beatFilter.optional(),
  outlet: z.string().trim().max(200).optional(),
  country: countryCode.optional(),
  tag: z.string().trim().max(50).optional(),
  list: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  hasEmail: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
  sort: contactSort.default('name'),
  /** Count every match too (a table sizing its scroll once per search); pages after the first need not. */
  total: z.enum(['true', 'false']).transform((value) => value === 'true').default(false),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_CONTACTS_PAGE).default(CONTACTS_PAGE),
});
export type DirectoryQuery = z.infer<typeof directoryQuery>;

const country = z.object({ id: z.string(), name: z.string() }).nullable();

/** One row of the directory: a contact of the account, or a journalist of the platform it keeps no record of (id null). */
export const directoryRow = z.object({
  id: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  slug: z.string().nullable(),
  avatar: z.string().nullable(),
  name: z.string(),
  jobTitle: z.string().nullable(),
  outlets: z.array(z.string()),
  beats: z.array(beat),
  emails: z.array(z.string()),
  country,
  tags: z.array(z.string()),
  doNotContact: z.boolean(),
});
export type DirectoryRow = z.infer<typeof directoryRow>;
export const directoryPage = z.object({ data: z.array(directoryRow), hasMore: z.boolean(), total: z.number().int().nullable() });

export const noteView = z.object({
  id: z.number().int(),
  text: z.string(),
  author: z.object({ id: z.number().int(), name: z.string() }),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** Earlier wordings, newest first. */
  history: z.array(z.object({ text: z.string(), replacedAt: z.string() })),
});
export type NoteView = z.infer<typeof noteView>;

export const contactView = contactFields.omit({ beats: true, country: true }).extend({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  slug: z.string().nullable(),
  avatar: z.string().nullable(),
  beats: z.array(beat),
  country,
  doNotContact: z.boolean(),
  lists: z.array(z.object({ id: z.number().int(), name: z.string() })),
  notes: z.array(noteView),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactView = z.infer<typeof contactView>;

const listName = z.string().trim().min(1, { message: 'Name is required' }).max(200, { message: 'Name must be at most 200 characters' });
const listDescription = z.string().trim().max(2000, { message: 'Description must be at most 2000 characters' });
/**
 * A living list's saved search: the directory's filters (search text, beat, outlet, country,
 * tag, has email), at least one of them.
 */
export const listFilter = z
  .object({
    q: z.string().trim().min(1).max(200).optional(),
    beat: beatFilter.optional(),
    outlet: z.string().trim().min(1).max(200).optional(),
    country: countryCode.optional(),
    tag: z.string().trim().min(1).max(50).optional(),
    hasEmail: z.boolean().optional(),
  })
  .strict()
  .refine((filter) => Object.values(filter).some((value) => value !== undefined), { message: 'A living list needs at least one filter' });
export type ListFilter = z.infer<typeof listFilter>;
/** With `filter`, a living list: its members are whoever matches it when the list is read. */
export const listBody = z.object({ name: listName, description: listDescription.default(''), filter: listFilter.optional() });
export const listFilterBody = z.object({ filter: listFilter });
export const listFilterView = z.object({ filter: listFilter.nullable() });
export const LIVING_LIST = 'A living list keeps itself up to date: change its filter instead';
export const renameListBody = z.object({ name: listName.optional(), description: listDescription.optional() });
/**
 * Everyone the directory shows for these filters (its query's, as JSON): what a table's "select
 * all" names, however many rows it has read.
 */
export const directoryFilter = z
  .object({
    q: z.string().trim().max(200).optional(),
    beat: beatId.optional(),
    outlet: z.string().trim().max(200).optional(),
    country: countryCode.optional(),
    tag: z.string().trim().max(50).optional(),
    list: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    hasEmail: z.boolean().optional(),
  })
  .strict();
export type DirectoryFilter = z.infer<typeof directoryFilter>;
/** The most people one bulk action takes, in its one transaction. */
export const MAX_SELECTED = 100_000;
export const TOO_MANY_SELECTED = `At most ${MAX_SELECTED.toLocaleString('en')} people at once: narrow the filters`;
/**
 * Whom a bulk action is for: contacts by id and platform people by user id (the account then
 * keeps a record of them), or everyone `filter` matches when the action runs; not both.
 */
const selection = z.object({
  contactIds: z.array(z.number().int().positive()).max(1000).default([]),
  userIds: z.array(z.number().int().positive()).max(1000).default([]),
  filter: directoryFilter.optional(),
});
const oneWay = (body: z.infer<typeof selection>) => body.filter === undefined || (body.contactIds.length === 0 && body.userIds.length === 0);
const ONE_WAY = 'Name the people or a filter, not both';
export type Selection = z.infer<typeof selection>;
export const listMembersBody = selection.refine(oneWay, { message: ONE_WAY });
export const tagBody = selection.extend({ tag: text('Tag', 50).min(1, { message: 'Write a tag' }) }).refine(oneWay, { message: ONE_WAY });
/** How many people the selection held: each of them carries the tag now. */
export const taggedView = z.object({ count: z.number().int() });
export const removeMembersBody = z.object({ contactIds: z.array(z.number().int().positive()).min(1).max(1000) });
export const reorderBody = z.object({ contactIds: z.array(z.number().int().positive()).max(100_000) });
export const listView = z.object({ id: z.number().int(), name: z.string(), description: z.string(), count: z.number().int(), createdAt: z.string(), updatedAt: z.string() });
export type ListView = z.infer<typeof listView>;
export const listsView = z.object({ data: z.array(listView) });

export const mergeBody = z.object({
  otherId: z.number().int().positive(),
  /** The values the person chose where the two differ; the rest is the kept contact's, with every list of both. */
  fields: contactInput.default({}),
});
export const otherBody = z.object({ otherId: z.number().int().positive() });
export const duplicatePair = z.object({ reason: z.enum(['email', 'name', 'handle']), contacts: z.tuple([directoryRow, directoryRow]) });
export const duplicatesView = z.object({ data: z.array(duplicatePair) });

/**
 * The columns of an export, in order, named as the fields an import maps headers to, so an
 * exported file imports again as it is. Lists inside a cell are separated by semicolons.
 */
export const CSV_COLUMNS = [
  'name',
  'jobTitle',
  'outlets',
  'companies',
  'beats',
  'emails',
  'mobile',
  'workDirect',
  'workReception',
  'home',
  'authorUrl',
  'website',
  'twitter',
  'linkedIn',
  'instagram',
  'facebook',
  'youtube',
  'other',
  'timezone',
  'country',
  'tags',
] as const;
/** What a column of an imported file may be: an export's column, or a name in two parts. */
export const importField = z.enum([...CSV_COLUMNS, 'firstName', 'lastName']);
export type ImportField = z.infer<typeof importField>;
/** The person's choice in the preview step: which header of the file fills which field. */
export const importMapping = z.record(z.string().max(200), importField);
export const CONSENT_REQUIRED = 'Confirm that you may contact the people in this file';
export const importReport = z.object({
  imported: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Rows left out, by their line in the file (the header is line 1), each with the spec's words. */
  failed: z.array(z.object({ line: z.number().int(), errors: z.array(z.string()) })),
});
export type ImportReport = z.infer<typeof importReport>;
export const MAX_EXPORT_IDS = 1000;
/** With the directory's filters, only the account's contacts they match (a table's "select all"). */
export const exportQuery = directoryQuery.pick({ q: true, beat: true, outlet: true, country: true, tag: true, hasEmail: true }).extend({
  list: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  /** Only these contacts (a table's selection), as comma-separated ids. */
  ids: z
    .string()
    .regex(/^\d{1,15}(,\d{1,15})*$/, { message: 'Name the contacts by their ids, separated by commas' })
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.length <= MAX_EXPORT_IDS, { message: `At most ${MAX_EXPORT_IDS} contacts at once` })
    .optional(),
});

// ---- A contact's timeline ----

/** Where a timeline page ends: its last item's time and key (`2026-11-26T03:00:00.000Z_note-12`). */
const timelineCursor = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z_[a-zA-Z]+-\d+$/, { message: 'Not a place in the timeline' });
export const TIMELINE_PAGE = 30;
export const timelineQuery = z.object({
  before: timelineCursor.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(TIMELINE_PAGE),
});
export type TimelineQuery = z.infer<typeof timelineQuery>;

const timelineBase = { key: z.string(), at: z.string() };
const personRef = z.object({ id: z.number().int(), name: z.string() });
/** One thing in a contact's life with the account, newest first: what the account wrote, and what a person on the platform did that the reader may see. */
export const timelineItem = z.discriminatedUnion('kind', [
  z.object({ ...timelineBase, kind: z.literal('note'), note: noteView }),
  z.object({ ...timelineBase, kind: z.literal('addedToList'), list: z.object({ id: z.number().int(), name: z.string() }) }),
  /** A post of theirs; a callout (asking for sources) is kind `callout`. */
  z.object({ ...timelineBase, kind: z.enum(['post', 'callout']), post: z.object({ id: z.number().int(), kind: z.string(), title: z.string() }) }),
  z.object({ ...timelineBase, kind: z.literal('interviewAnswer'), interview: z.object({ id: z.number().int(), title: z.string() }), responseId: z.number().int() }),
  /** A message of a direct conversation between them and someone of the account. */
  z.object({ ...timelineBase, kind: z.literal('message'), message: z.object({ id: z.number().int(), conversationId: z.number().int(), from: personRef, to: personRef, text: z.string() }) }),
]);
export type TimelineItem = z.infer<typeof timelineItem>;
export const timelinePage = z.object({ data: z.array(timelineItem), hasMore: z.boolean(), next: z.string().nullable() });

// ---- Recommendations ----

/** A journalist or expert on the platform worth approaching, and why, in words. */
export const recommendationView = z.object({
  userId: z.number().int(),
  slug: z.string(),
  avatar: z.string().nullable(),
  name: z.string(),
  jobTitle: z.string().nullable(),
  role: z.enum(['journo', 'expert']),
  beats: z.array(beat),
  outlets: z.array(z.string()),
  score: z.number(),
  /** "covers tech; asked for sources on AI last week" */
  why: z.string(),
});
export type RecommendationView = z.infer<typeof recommendationView>;
export const recommendationsView = z.object({ data: z.array(recommendationView) });
/** A person by user id in the path: anything but digits names nobody (404). */
export const recommendationParams = z.object({ userId: idParam });

// ---- The platform's callouts and job posts, under Contacts ----

export const DESK_POSTS_PAGE = 30;
/** `open`: callouts whose deadline has not passed (ASAP ones too); `week`: those closing within seven days; `all`: every one. */
export const deskPostsDue = z.enum(['open', 'week', 'all']);
export const deskPostsQuery = z.object({
  kind: z.enum(['callout', 'job']),
  beat: beatFilter.optional(),
  /** Callouts only: job posts carry no deadline. */
  due: deskPostsDue.default('open'),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(DESK_POSTS_PAGE),
});
export type DeskPostsQuery = z.infer<typeof deskPostsQuery>;
/** A callout or job post as a row of its list; the post modal shows the rest. */
export const deskPost = z.object({
  id: z.number().int(),
  kind: z.enum(['callout', 'job']),
  title: z.string(),
  /** The start of its text, plain. */
  summary: z.string(),
  author: z.object({ id: z.number().int(), type: z.enum(['person', 'company']), name: z.string(), slug: z.string().nullable(), avatar: z.string().nullable() }),
  /** The author's beats (a company's: none). */
  beats: z.array(beat),
  publishedAt: z.string(),
  /** Callouts: when answers are due, null for ASAP. */
  deadline: z.string().nullable(),
  /** Job posts: the hiring company and where. */
  company: z.string().nullable(),
  location: z.string().nullable(),
});
export type DeskPost = z.infer<typeof deskPost>;
export const deskPostsPage = z.object({ data: z.array(deskPost), hasMore: z.boolean() });
