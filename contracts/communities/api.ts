import { z } from 'zod';
import { wordsSlug } from '../slugs.ts';
import { postKind } from '../posts/kinds.ts';
import { author } from '../posts/views.ts';

export const communityType = z.enum(['public', 'private']);
export type CommunityType = z.infer<typeof communityType>;
export const communityRole = z.enum(['member', 'admin']);
export type CommunityRole = z.infer<typeof communityRole>;

const SLUG = /^(?=.{2,60}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_RULE = 'Slug must be 2 to 60 lowercase letters, digits and hyphens';

/** The address of /community/{slug}: lowercase letters and digits in words joined by hyphens. */
export const communitySlug = z.string().regex(SLUG, { message: SLUG_RULE });

/** "Réseau Santé & Co" -> "reseau-sante-co": the address a new community gets when none is chosen, or null when the name gives none. */
export function slugOfName(name: string): string | null {
  const slug = wordsSlug(name);
  return SLUG.test(slug) ? slug : null;
}

/** A community's details as its events store them. */
export const communityDetails = z.object({
  name: z.string(),
  description: z.string(),
  type: communityType,
  /** ISO 3166-1 alpha-2 code. */
  country: z.string().nullable(),
  logo: z.string().nullable(),
  banner: z.string().nullable(),
});
export type CommunityDetails = z.infer<typeof communityDetails>;

const name = z.string().trim().min(2, { message: 'Name must be at least 2 characters' }).max(120, { message: 'Name must be at most 120 characters' });
const description = z.string().trim().max(2000, { message: 'Description must be at most 2000 characters' });
const country = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => code === '' || /^[A-Z]{2}$/.test(code), { message: 'Country must be a two-letter country code' })
  .nullable()
  .transform((code) => code || null);
const imagePath = z.string().trim().max(2048).nullable().transform((path) => path || null);
const newSlug = z.string().trim().toLowerCase().pipe(communitySlug);

/** POST /api/v1/communities. Without newSlug the address comes from the name. */
export const createCommunityBody = z.object({
  name,
  description: description.default(''),
  type: communityType,
  country: country.optional().transform((code) => code ?? null),
  logo: imagePath.optional().transform((path) => path ?? null),
  banner: imagePath.optional().transform((path) => path ?? null),
  newSlug: newSlug.optional(),
});

/** PATCH /api/v1/communities/{slug}: what is absent stays as it is; newSlug moves the community to a new address. */
export const updateCommunityBody = z
  .object({ name, description, type: communityType, country, logo: imagePath, banner: imagePath, newSlug })
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to change' });

const page = {
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
};
export const pageQuery = z.object(page);
export const communityListQuery = z.object({ sort: z.enum(['newest', 'name']).default('newest'), ...page });

const paged = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), offset: z.number().int(), limit: z.number().int(), hasMore: z.boolean() });

/** Spec section 3: Community, with the viewer's standing and what they may do. */
export const communityView = z.object({
  id: z.number().int(),
  slug: z.string(),
  ...communityDetails.shape,
  /** Present when the community was asked for at an address it had before: where it lives now. */
  newSlug: z.string().optional(),
  membersCount: z.number().int().min(0),
  isJoined: z.boolean(),
  /** The viewer asked to join this private community and waits for an admin. */
  joinRequested: z.boolean(),
  /** The viewer may edit it and answer join requests: a platform admin or an admin of the community. */
  canManage: z.boolean(),
});
export type CommunityView = z.infer<typeof communityView>;
export const communityList = paged(communityView);

/** Spec section 3: Member. lastActiveStamp is Unix seconds: joining, posting or commenting in the community. */
export const memberView = z.object({ about: z.string().nullable(), author, lastActiveStamp: z.number().int(), isAdmin: z.boolean() });
export type MemberView = z.infer<typeof memberView>;
export const memberList = paged(memberView);

/** Spec section 3: Activity, a post in the community. */
export const activityView = z.object({
  author,
  content: z.string(),
  post: z.object({ id: z.number().int(), type: postKind, title: z.string().nullable(), communitySlug: z.string() }),
});
export type ActivityView = z.infer<typeof activityView>;
export const activityList = paged(activityView);

export const joinRequestView = z.object({ author, requestedAt: z.string() });
export type JoinRequestView = z.infer<typeof joinRequestView>;
export const joinRequestList = paged(joinRequestView);
