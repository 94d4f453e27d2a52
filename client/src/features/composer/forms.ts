import type { z } from 'zod';
import type { UploadView } from '../../../../contracts/uploads.ts';
import { eventType, jobType, articleKind, workplace, type PostKind, type UserType } from '../../../../contracts/posts/kinds.ts';
import {
  calloutBody,
  communityPostBody,
  eventBody,
  jobBody,
  reactionBody,
  recordBody,
  statementBody,
  storyBody,
} from '../../../../contracts/posts/payloads.ts';
import { placeLines, type FieldLines } from '../../lib/api/index.ts';
import { dayjs } from '../../lib/format/index.ts';
import { htmlToText, textToHtml } from './richText.ts';

/** The server's own request schemas: the composer judges a post exactly as the API will. */
export const POST_BODIES = {
  callout: calloutBody,
  communityPost: communityPostBody,
  event: eventBody,
  job: jobBody,
  record: recordBody,
  reaction: reactionBody,
  statement: statementBody,
  story: storyBody,
} as const;

export type PostBody<K extends PostKind> = z.output<(typeof POST_BODIES)[K]>;

/** An uploaded file the composer holds: enough to show it and to send its id. */
export type HeldUpload = Pick<UploadView, 'id' | 'type' | 'path' | 'thumbnail'> & { status?: UploadView['status'] };

/** Every field any kind has, as the inputs hold them (text for text inputs, lists for choices). */
export type ComposerValues = {
  saveAs: 'self' | number;
  communities: number[];
  userTypes: UserType[];
  title: string;
  content: string;
  summary: string;
  deadline: string;
  name: string;
  eventType: z.infer<typeof eventType>;
  timezone: string;
  address: string;
  venue: string;
  start: string;
  end: string;
  link: string;
  description: string;
  img: string;
  company: string;
  workplace: z.infer<typeof workplace>;
  jobType: z.infer<typeof jobType>;
  location: string;
  url: string;
  video: HeldUpload | null;
  attachments: HeldUpload[];
  articleKind: z.infer<typeof articleKind>;
  image: string;
};

export type FieldName = keyof ComposerValues;

/** The fields each kind shows, in the order the form shows them (spec section 3). */
export const KIND_FIELDS: Record<PostKind, FieldName[]> = {
  communityPost: ['content', 'attachments'],
  callout: ['title', 'content', 'deadline'],
  job: ['title', 'company', 'jobType', 'workplace', 'location', 'url', 'description', 'img'],
  event: ['name', 'eventType', 'timezone', 'start', 'end', 'venue', 'address', 'link', 'description', 'img'],
  record: ['video', 'content'],
  reaction: ['video', 'url', 'content'],
  statement: ['video', 'url', 'content'],
  story: ['articleKind', 'title', 'summary', 'content', 'image', 'video'],
};

/** Field labels: a server line that starts with one ("Content is required") belongs to that field. */
export const FIELD_LABELS: Record<FieldName, string> = {
  saveAs: 'Post as',
  communities: 'Communities',
  userTypes: 'Who can see it',
  title: 'Title',
  content: 'Content',
  summary: 'Summary',
  deadline: 'Deadline',
  name: 'Name',
  eventType: 'Event type',
  timezone: 'Timezone',
  address: 'Address',
  venue: 'Venue',
  start: 'Start',
  end: 'End',
  link: 'Link',
  description: 'Description',
  img: 'Image',
  company: 'Company',
  workplace: 'Workplace',
  jobType: 'Job type',
  location: 'Location',
  url: 'Url',
  video: 'Video',
  attachments: 'Attachments',
  articleKind: 'Article type',
  image: 'Image',
};

/** Request body keys that differ from the form's. */
const BODY_KEY_TO_FIELD: Record<string, FieldName> = { type: 'eventType' };

export function emptyValues(timezone: string): ComposerValues {
  return {
    saveAs: 'self',
    communities: [],
    userTypes: [],
    title: '',
    content: '',
    summary: '',
    deadline: '',
    name: '',
    eventType: 'online',
    timezone,
    address: '',
    venue: '',
    start: '',
    end: '',
    link: '',
    description: '',
    img: '',
    company: '',
    workplace: 'on-site',
    jobType: 'full-time',
    location: '',
    url: '',
    video: null,
    attachments: [],
    articleKind: 'media',
    image: '',
  };
}

const LOCAL_DATE_TIME = 'YYYY-MM-DDTHH:mm';

/** An ISO instant as a datetime-local input shows it in a timezone. */
function toLocalInput(iso: unknown, timezone: string): string {
  return typeof iso === 'string' && iso ? dayjs(iso).tz(timezone).format(LOCAL_DATE_TIME) : '';
}

/**
 * A datetime-local value read in a timezone, as the ISO instant with offset the API takes.
 * Text that is no date goes as it is, so the schema says what is wrong with it.
 */
