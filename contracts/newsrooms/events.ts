import { z } from 'zod';
import { defineEvent } from '../events/define.ts';

const newsroomId = z.number().int().positive();
const userId = z.number().int().positive();

/** A newsroom's own fields as stored in its events, already judged by the rules of api.ts. */
export const newsroomFields = z.object({
  name: z.string(),
  slug: z.string(),
  /** The uploaded image and where it is served, so a projection needs nothing but the event. */
  logo: z.object({ uploadId: z.number().int(), path: z.string() }).nullable(),
  brandColour: z.string().nullable(),
  about: z.string(),
  pressContacts: z.array(userId),
  links: z.record(z.string(), z.string()),
  languages: z.array(z.string()),
  isPublic: z.boolean(),
});
export type NewsroomFields = z.infer<typeof newsroomFields>;

// A newsroom's stream (`newsroom-{id}`). It belongs to a company and is run by an account.
export const NewsroomCreated = defineEvent('NewsroomCreated', z.object({ newsroomId, companyId: z.number().int().positive(), accountId: z.number().int().positive(), fields: newsroomFields, createdBy: userId }));
/** The fields as they are now, whole. */
export const NewsroomEdited = defineEvent('NewsroomEdited', z.object({ newsroomId, fields: newsroomFields }));
/** Someone outside the running account asked to edit it; the link mailed for it is a secret kept out of the log. */
export const NewsroomAccessRequested = defineEvent('NewsroomAccessRequested', z.object({ newsroomId, requestId: z.number().int().positive(), userId, expiresAt: z.string() }));
/** The link was followed: the person may edit the newsroom. `confirmedBy` is whoever was signed in when it was, if anyone. */
export const NewsroomAccessConfirmed = defineEvent('NewsroomAccessConfirmed', z.object({ newsroomId, requestId: z.number().int().positive(), userId, confirmedBy: userId.nullable() }));

export const newsroomEvents = [NewsroomCreated, NewsroomEdited, NewsroomAccessRequested, NewsroomAccessConfirmed] as const;
