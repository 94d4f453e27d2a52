import { z } from 'zod';
import { address } from '../users/settings-events.ts';

/** A contact's own fields as stored in its events, already judged by the rules of api.ts. */
export const contactFields = z.object({
  name: z.string(),
  jobTitle: z.string().nullable(),
  outlets: z.array(z.string()),
  companies: z.array(z.string()),
  beats: z.array(z.number().int()),
  emails: z.array(z.string()),
  phones: z.partialRecord(z.enum(['mobile', 'workDirect', 'workReception', 'home']), z.string()),
  links: z.partialRecord(z.enum(['authorUrl', 'website', 'twitter', 'linkedIn', 'instagram', 'facebook', 'youtube', 'other']), z.string()),
  addresses: z.partialRecord(z.enum(['home', 'office', 'postal']), address),
  timezone: z.string().nullable(),
  country: z.string().nullable(),
  tags: z.array(z.string()),
});
export type ContactFields = z.infer<typeof contactFields>;

export const EMPTY_FIELDS: ContactFields = {
  name: '',
  jobTitle: null,
  outlets: [],
  companies: [],
  beats: [],
  emails: [],
  phones: {},
  links: {},
  addresses: {},
  timezone: null,
  country: null,
  tags: [],
};

/** What an account may write about a person on the platform: their profile is theirs, the rest is the account's. */
export const PRIVATE_FIELDS = ['tags', 'emails'] as const satisfies readonly (keyof ContactFields)[];
