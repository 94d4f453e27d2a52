import { z } from 'zod';
import { idParam, socialUrlField, urlField } from '../validation.ts';

export const NEWSROOMS_PAGE = 20;
export const NO_NEWSROOM = 'No such newsroom.';
export const NO_MODULE = 'Your account does not have the newsroom module.';
export const NAME_REQUIRED = 'Name is required';
export const SLUG_TAKEN = 'This address is taken by another newsroom';
export const SLUG_RULE = 'The address may hold lower-case letters, digits and hyphens (2 to 60), with at least one letter';
export const SLUG_RESERVED = 'This address is reserved';
export const NOT_OF_COMPANY = 'You may create a newsroom only for a company you are responsible for';
export const PRESS_CONTACT_RULE = 'Press contacts must be people responsible for the company';
export const LOGO_RULE = 'The logo must be an image you uploaded';
export const LINK_NOT_VALID = 'This link has expired or was already used. Ask for a new one.';
export const MANAGES_ALREADY = 'You can already edit this newsroom';
export const ASKED_ALREADY = 'You asked already: the company’s admins have a link to confirm it';

/** Words that name screens beside a newsroom at /newsrooms/{slug}, so no newsroom may take them. */
export const RESERVED_SLUGS = ['our', 'all', 'confirm', 'new', 'admin', 'feed', 'rss', 'atom'] as const;

const SLUG = /^(?=[a-z0-9-]*[a-z])[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const newsroomSlug = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => value.length >= 2 && value.length <= 60 && SLUG.test(value), { message: SLUG_RULE })
  .refine((value) => !(RESERVED_SLUGS as readonly string[]).includes(value), { message: SLUG_RESERVED });

/** A brand colour as the colour pickers write it. */
export const brandColour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: 'Brand colour must be a colour like #1d4ed8' })
  .transform((value) => value.toLowerCase());

/** A language tag such as en, de or pt-BR. */
export const languageTag = z
  .string()
  .trim()
  .regex(/^[a-z]{2,3}(?:-[A-Z]{2})?$/, { message: 'Language is not valid (use a code such as en or pt-BR)' });

// Blank text leaves a link out, as on the profile's forms (contacts/api.ts does the same).
const blankIsNone = (value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value);
const optional = <T extends z.ZodType>(field: T) => z.preprocess(blankIsNone, field.optional());
const dropUndefined = <T extends object>(record: T) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };

/** A newsroom's links, each judged by spec section 5's rule for its network. */
export const newsroomLinks = z
  .object({
    website: optional(urlField()),
    twitter: optional(socialUrlField('twitter')),
    linkedIn: optional(socialUrlField('linkedIn')),
    instagram: optional(socialUrlField('instagram')),
    facebook: optional(socialUrlField('facebook')),
    youtube: optional(socialUrlField('youtube')),
    other: optional(urlField()),
  })
  .strict()
  .transform(dropUndefined);
export type NewsroomLinks = z.infer<typeof newsroomLinks>;

/** A newsroom's fields as the create and edit forms send them: every one optional, so one schema serves both. */
export const newsroomInput = z.object({
  name: z.string().trim().max(200, { message: 'Name must be at most 200 characters' }).optional(),
  slug: newsroomSlug.optional(),
  /** An uploaded image's id (POST /api/v1/uploads), or null to take the logo off. */
  logo: z.number().int().positive().nullable().optional(),
  brandColour: brandColour.nullable().optional(),
  /** The boilerplate: plain text, shown under every announcement. */
  about: z.string().trim().max(5000, { message: 'About must be at most 5000 characters' }).optional(),
  /** People responsible for the company, in the order shown. */
  pressContacts: z
    .array(z.number().int().positive())
    .max(20, { message: 'At most 20 press contacts' })
    .transform((ids) => [...new Set(ids)])
    .optional(),
  links: newsroomLinks.optional(),
  languages: z
    .array(languageTag)
    .min(1, { message: 'Choose at least one language' })
    .max(10, { message: 'At most 10 languages' })
    .transform((tags) => [...new Set(tags)])
    .optional(),
  isPublic: z.boolean().optional(),
});
export type NewsroomInput = z.infer<typeof newsroomInput>;

export const createNewsroomBody = newsroomInput.extend({ companyId: z.number().int().positive() });
export const editNewsroomBody = newsroomInput;
/** POST /api/v1/c/onboarding: the company is the one the person answers for unless named; every field has a default from it. */
export const onboardingNewsroomBody = newsroomInput.extend({ companyId: z.number().int().positive().optional() });

export const newsroomRefParams = z.object({ ref: z.string().min(1).max(100) });
export const newsroomIdParams = z.object({ id: idParam });
export const confirmParams = z.object({ hash: z.string().min(1).max(200) });
export const newsroomListQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(NEWSROOMS_PAGE),
});

export const NEWSROOM_VISIBILITIES = ['public', 'hidden'] as const;
export type NewsroomVisibility = (typeof NEWSROOM_VISIBILITIES)[number];

/** The admins' list: every newsroom, found by its name or its company's, public or hidden ones alone. */
export const adminNewsroomListQuery = newsroomListQuery.extend({
  q: z.string().trim().max(200).optional(),
  visibility: z.enum(NEWSROOM_VISIBILITIES).optional(),
});
export type AdminNewsroomListQuery = z.infer<typeof adminNewsroomListQuery>;

export const pressContactView = z.object({ id: z.number().int(), slug: z.string(), name: z.string(), avatar: z.string().nullable() });
export const newsroomCompany = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });

/** A newsroom in a list. */
export const newsroomSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  company: newsroomCompany,
  logo: z.string().nullable(),
  brandColour: z.string().nullable(),
  languages: z.array(z.string()),
  isPublic: z.boolean(),
});
export type NewsroomSummary = z.infer<typeof newsroomSummary>;

/** A whole newsroom, with what the reader may do with it. */
export const newsroomView = newsroomSummary.extend({
  logoId: z.number().int().nullable(),
  about: z.string(),
  pressContacts: z.array(pressContactView),
  links: z.record(z.string(), z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Where its feed is, for readers and the page's `<link rel="alternate">`. */
  feeds: z.object({ rss: z.string(), atom: z.string() }),
  canEdit: z.boolean(),
});
export type NewsroomView = z.infer<typeof newsroomView>;

export const newsroomList = z.object({ data: z.array(newsroomSummary), total: z.number().int() });
export const adminNewsroom = newsroomSummary.extend({
  accountId: z.number().int(),
  accountName: z.string(),
  createdAt: z.string(),
  /** `drafts`: every announcement not published (drafts, scheduled and unpublished ones). */
  announcements: z.object({ published: z.number().int(), drafts: z.number().int() }),
});
export type AdminNewsroom = z.infer<typeof adminNewsroom>;
/** `total`: how many newsrooms match the search and filter, over all pages. */
export const adminNewsroomList = z.object({ data: z.array(adminNewsroom), total: z.number().int() });
export type AdminNewsroomList = z.infer<typeof adminNewsroomList>;

/** POST /api/v1/newsrooms/{id}/access: a link went to the company's admins. */
export const accessRequestView = z.object({ id: z.number().int(), newsroomId: z.number().int(), expiresAt: z.string(), sentTo: z.number().int() });

/** What a confirmation link grants, said plainly before anyone confirms it. */
export const confirmationView = z.object({
  newsroom: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  company: newsroomCompany,
  person: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  grants: z.string(),
  expiresAt: z.string(),
  confirmed: z.boolean(),
});
export type ConfirmationView = z.infer<typeof confirmationView>;
