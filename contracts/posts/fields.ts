import { z } from 'zod';
import { articleKind, eventType, jobType, workplace } from './kinds.ts';
import { mediaItem } from './media.ts';

// What each kind of post holds, as its events store it: already validated, normalised
// (URLs with their scheme) and sanitised (rich text). Views add the author, counts and flags.
const text = z.string();
const html = z.string();

export const calloutFields = z.object({
  title: text,
  content: html,
  deadline: z.string().nullable(),
  interviewId: z.number().int().nullable(),
  showQuestions: z.boolean(),
  allowSkip: z.boolean(),
});

export const communityPostFields = z.object({ content: html, attachments: z.array(mediaItem) });

export const eventFields = z.object({
  name: text,
  eventType,
  timezone: z.string().nullable(),
  address: text,
  venue: text,
  link: z.string().nullable(),
  description: html,
  img: z.string().nullable(),
  start: z.string().nullable(),
  end: z.string().nullable(),
});

export const jobFields = z.object({
  title: text,
  description: html,
  company: text,
  workplace,
  jobType,
  location: text,
  img: z.string().nullable(),
  url: z.string().nullable(),
});

/** Video updates, reactions and statements: a video (an upload id) and a few words. */
export const recordFields = z.object({ content: html, videoId: z.number().int().nullable() });
export const reactionFields = recordFields.extend({ url: z.string().nullable() });
export const statementFields = reactionFields;

export const storyFields = z.object({
  articleKind,
  title: text,
  summary: text,
  content: html,
  image: z.string().nullable(),
  videoId: z.number().int().nullable(),
});

export const postFields = {
  callout: calloutFields,
  communityPost: communityPostFields,
  event: eventFields,
  job: jobFields,
  record: recordFields,
  reaction: reactionFields,
  statement: statementFields,
  story: storyFields,
} as const;

export type PostFields = { [K in keyof typeof postFields]: z.infer<(typeof postFields)[K]> };
