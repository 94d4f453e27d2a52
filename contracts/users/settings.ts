import { z } from 'zod';
import { notificationType } from '../notifications.ts';
import { companySummary, outletSummary } from '../organizations/api.ts';
import { phoneField, socialUrlField, timezoneField, urlField } from '../validation.ts';
import { addressType, companyRole, contactChannel, feedType, linkType, newsletter, onboardingStage, outletRole, profileVisibility } from './catalogues.ts';
import { BEATS, beat } from './enums.ts';
import { address } from './settings-events.ts';
import { idParam } from '../validation.ts';

// Request bodies and answers of /api/v1/u/{user}/settings (spec section 7, User settings).

const BEAT_IDS = new Set<number>(BEATS.map((known) => known.id));
const beatId = z.number().int().refine((id) => BEAT_IDS.has(id), { message: 'No such beat' });
const beatIds = z.array(beatId).max(BEATS.length);
const nameText = (label: string) => z.string().trim().min(1, { message: `${label} is required` }).max(100);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((text) => text || null);

// Countries are ISO 3166 two-letter codes. The user-assigned ones (AA, QM-QZ, XA-XZ, ZZ)
// name no country, and a code the language data does not know as a region is refused.
const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const USER_ASSIGNED = /^(?:AA|Q[M-Z]|X[A-Z]|ZZ)$/;
export const countryName = (code: string) => regions.of(code) ?? code;
export const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => /^[A-Z]{2}$/.test(code) && !USER_ASSIGNED.test(code) && regions.of(code) !== undefined, { message: 'Country must be a two-letter country code' });

export const userParams = z.object({ user: z.string().min(1).max(200) });
export const idParams = userParams.extend({ id: idParam });

export const firstNameBody = z.object({ firstname: nameText('First name') });
export const lastNameBody = z.object({ lastname: nameText('Last name') });
export const jobBody = z.object({ job: optionalText(200) });
export const organizationBody = z.object({ organization: optionalText(200) });
export const timezoneBody = z.object({ timezone: timezoneField });
export const countryBody = z.object({ id: countryCode.nullable() });
export const beatsBody = z.object({ ids: beatIds });
export const onboardingBody = z.object({ stage: onboardingStage });

/** GET base: everything the basic tab shows. */
export const settingsView = z.object({
  id: z.number().int(),
  slug: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  logo: z.string().nullable(),
  logoIcon: z.string().nullable(),
  job: z.string().nullable(),
  organization: z.string().nullable(),
  timezone: z.string(),
  country: z.object({ id: z.string(), name: z.string() }).nullable(),
  beats: z.array(beat),
  visibility: profileVisibility,
  onboarding: z.union([z.string(), z.literal(false)]),
});
export type SettingsView = z.infer<typeof settingsView>;

/** Blank text clears a field: what a person empties in a form is gone, not invalid. */
function clearable<Out extends string>(field: z.ZodType<Out, string>) {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), field.nullable()).optional();
}

const atLeastOne = (body: object) => Object.values(body).some((value) => value !== undefined);

/** PATCH contacts: any of the four channels; section 5's phone rule. */
export const contactsBody = z
  .object({ mobile: clearable(phoneField), workDirect: clearable(phoneField), workReception: clearable(phoneField), home: clearable(phoneField) })
  .refine(atLeastOne, { message: 'Nothing to change' });

/** PATCH links: any of the eight link types; section 5's URL and social rules. */
export const linksBody = z
  .object({
    authorUrl: clearable(urlField()),
    website: clearable(urlField()),
    twitter: clearable(socialUrlField('twitter')),
    linkedIn: clearable(socialUrlField('linkedIn')),
    instagram: clearable(socialUrlField('instagram')),
    facebook: clearable(socialUrlField('facebook')),
    youtube: clearable(socialUrlField('youtube')),
    other: clearable(urlField()),
  })
  .refine(atLeastOne, { message: 'Nothing to change' });

const addressLine = z.string().trim().max(200).default('');
export const addressParams = userParams.extend({ type: addressType });
export const addressBody = z.object({ street: addressLine, city: addressLine, state: addressLine, postcode: z.string().trim().max(20).default(''), country: countryCode.nullable().default(null) });

