import { z } from 'zod';
import { defineEvent } from '../events/define.ts';
import { notificationType } from '../notifications.ts';
import { addressType, companyRole, contactChannel, feedType, linkType, newsletter, outletRole, profileVisibility } from './catalogues.ts';

const userId = z.number().int().positive();
const companyId = z.number().int().positive();
const outletId = z.number().int().positive();
const beatIds = z.array(z.number().int());
const roleTitle = z.string().nullable();

export const address = z.object({ street: z.string(), city: z.string(), state: z.string(), postcode: z.string(), country: z.string().nullable() });
export type Address = z.infer<typeof address>;

// Changes a person makes to their own profile, on their user stream. Each carries the new
// value whole, so a projection needs nothing but the event.
export const NameChanged = defineEvent('NameChanged', z.object({ userId, firstname: z.string(), lastname: z.string() }));
export const JobTitleChanged = defineEvent('JobTitleChanged', z.object({ userId, jobTitle: z.string().nullable() }));
export const OrganizationChanged = defineEvent('OrganizationChanged', z.object({ userId, organization: z.string().nullable() }));
export const TimezoneChanged = defineEvent('TimezoneChanged', z.object({ userId, timezone: z.string() }));
export const CountryChanged = defineEvent('CountryChanged', z.object({ userId, country: z.string().nullable() }));
export const ProfileVisibilityChanged = defineEvent('ProfileVisibilityChanged', z.object({ userId, visibility: profileVisibility }));
export const AvatarChanged = defineEvent('AvatarChanged', z.object({ userId, logo: z.string(), logoIcon: z.string() }));
export const AvatarRemoved = defineEvent('AvatarRemoved', z.object({ userId }));
export const ContactChannelsChanged = defineEvent('ContactChannelsChanged', z.object({ userId, channels: z.partialRecord(contactChannel, z.string().nullable()) }));
export const ProfileLinksChanged = defineEvent('ProfileLinksChanged', z.object({ userId, links: z.partialRecord(linkType, z.string().nullable()) }));
export const AddressChanged = defineEvent('AddressChanged', z.object({ userId, type: addressType, address: address.nullable() }));

export const CommunityFollowed = defineEvent('CommunityFollowed', z.object({ userId, communityId: z.number().int().positive() }));
export const CommunityUnfollowed = defineEvent('CommunityUnfollowed', z.object({ userId, communityId: z.number().int().positive() }));
export const FeedTypeFollowed = defineEvent('FeedTypeFollowed', z.object({ userId, feedType }));
export const FeedTypeUnfollowed = defineEvent('FeedTypeUnfollowed', z.object({ userId, feedType }));
export const NewsletterSubscribed = defineEvent('NewsletterSubscribed', z.object({ userId, newsletter }));
export const NewsletterUnsubscribed = defineEvent('NewsletterUnsubscribed', z.object({ userId, newsletter }));
export const NotificationPreferenceSet = defineEvent('NotificationPreferenceSet', z.object({ userId, notificationType, inApp: z.boolean() }));

export const OutletResponsibilityTaken = defineEvent('OutletResponsibilityTaken', z.object({ userId, outletId }));
export const OutletResponsibilityChanged = defineEvent('OutletResponsibilityChanged', z.object({ userId, outletId, roles: z.array(outletRole), beats: beatIds, roleTitle }));
export const OutletResponsibilityDropped = defineEvent('OutletResponsibilityDropped', z.object({ userId, outletId }));
export const CompanyJoined = defineEvent('CompanyJoined', z.object({ userId, companyId }));
export const CompanyResponsibilityChanged = defineEvent(
  'CompanyResponsibilityChanged',
  z.object({ userId, companyId, roles: z.array(companyRole), beats: beatIds, isMediaContact: z.boolean(), roleTitle }),
);
export const CompanyLeft = defineEvent('CompanyLeft', z.object({ userId, companyId }));
/** `companyId` null: the person no longer speaks for any company. */
export const SpokespersonRoleSet = defineEvent('SpokespersonRoleSet', z.object({ userId, companyId: companyId.nullable(), roles: z.array(companyRole), beats: beatIds, roleTitle }));

export const settingsEvents = [
  NameChanged,
  JobTitleChanged,
  OrganizationChanged,
  TimezoneChanged,
  CountryChanged,
  ProfileVisibilityChanged,
  AvatarChanged,
  AvatarRemoved,
  ContactChannelsChanged,
  ProfileLinksChanged,
  AddressChanged,
  CommunityFollowed,
  CommunityUnfollowed,
  FeedTypeFollowed,
  FeedTypeUnfollowed,
  NewsletterSubscribed,
  NewsletterUnsubscribed,
  NotificationPreferenceSet,
  OutletResponsibilityTaken,
  OutletResponsibilityChanged,
  OutletResponsibilityDropped,
  CompanyJoined,
  CompanyResponsibilityChanged,
  CompanyLeft,
  SpokespersonRoleSet,
] as const;
