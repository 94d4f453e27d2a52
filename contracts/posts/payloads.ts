import { z } from 'zod';
import { optionalUrlField, timezoneField } from '../validation.ts';
import { articleKind, eventType, jobType, userType, workplace } from './kinds.ts';

const required = (label: string, max: number) =>
  z.string().trim().min(1, { message: `${label} is required` }).max(max, { message: `${label} must be at most ${max} characters` });
const optionalText = (label: string, max: number) => z.string().trim().max(max, { message: `${label} must be at most ${max} characters` }).default('');
const richText = (label: string) => z.string().max(50_000, { message: `${label} is too long` });
const dateTime = (label: string) =>
  z.iso.datetime({ offset: true, message: `${label} must be a date and time` }).nullable().optional().transform((value) => value ?? null);
/** An uploaded file, given by its id or as the `{id, ...}` an upload answered with. */
const uploadRef = z.union([z.number().int().positive(), z.object({ id: z.number().int().positive() }).transform((upload) => upload.id)]);
/** The video a post of this kind is made of: left out, it says what to do rather than "Video is required". */
const videoOf = (kind: string) => z.union(uploadRef.options, { error: (issue) => (issue.input == null ? `Add a video to your ${kind}` : undefined) });
const imagePath = z.string().trim().max(2048).nullable().optional().transform((value) => value || null);

/** Who sees the post and who it is published as (spec: communities, userTypes, saveAs). */
export const targeting = {
  communities: z.array(z.number().int().positive()).max(20).default([]),
  userTypes: z.array(userType).default([]),
  /** The author's id: the person's own contact id (or 'self'), or a company they answer for. */
  saveAs: z.union([z.number().int().positive(), z.literal('self')]).nullable().optional(),
};

export const calloutBody = z.object({
  title: required('Title', 300),
  content: richText('Content'),
  deadline: dateTime('Deadline'),
  ...targeting,
});

export const asyncCalloutBody = calloutBody.extend({ showQuestions: z.boolean().default(false), allowSkip: z.boolean().default(false) });

export const communityPostBody = z.object({
  content: richText('Content'),
  attachments: z.array(uploadRef).max(10, { message: 'At most 10 attachments' }).default([]),
  ...targeting,
});

export const eventBody = z
  .object({
    type: eventType,
    name: required('Name', 300),
    timezone: timezoneField.nullable().optional().transform((value) => value ?? null),
    address: optionalText('Address', 500),
    venue: optionalText('Venue', 300),
    start: dateTime('Start'),
    end: dateTime('End'),
    link: optionalUrlField('Link').optional(),
    description: richText('Description').default(''),
    img: imagePath,
    ...targeting,
  })
  .superRefine((event, context) => {
    if ((event.start || event.end) && !event.timezone) context.addIssue({ code: 'custom', path: ['timezone'], message: 'Timezone is required for the start and end' });
    if (event.start && event.end && Date.parse(event.end) < Date.parse(event.start)) context.addIssue({ code: 'custom', path: ['end'], message: 'End must be after start' });
  });

export const jobBody = z.object({
  title: required('Title', 300),
  description: richText('Description'),
  company: required('Company', 200),
  workplace,
  jobType,
  location: optionalText('Location', 300),
  img: imagePath,
  url: optionalUrlField().optional(),
  ...targeting,
});

export const recordBody = z.object({ video: videoOf('video update'), content: richText('Content').default(''), ...targeting });
export const reactionBody = recordBody.extend({ video: videoOf('reaction'), url: optionalUrlField().optional() });
export const statementBody = recordBody.extend({ video: videoOf('statement'), url: optionalUrlField().optional() });

export const storyBody = z.object({
  articleKind,
  title: required('Title', 300),
  summary: optionalText('Summary', 1000),
  content: richText('Content'),
  image: imagePath,
  video: uploadRef.nullable().optional().transform((value) => value ?? null),
  ...targeting,
});

export const postListQuery = z.object({
  communitySlug: z.string().trim().min(1).max(120).optional(),
  /** One author's posts (a person or a company), for their profile page. */
  authorId: z.coerce.number().int().positive().optional(),
  type: z.union([z.string(), z.array(z.string())]).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** On the home feed: how many announcements the pages before this one showed. */
  announcementsOffset: z.coerce.number().int().min(0).default(0),
});

export const commentBody = z.object({
  content: richText('Comment'),
  attachments: z.array(uploadRef).max(10, { message: 'At most 10 attachments' }).default([]),
  parentId: z.number().int().positive().nullable().optional(),
});
export const commentEditBody = commentBody.omit({ parentId: true });
export const commentsQuery = z.object({ offset: z.coerce.number().int().min(0).default(0) });
export const toggleLikeBody = z.object({ status: z.boolean() });