const channels = z.object(Object.fromEntries(contactChannel.options.map((channel) => [channel, z.string().nullable()])) as Record<z.infer<typeof contactChannel>, z.ZodNullable<z.ZodString>>);
const links = z.object(Object.fromEntries(linkType.options.map((type) => [type, z.string().nullable()])) as Record<z.infer<typeof linkType>, z.ZodNullable<z.ZodString>>);
const addresses = z.object({ home: address.nullable(), office: address.nullable(), postal: address.nullable() });

/** GET contacts (the Profile information and Social media tabs). */
export const profileInformation = z.object({ contacts: channels, links, addresses });
export type ProfileInformation = z.infer<typeof profileInformation>;

export const profileSuggestion = z.object({ text: z.string() });

export const communityFollow = z.object({ id: z.number().int(), slug: z.string(), name: z.string(), icon: z.string().nullable(), isFollowed: z.boolean() });
export const communityFollows = z.object({ data: z.array(communityFollow) });
export const feedTypeParams = userParams.extend({ id: feedType });
export const feedTypeFollows = z.object({ data: z.array(z.object({ id: feedType, name: z.string(), isFollowed: z.boolean() })) });

export const newsletterParams = userParams.extend({ id: newsletter });
export const subscriptionBody = z.object({ subscribed: z.boolean() });
export const subscriptions = z.object({ data: z.array(z.object({ id: newsletter, name: z.string(), description: z.string(), subscribed: z.boolean() })) });

export const notificationTypeParams = userParams.extend({ type: notificationType });
export const notificationPreferenceBody = z.object({ inApp: z.boolean() });
export const notificationPreferences = z.object({ data: z.array(z.object({ type: notificationType, label: z.string(), inApp: z.boolean() })) });

const roleTitle = optionalText(200);
export const outletRequest = z.object({ url: urlField() });
export const outletResponsibilityBody = z.object({ roles: z.array(outletRole).optional(), beats: beatIds.optional(), roleTitle: roleTitle.optional() });
export const companyResponsibilityBody = outletResponsibilityBody.extend({ roles: z.array(companyRole).optional(), isMediaContact: z.boolean().optional() });
export const spokespersonBody = companyResponsibilityBody.omit({ isMediaContact: true }).extend({ company: z.number().int().positive().nullable().optional() });

export const outletResponsibility = z.object({ outlet: outletSummary, roles: z.array(outletRole), beats: z.array(beat), roleTitle: z.string().nullable() });
export type OutletResponsibility = z.infer<typeof outletResponsibility>;
export const companyResponsibility = z.object({ company: companySummary, roles: z.array(companyRole), beats: z.array(beat), isMediaContact: z.boolean(), roleTitle: z.string().nullable() });
export type CompanyResponsibility = z.infer<typeof companyResponsibility>;
export const spokesperson = z.object({ company: companySummary.nullable(), roles: z.array(companyRole), beats: z.array(beat), roleTitle: z.string().nullable() });
export type Spokesperson = z.infer<typeof spokesperson>;
export const outletResponsibilities = z.object({ data: z.array(outletResponsibility) });
export const companyResponsibilities = z.object({ data: z.array(companyResponsibility) });

export const onboardingView = z.object({ onboarding: z.union([z.string(), z.literal(false)]) });

/**
 * GET onboarding/organization: where the person seems to work, to confirm in one click: the
 * company whose website shares their email's domain (joinable), and what they typed.
 */
export const onboardingOrganization = z.object({ organization: z.string().nullable(), company: companySummary.nullable(), isJoined: z.boolean() });

/** GET /api/v1/users/{slug}: `details` is null when the profile is private and the reader is someone else. */
export const userProfile = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  avatar: z.string().nullable(),
  visibility: profileVisibility,
  details: z
    .object({
      job: z.string().nullable(),
      organization: z.string().nullable(),
      country: z.object({ id: z.string(), name: z.string() }).nullable(),
      beats: z.array(beat),
      links,
      contacts: channels.pick({ workDirect: true, workReception: true }),
      office: address.nullable(),
      outlets: z.array(outletResponsibility),
      companies: z.array(companyResponsibility),
      spokesperson: spokesperson.nullable(),
    })
    .nullable(),
});
export type UserProfile = z.infer<typeof userProfile>;
