import { z } from 'zod';

/** Account roles (spec section 6). journo is the default when none is given. */
export const accountRole = z.enum(['journo', 'pr', 'expert', 'admin', 'accountAdmin']);
export type AccountRole = z.infer<typeof accountRole>;

/** The roles a person chooses at sign-up; admin and accountAdmin are granted. */
export const signUpRole = z.enum(['journo', 'pr', 'expert']);

/** Feature modules an account may hold (spec section 3). */
export const moduleName = z.enum([
  'ROLE_MODULE_ONLINE_NEWSROOM',
  'ROLE_MODULE_MONITOR',
  'ROLE_MODULE_MONITOR_ADVANCED',
  'ROLE_MODULE_MONITOR_SOCIAL',
  'ROLE_MODULE_CONTACTS',
  'ROLE_MODULE_OPPORTUNITIES',
  'ROLE_MODULE_REPORTS',
  'ROLE_MODULE_MONITOR_PRINT',
]);
export type ModuleName = z.infer<typeof moduleName>;

/** The spec's beats with their fixed ids and colours. */
export const BEATS = [
  { id: 356, name: 'business', color: 'blue' },
  { id: 62, name: 'politics', color: 'green' },
  { id: 19, name: 'lifestyle', color: 'orange' },
  { id: 357, name: 'people', color: 'purple' },
  { id: 354, name: 'sports', color: 'teal' },
  { id: 355, name: 'tech', color: 'red' },
] as const;

export const beat = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export type Beat = z.infer<typeof beat>;

export const DEFAULT_TIMEZONE = 'Australia/Sydney';
