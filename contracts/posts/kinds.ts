import { z } from 'zod';

/** The post kinds (spec section 1), with the path segment each has under /api/v1. */
export const POST_KINDS = ['communityPost', 'callout', 'job', 'event', 'record', 'reaction', 'statement', 'story'] as const;
/** Spec section 8: a post type this product does not have is 'Unsupported type'. */
export const UNSUPPORTED_POST_KIND = 'Unsupported type';
export const postKind = z.enum(POST_KINDS, { error: UNSUPPORTED_POST_KIND });
export type PostKind = z.infer<typeof postKind>;

export const KIND_PATHS: Record<PostKind, string> = {
  communityPost: 'communityPosts',
  callout: 'callouts',
  job: 'jobs',
  event: 'events',
  record: 'records',
  reaction: 'reactions',
  statement: 'statements',
  story: 'stories',
};

/** Display labels (spec section 9). */
export const KIND_LABELS: Record<PostKind, string> = {
  story: 'Story',
  communityPost: 'Community Post',
  job: 'Job',
  callout: 'Callout',
  event: 'Event',
  record: 'Video update',
  reaction: 'Reaction',
  statement: 'Statement',
};

/** Who a post is for (spec section 1). Empty means everyone. */
export const userType = z.enum(['journo', 'marketing', 'experts']);
export type UserType = z.infer<typeof userType>;

export const jobType = z.enum(['full-time', 'part-time', 'temporary', 'volunteer']);
export const workplace = z.enum(['on-site', 'remote', 'hybrid']);
export const eventType = z.enum(['online', 'offline']);
/** Spec section 8: an unknown news article type is 'Invalid type'. */
export const INVALID_ARTICLE_KIND = 'Invalid type';
export const articleKind = z.enum(['media', 'epitome', 'marcoms'], { error: INVALID_ARTICLE_KIND });

export const JOB_TYPE_LABELS = { 'full-time': 'Full time', 'part-time': 'Part time', temporary: 'Temporary', volunteer: 'Volunteer' } as const;
export const WORKPLACE_LABELS = { 'on-site': 'On site', remote: 'Remote', hybrid: 'Hybrid' } as const;
export const ARTICLE_KIND_LABELS = { media: 'Media news', epitome: 'Epitome', marcoms: 'Marcoms News' } as const;

/** The author id of the product's official account (spec section 3: "System author id 12 is special"). */
export const OFFICIAL_AUTHOR_ID = 12;