export function toInstant(local: string, timezone: string | null): string | null {
  if (!local.trim()) return null;
  const parsed = timezone ? dayjs.tz(local, timezone) : dayjs.utc(local);
  return parsed.isValid() ? parsed.format() : local;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const heldVideo = (id: unknown): HeldUpload | null => (typeof id === 'number' ? { id, type: 'video', path: '', thumbnail: null } : null);

/**
 * The editable form of a post (GET /api/v1/{kind}s/{id}/all: the stored fields with saveAs,
 * communities and userTypes) as the composer's values.
 */
export function valuesOfForm(kind: PostKind, form: Record<string, unknown>, userTimezone: string): ComposerValues {
  const values = emptyValues(userTimezone);
  const timezone = text(form.timezone) || userTimezone;
  const merged: ComposerValues = {
    ...values,
    saveAs: typeof form.saveAs === 'number' ? form.saveAs : 'self',
    communities: Array.isArray(form.communities) ? form.communities.map(Number) : [],
    userTypes: Array.isArray(form.userTypes) ? (form.userTypes as UserType[]) : [],
    title: text(form.title),
    content: htmlToText(text(form.content)),
    summary: text(form.summary),
    deadline: toLocalInput(form.deadline, userTimezone),
    name: text(form.name),
    timezone: kind === 'event' ? text(form.timezone) : userTimezone,
    address: text(form.address),
    venue: text(form.venue),
    start: toLocalInput(form.start, timezone),
    end: toLocalInput(form.end, timezone),
    link: text(form.link),
    description: htmlToText(text(form.description)),
    img: text(form.img),
    company: text(form.company),
    location: text(form.location),
    url: text(form.url),
    video: heldVideo(form.videoId),
    attachments: Array.isArray(form.attachments) ? (form.attachments as HeldUpload[]) : [],
    image: text(form.image),
  };
  if (eventType.safeParse(form.eventType).success) merged.eventType = form.eventType as ComposerValues['eventType'];
  if (workplace.safeParse(form.workplace).success) merged.workplace = form.workplace as ComposerValues['workplace'];
  if (jobType.safeParse(form.jobType).success) merged.jobType = form.jobType as ComposerValues['jobType'];
  if (articleKind.safeParse(form.articleKind).success) merged.articleKind = form.articleKind as ComposerValues['articleKind'];
  return merged;
}

/** The request body of one kind, before the schema trims, normalises and judges it. */
export function rawBodyOf(kind: PostKind, values: ComposerValues, userTimezone: string): Record<string, unknown> {
  const targeting = { saveAs: values.saveAs, communities: values.communities, userTypes: values.userTypes };
  switch (kind) {
    case 'callout':
      return { ...targeting, title: values.title, content: textToHtml(values.content), deadline: toInstant(values.deadline, userTimezone) };
    case 'communityPost':
      return { ...targeting, content: textToHtml(values.content), attachments: values.attachments.map((upload) => upload.id) };
    case 'event': {
      const timezone = values.timezone || null;
      return {
        ...targeting,
        type: values.eventType,
        name: values.name,
        timezone,
        address: values.address,
        venue: values.venue,
        start: toInstant(values.start, timezone),
        end: toInstant(values.end, timezone),
        link: values.link,
        description: textToHtml(values.description),
        img: values.img || null,
      };
    }
    case 'job':
      return {
        ...targeting,
        title: values.title,
        description: textToHtml(values.description),
        company: values.company,
        workplace: values.workplace,
        jobType: values.jobType,
        location: values.location,
        img: values.img || null,
        url: values.url,
      };
    case 'record':
      return { ...targeting, video: values.video?.id, content: textToHtml(values.content) };
    case 'reaction':
    case 'statement':
      return { ...targeting, video: values.video?.id, url: values.url, content: textToHtml(values.content) };
    case 'story':
      return {
        ...targeting,
        articleKind: values.articleKind,
        title: values.title,
        summary: values.summary,
        content: textToHtml(values.content),
        image: values.image || null,
        video: values.video?.id ?? null,
      };
  }
}

/** Problems to show: by field where a field is named, the rest above the buttons. */
export type ComposerErrors = { fields: Partial<Record<FieldName, string>>; form: string[] };

export type Judged<K extends PostKind> = { ok: true; body: PostBody<K> } | { ok: false; errors: ComposerErrors };

/** The composer's values judged by the kind's request schema: the body to send, or what is wrong. */
export function judge<K extends PostKind>(kind: K, values: ComposerValues, userTimezone: string): Judged<K> {
  const parsed = POST_BODIES[kind].safeParse(rawBodyOf(kind, values, userTimezone));
  if (parsed.success) return { ok: true, body: parsed.data as PostBody<K> };
  const errors: ComposerErrors = { fields: {}, form: [] };
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    const field = typeof key === 'string' ? (BODY_KEY_TO_FIELD[key] ?? (key as FieldName)) : undefined;
    if (field && field in FIELD_LABELS) errors.fields[field] ??= issue.message;
    else errors.form.push(issue.message);
  }
  return { ok: false, errors };
}

/**
 * The server's error lines placed like the client's: by the field the answer ties each to, or
 * by the field whose label starts it ("Content is required"), anything else for the whole form.
 */
export function placeServerErrors(lines: readonly string[], shown: readonly FieldName[], fields: FieldLines = {}): ComposerErrors {
  const errors: ComposerErrors = { fields: {}, form: [] };
  const { byPath, rest } = placeLines(lines, fields);
  for (const [path, said] of Object.entries(byPath)) {
    const key = path.split('.')[0]!;
    const named = BODY_KEY_TO_FIELD[key] ?? (key as FieldName);
    if (shown.includes(named)) errors.fields[named] ??= said[0]!;
    else errors.form.push(...said);
  }
  for (const line of rest) {
    const labelled = shown.find((field) => line.startsWith(`${FIELD_LABELS[field]} `));
    if (labelled) errors.fields[labelled] ??= line;
    else errors.form.push(line);
  }
  return errors;
}

/**
 * A URL field's value as the API will store it (https:// in front when it has no scheme), or
 * the text as typed when it is not a URL: the form shows the normalised address on blur.
 */
export function normalisedUrl(kind: PostKind, field: 'link' | 'url', value: string): string {
  const key = field;
  const schema = (POST_BODIES[kind] as unknown as { shape: Record<string, z.ZodType> }).shape[key];
  const parsed = schema?.safeParse(value);
  return parsed?.success && typeof parsed.data === 'string' ? parsed.data : value;
}
