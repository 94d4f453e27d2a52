import { z } from 'zod';
import { accountRole, beat, moduleName } from './enums.ts';

export const communitySummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  img: z.string().nullable(),
  description: z.string(),
  isJoined: z.boolean(),
});

export const streamBeatFeed = z.object({ name: z.string(), feed: z.string(), feedId: z.string(), token: z.string() });

/** GET /api/v1/current_user/info: every field of the spec's Current user entity. */
export const currentUser = z.object({
  id: z.number().int(),
  slug: z.string(),
  contactId: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  logo: z.string().nullable(),
  logoIcon: z.string().nullable(),
  jobTitle: z.string().nullable(),
  communities: z.array(communitySummary),
  beats: z.array(beat),
  getstream: z.object({ userId: z.string(), userToken: z.string(), beats: z.array(streamBeatFeed) }),
  account: z.object({ id: z.number().int(), name: z.string(), company: z.string() }).nullable(),
  timezone: z.string(),
  roles: z.array(accountRole),
  isReadOnly: z.boolean(),
  /** Sign-ins ask for a code from an authenticator app. */
  twoFactor: z.boolean(),
  authenticated: z.literal(true),
  isManaged: z.boolean(),
  modules: z.array(moduleName),
  systemCompany: z.boolean(),
  hasNotifications: z.boolean(),
  onboarding: z.union([z.string(), z.literal(false)]),
});

export type CurrentUser = z.infer<typeof currentUser>;
