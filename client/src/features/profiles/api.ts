import { queryOptions } from '@tanstack/react-query';
import type { CompanyProfile, OutletProfile } from '../../../../contracts/organizations/api.ts';
import type { postList } from '../../../../contracts/posts/views.ts';
import type { UserProfile } from '../../../../contracts/users/settings.ts';
import type { z } from 'zod';
import { api } from '../../lib/api/index.ts';
import { postKeys } from '../posts/queryKeys.ts';

const RECENT_POSTS = 5;

const path = (base: string, slug: string) => `/api/v1/${base}/${encodeURIComponent(slug)}`;

/** Public pages (spec section 2: /u, /c, /o): a guest reads them too. A missing one is shown by the page, not a toast. */
export const profileQueries = {
  user: (slug: string) => queryOptions({ queryKey: ['profiles', 'user', slug], queryFn: ({ signal }) => api.get<UserProfile>(path('users', slug), { signal, quiet: true }) }),
  company: (slug: string) => queryOptions({ queryKey: ['profiles', 'company', slug], queryFn: ({ signal }) => api.get<CompanyProfile>(path('companies', slug), { signal, quiet: true }) }),
  outlet: (slug: string) => queryOptions({ queryKey: ['profiles', 'outlet', slug], queryFn: ({ signal }) => api.get<OutletProfile>(path('outlets', slug), { signal, quiet: true }) }),
};

/** An author's newest posts that the reader may see (signed-in readers: the post list needs a session). */
export const recentPostsQuery = (authorId: number) =>
  queryOptions({
    queryKey: [...postKeys.all, 'author', authorId],
    queryFn: ({ signal }) => api.get<z.infer<typeof postList>>('/api/v1/posts', { query: { authorId, limit: RECENT_POSTS }, signal, quiet: true }),
  });
