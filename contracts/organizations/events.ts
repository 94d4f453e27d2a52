import { z } from 'zod';
import { defineEvent } from '../events/define.ts';

// Companies and outlets, each on a stream of its own (company-{id}, outlet-{id}). Who answers
// for them is recorded on the people's own streams.
export const CompanyRegistered = defineEvent(
  'CompanyRegistered',
  z.object({ companyId: z.number().int().positive(), slug: z.string(), name: z.string(), website: z.string(), domain: z.string(), registeredBy: z.number().int().positive() }),
);
export const OutletRegistered = defineEvent(
  'OutletRegistered',
  z.object({ outletId: z.number().int().positive(), slug: z.string(), name: z.string(), url: z.string(), domain: z.string(), registeredBy: z.number().int().positive() }),
);

export const organizationEvents = [CompanyRegistered, OutletRegistered] as const;
