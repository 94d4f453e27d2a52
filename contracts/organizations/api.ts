import { z } from 'zod';
import { urlField } from '../validation.ts';
import { beat } from '../users/enums.ts';
import { companyRole, outletRole } from '../users/catalogues.ts';

export const companySummary = z.object({ id: z.number().int(), slug: z.string(), name: z.string(), website: z.string(), logo: z.string().nullable() });
export type CompanySummary = z.infer<typeof companySummary>;
export const outletSummary = z.object({ id: z.number().int(), slug: z.string(), name: z.string(), url: z.string() });
export type OutletSummary = z.infer<typeof outletSummary>;

/** POST /api/v1/companies: a company page, registered by a platform admin or by someone who works there. */
export const registerCompanyBody = z.object({
  name: z.string().trim().min(1, { message: 'Name is required' }).max(200),
  website: urlField(),
});

/** A person as a company's or outlet's page lists them: their face and what they do there. */
export const memberOfOrganization = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  roleTitle: z.string().nullable(),
  beats: z.array(beat),
});

export const companyProfile = companySummary.extend({
  people: z.array(memberOfOrganization.extend({ roles: z.array(companyRole), isMediaContact: z.boolean() })),
  spokespersons: z.array(memberOfOrganization.extend({ roles: z.array(companyRole) })),
});
export type CompanyProfile = z.infer<typeof companyProfile>;

export const outletProfile = outletSummary.extend({ people: z.array(memberOfOrganization.extend({ roles: z.array(outletRole) })) });
export type OutletProfile = z.infer<typeof outletProfile>;

export const companyList = z.object({ data: z.array(companySummary) });
export const companySearchQuery = z.object({ q: z.string().trim().max(200).default('') });
