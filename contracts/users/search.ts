import { z } from 'zod';
import { author } from '../posts/views.ts';

/** GET /api/v1/users?search=: people to mention or find, by name or address (slug). */
export const userSearchQuery = z.object({
  search: z.string().trim().min(1, { message: 'Search is required' }).max(100, { message: 'Search must be at most 100 characters' }),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});

export const userSearchResult = z.object({ data: z.array(author.extend({ jobTitle: z.string().nullable() })) });
export type UserSearchResult = z.infer<typeof userSearchResult>;
