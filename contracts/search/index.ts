import { z } from 'zod';
import { postKind } from '../posts/kinds.ts';
import { BEATS } from '../users/enums.ts';

/** What one search box finds, in the order the groups are shown. */
export const SEARCH_KINDS = ['people', 'companies', 'outlets', 'communities', 'posts', 'stories', 'interviews', 'announcements'] as const;
export const searchKind = z.enum(SEARCH_KINDS, { error: 'Unknown kind' });
export type SearchKind = z.infer<typeof searchKind>;

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  people: 'People',
  companies: 'Companies',
  outlets: 'Outlets',
  communities: 'Communities',
  posts: 'Posts',
  stories: 'Stories',
  interviews: 'Interviews',
  announcements: 'Announcements',
};

/** Kinds with a publication date: a date range leaves the others out. */
export const DATED_KINDS: readonly SearchKind[] = ['posts', 'stories', 'interviews', 'announcements'];

export const SEARCH_MAX_LENGTH = 200;
/** Spec section 9: the default input placeholder. */
export const SEARCH_PLACEHOLDER = 'Input your search term';

const BEAT_IDS = new Set<number>(BEATS.map((beat) => beat.id));
const day = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label} must be a date (YYYY-MM-DD)` })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
      message: `${label} must be a date (YYYY-MM-DD)`,
    })
    .optional();

/**
 * GET /api/v1/search. Without `kind`, the first few of every group; with it, one group paged.
 * `beat` narrows to people on that beat and posts by them.
 */
export const searchQuery = z
  .object({
    q: z
      .string()
      .trim()
      .min(1, { message: 'Search is required' })
      .max(SEARCH_MAX_LENGTH, { message: `Search must be at most ${SEARCH_MAX_LENGTH} characters` }),
    kind: searchKind.optional(),
    beat: z.coerce
      .number({ error: 'Unknown beat' })
      .int({ message: 'Unknown beat' })
      .refine((id) => BEAT_IDS.has(id), { message: 'Unknown beat' })
      .optional(),
    from: day('From'),
    to: day('To'),
    offset: z.coerce.number().int().min(0).max(1000, { message: 'Offset must be at most 1000' }).default(0),
    limit: z.coerce.number().int().min(1).max(50).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'From must not be after To', path: ['to'] });
export type SearchQuery = z.infer<typeof searchQuery>;

/** One result. `titleHtml` and `snippetHtml` are escaped text with matches in <mark>, nothing else. */
export const searchHit = z.object({
  kind: searchKind,
  id: z.number().int(),
  /** The address part: a person's, company's, outlet's or community's slug; null for posts. */
  slug: z.string().nullable(),
  postKind: postKind.nullable(),
  title: z.string(),
  titleHtml: z.string(),
  snippetHtml: z.string().nullable(),
  /** A line under the title: a job title, a domain, a post's label and author. */
  detail: z.string().nullable(),
  image: z.string().nullable(),
  publishedAt: z.string().nullable(),
});
export type SearchHit = z.infer<typeof searchHit>;

export const searchGroup = z.object({ kind: searchKind, items: z.array(searchHit), offset: z.number().int(), hasMore: z.boolean() });
export type SearchGroup = z.infer<typeof searchGroup>;

/** Only groups with something in them, in SEARCH_KINDS order. */
export const searchResult = z.object({ q: z.string(), groups: z.array(searchGroup) });
export type SearchResult = z.infer<typeof searchResult>;

export const OVERVIEW_LIMIT = 5;
export const PAGE_LIMIT = 20;
