import { z } from 'zod';
import { fieldLabel } from '../error-map.ts';
import { BEATS, beat } from '../users/enums.ts';
import { attachmentView, videoView } from '../posts/media.ts';
import { idParam } from '../validation.ts';
import { languageTag } from '../newsrooms/api.ts';

export const ANNOUNCEMENTS_PAGE = 20;
export const NO_ANNOUNCEMENT = 'No such announcement.';
export const NO_NEWSROOM_FOR_IT = 'No such newsroom.';
export const HEADLINE_REQUIRED = 'Headline is required';
export const BODY_REQUIRED = 'Write the body before publishing';
export const PUBLISH_AT_PAST = 'The publication time must be in the future';
export const HEADER_IMAGE_RULE = 'The header image must be an image you uploaded';
export const GALLERY_RULE = 'Gallery images must be images you uploaded';
export const VIDEO_RULE = 'The video must be a video you uploaded';
export const ONLY_OWN_PEOPLE = 'Only the newsroom’s own people may change its announcements';
export const NOT_PUBLISHED = 'Only a published announcement can be unpublished';
export const PUBLISHED_ALREADY = 'This announcement is published already';
export const NOT_SCHEDULED = 'This announcement is not scheduled';
export const EMBARGO_PASSED = 'The embargo has passed: the announcement is public already';
export const STATUS_NAMES = ['draft', 'scheduled', 'published', 'unpublished'] as const;

export const announcementStatus = z.enum(STATUS_NAMES);
export type AnnouncementStatus = z.infer<typeof announcementStatus>;

/** An instant with its offset, as the forms send one (a time without an offset means nothing across timezones). */
export const instant = z.iso.datetime({ offset: true, error: (issue) => `${fieldLabel(issue.path ?? [])} must be a date and time with its offset, like 2026-05-01T09:00:00+10:00` });

const BEAT_IDS = BEATS.map((b) => b.id) as number[];

export const galleryImageInput = z.object({
  /** An image the author uploaded (POST /api/v1/uploads). */
  image: z.number().int().positive(),
  caption: z.string().trim().max(500, { message: 'Caption must be at most 500 characters' }).default(''),
  credit: z.string().trim().max(200, { message: 'Credit must be at most 200 characters' }).default(''),
  /** What journalists may do with the image, said in the newsroom's words (editorial use only, free to use...). */
  usageRights: z.string().trim().max(500, { message: 'Usage rights must be at most 500 characters' }).default(''),
});

/** An announcement's fields as the create and edit forms send them: every one optional, so one schema serves both. */
export const announcementInput = z.object({
  headline: z.string().trim().max(300, { message: 'Headline must be at most 300 characters' }).optional(),
  subtitle: z.string().trim().max(500, { message: 'Subtitle must be at most 500 characters' }).optional(),
  /** The product's rich text (sanitised on the server as posts are). */
  body: z.string().max(100_000, { message: 'Body must be at most 100000 characters' }).optional(),
  headerImage: z.number().int().positive().nullable().optional(),
  gallery: z.array(galleryImageInput).max(50, { message: 'At most 50 gallery images' }).optional(),
  /** An upload of the video pipeline (POST /api/v1/uploads or tus), or null to take it off. */
  video: z.number().int().positive().nullable().optional(),
  attachments: z
    .array(z.number().int().positive())
    .max(20, { message: 'At most 20 attachments' })
    .transform((ids) => [...new Set(ids)])
    .optional(),
  beats: z
    .array(z.number().int().refine((id) => BEAT_IDS.includes(id), { message: 'Beat is not valid' }))
    .max(BEAT_IDS.length)
    .transform((ids) => [...new Set(ids)])
    .optional(),
  language: languageTag.optional(),
  /** Until when it stays private once published; null for none. */
  embargoUntil: instant.nullable().optional(),
  /** Whether opens and clicks of its emails are counted. */
  tracking: z.boolean().optional(),
});
export type AnnouncementInput = z.infer<typeof announcementInput>;

export const createAnnouncementBody = announcementInput.extend({ newsroomId: z.number().int().positive() });
export const editAnnouncementBody = announcementInput;
/** A time to publish at, or null to take a schedule back (the announcement is a draft again). */
export const scheduleBody = z.object({ publishAt: instant.nullable() });

export const announcementIdParams = z.object({ id: idParam });
export const previewQuery = z.object({ token: z.string().min(1).max(200) });
export const announcementListQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(ANNOUNCEMENTS_PAGE),
});
export const ourAnnouncementsQuery = announcementListQuery.extend({ status: announcementStatus.optional(), newsroomId: z.coerce.number().int().positive().optional() });

export const announcementNewsroom = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export const galleryImageView = z.object({ id: z.number().int(), path: z.string(), thumbnail: z.string().nullable(), caption: z.string(), credit: z.string(), usageRights: z.string() });

/** An announcement in a list. */
export const announcementSummary = z.object({
  id: z.number().int(),
  newsroom: announcementNewsroom,
  status: announcementStatus,
  headline: z.string(),
  subtitle: z.string(),
  /** The body's first words as plain text. */
  summary: z.string(),
  headerImage: z.string().nullable(),
  language: z.string(),
  embargoUntil: z.string().nullable(),
  /** Published but not yet public: its embargo has not passed. */
  isEmbargoed: z.boolean(),
  publishAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** When the public could first read it (its embargo's end, when it had one). */
  publicAt: z.string().nullable(),
  url: z.string(),
  updatedAt: z.string(),
});
export type AnnouncementSummary = z.infer<typeof announcementSummary>;

/** A whole announcement, with what the reader may do with it. */
export const announcementView = announcementSummary.extend({
  body: z.string(),
  headerImageId: z.number().int().nullable(),
  gallery: z.array(galleryImageView),
  video: videoView.nullable(),
  attachments: z.array(attachmentView),
  beats: z.array(beat),
  tracking: z.boolean(),
  createdAt: z.string(),
  canEdit: z.boolean(),
  /** Seen through a preview link, not as the public sees it. */
  preview: z.boolean(),
});
export type AnnouncementView = z.infer<typeof announcementView>;

export const announcementList = z.object({ data: z.array(announcementSummary), total: z.number().int() });

/** A change as the hub's history shows it: what, when and by whom (null: the platform, at its time). */
export const announcementChange = z.object({ type: z.string(), at: z.string(), by: z.object({ id: z.number().int(), name: z.string() }).nullable() });

/** The hub (`announcements/{id}/hub`): status and history now; distribution and numbers come with email distribution. */
export const announcementHub = z.object({
  announcement: announcementView,
  status: announcementStatus,
  history: z.array(announcementChange),
  numbers: z.null(),
});

/** A new secret link to a draft (each new one replaces the last), shown once. */
export const previewLinkView = z.object({ url: z.string(), token: z.string(), createdAt: z.string() });
