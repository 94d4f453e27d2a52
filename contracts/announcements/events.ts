import { z } from 'zod';
import { defineEvent } from '../events/define.ts';
import { mediaItem } from '../posts/media.ts';
import { audience } from './distribution.ts';

const announcementId = z.number().int().positive();
const userId = z.number().int().positive();
const picture = z.object({ uploadId: z.number().int(), path: z.string(), thumbnail: z.string().nullable() });

/** An announcement's own fields as stored in its events, already judged by the rules of api.ts (the body sanitised, uploads found). */
export const announcementFields = z.object({
  headline: z.string(),
  subtitle: z.string(),
  body: z.string(),
  headerImage: picture.nullable(),
  gallery: z.array(picture.extend({ caption: z.string(), credit: z.string(), usageRights: z.string() })),
  video: z.number().int().nullable(),
  attachments: z.array(mediaItem),
  beats: z.array(z.number().int()),
  language: z.string(),
  embargoUntil: z.string().nullable(),
  tracking: z.boolean(),
});
export type AnnouncementFields = z.infer<typeof announcementFields>;

// An announcement's stream (`announcement-{id}`). It belongs to a newsroom, and through it to an account.
export const AnnouncementDrafted = defineEvent('AnnouncementDrafted', z.object({ announcementId, newsroomId: z.number().int().positive(), accountId: z.number().int().positive(), fields: announcementFields, createdBy: userId }));
/** The fields as they are now, whole. */
export const AnnouncementEdited = defineEvent('AnnouncementEdited', z.object({ announcementId, fields: announcementFields }));
/** It will publish itself at `publishAt`. */
export const AnnouncementScheduled = defineEvent('AnnouncementScheduled', z.object({ announcementId, publishAt: z.string() }));
/** The schedule was taken back: a draft again. */
export const AnnouncementUnscheduled = defineEvent('AnnouncementUnscheduled', z.object({ announcementId }));
/**
 * Published, by a person or by its schedule (`scheduled`). `embargoedUntil`: the public may read
 * it only from then (null: at once).
 */
export const AnnouncementPublished = defineEvent('AnnouncementPublished', z.object({ announcementId, publishedAt: z.string(), scheduled: z.boolean(), embargoedUntil: z.string().nullable() }));
/** Its embargo passed (or was taken off): the public reads it from `at`. */
export const AnnouncementEmbargoLifted = defineEvent('AnnouncementEmbargoLifted', z.object({ announcementId, at: z.string() }));
export const AnnouncementUnpublished = defineEvent('AnnouncementUnpublished', z.object({ announcementId }));
/** Who its email version goes to, whole: on publishing (and, for the newsroom's subscribers, once public) each is sent it once. */
export const AnnouncementAudienceSet = defineEvent('AnnouncementAudienceSet', z.object({ announcementId, audience }));

/** One recipient's own links stop opening it (a leaked embargoed link, traced to them by its signature); everyone else's still do. */
export const RecipientLinksRevoked = defineEvent('RecipientLinksRevoked', z.object({ announcementId, recipientId: z.number().int().positive(), email: z.string() }));

/**
 * The relay reported the message to one recipient undeliverable (an RFC 3464 delivery report):
 * `hard` for good (status 5.x.x: the address is not mailed again), `soft` for now (4.x.x).
 */
export const RecipientBounced = defineEvent(
  'RecipientBounced',
  z.object({ announcementId, recipientId: z.number().int().positive(), email: z.string(), kind: z.enum(['hard', 'soft']), status: z.string(), diagnostic: z.string() }),
);

export const announcementEvents = [
  AnnouncementDrafted,
  AnnouncementEdited,
  AnnouncementScheduled,
  AnnouncementUnscheduled,
  AnnouncementPublished,
  AnnouncementEmbargoLifted,
  AnnouncementUnpublished,
  AnnouncementAudienceSet,
  RecipientLinksRevoked,
  RecipientBounced,
] as const;
