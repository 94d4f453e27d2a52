import type { AddressType, CompanyRole, ContactChannel, FeedType, LinkType, Newsletter, OutletRole, ProfileVisibility } from '../../../contracts/users/catalogues.ts';
import type { AccountRole } from '../../../contracts/users/enums.ts';
import type { SettingsEvent, UserEvent } from '../../../contracts/users/index.ts';
import type { Address } from '../../../contracts/users/settings-events.ts';
import type { NotificationType } from '../../../contracts/notifications.ts';
import type { Decider } from '../../events/decider.ts';
import { Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import { defaultFeedTypes } from './defaults.ts';
import { mayJoinCompany, mayManageSettings, type SettingsActor } from './permissions.ts';

export { userStream } from '../users/commands.ts';

type ProfileEvent = UserEvent | SettingsEvent;

export type OutletPart = { roles: OutletRole[]; beats: number[]; roleTitle: string | null };
export type CompanyPart = { roles: CompanyRole[]; beats: number[]; isMediaContact: boolean; roleTitle: string | null };
export type SpokespersonPart = { companyId: number; roles: CompanyRole[]; beats: number[]; roleTitle: string | null };

/** What a person's settings decisions need from their stream. */
export type ProfileState = {
  exists: boolean;
  email: string;
  roles: AccountRole[];
  firstname: string;
  lastname: string;
  jobTitle: string | null;
  organization: string | null;
  timezone: string;
  country: string | null;
  visibility: ProfileVisibility;
  avatar: { logo: string; logoIcon: string } | null;
  onboarding: string | false;
  beats: number[];
  contacts: Partial<Record<ContactChannel, string | null>>;
  links: Partial<Record<LinkType, string | null>>;
  addresses: Partial<Record<AddressType, Address | null>>;
  communities: ReadonlySet<number>;
  feedTypes: ReadonlySet<FeedType>;
  /** Follows the person dropped: onboarding's defaults do not bring them back. */
  dropped: ReadonlySet<string>;
  newsletters: ReadonlySet<Newsletter>;
  preferences: Partial<Record<NotificationType, boolean>>;
  outlets: ReadonlyMap<number, OutletPart>;
  companies: ReadonlyMap<number, CompanyPart>;
  spokesperson: SpokespersonPart | null;
};

type By = { by: SettingsActor; userId: number };
export type ProfileCommand = By &
  (
    | { type: 'changeFirstName'; firstname: string }
    | { type: 'changeLastName'; lastname: string }
    | { type: 'changeJob'; jobTitle: string | null }
    | { type: 'changeOrganization'; organization: string | null }
    | { type: 'changeTimezone'; timezone: string }
    | { type: 'changeCountry'; country: string | null }
    | { type: 'chooseBeats'; beatIds: number[] }
    | { type: 'setVisibility'; visibility: ProfileVisibility }
    | { type: 'changeAvatar'; logo: string; logoIcon: string }
    | { type: 'removeAvatar' }
    | { type: 'changeContacts'; channels: Partial<Record<ContactChannel, string | null>> }
    | { type: 'changeLinks'; links: Partial<Record<LinkType, string | null>> }
    | { type: 'changeAddress'; addressType: AddressType; address: Address | null }
    | { type: 'followCommunity'; communityId: number; readable: boolean }
    | { type: 'unfollowCommunity'; communityId: number }
    | { type: 'followFeedType'; feedType: FeedType }
    | { type: 'unfollowFeedType'; feedType: FeedType }
    | { type: 'subscribe'; newsletter: Newsletter; subscribed: boolean }
    | { type: 'setNotificationPreference'; notificationType: NotificationType; inApp: boolean }
    | { type: 'takeOutlet'; outletId: number }
    | { type: 'changeOutlet'; outletId: number; changes: Partial<OutletPart> }
    | { type: 'dropOutlet'; outletId: number }
    | { type: 'joinCompany'; company: { id: number; domain: string } }
    | { type: 'changeCompany'; companyId: number; changes: Partial<CompanyPart> }
    | { type: 'leaveCompany'; companyId: number }
    | { type: 'setSpokesperson'; companyId: number | null | undefined; changes: Partial<Omit<SpokespersonPart, 'companyId'>> }
    /** `joinedCommunities`: where the person is a member, which they follow once onboarding ends. */
    | { type: 'setOnboardingStage'; stage: string | false; joinedCommunities: number[] }
  );

const NOT_PERMITTED = 'Sorry, you are not permitted to do this.';
export const NO_SUCH_OUTLET = 'You are not responsible for this outlet.';
export const NO_SUCH_COMPANY = 'You are not responsible for this company.';

const followKey = {
  community: (id: number) => `community:${id}`,
  feed: (type: FeedType) => `feed:${type}`,
};

function withSet<T>(set: ReadonlySet<T>, value: T, present: boolean): ReadonlySet<T> {
  const next = new Set(set);
  if (present) next.add(value);
  else next.delete(value);
  return next;
}

function withEntry<K, V>(map: ReadonlyMap<K, V>, key: K, value: V | null): ReadonlyMap<K, V> {
  const next = new Map(map);
  if (value === null) next.delete(key);
  else next.set(key, value);
  return next;
}

const sameList = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((item, index) => item === b[index]);
const unique = <T>(items: readonly T[]) => [...new Set(items)];

export const profileDecider: Decider<ProfileState, ProfileCommand, ProfileEvent> = {
  initialState: {
    exists: false,
    email: '',
    roles: [],
    firstname: '',
    lastname: '',
    jobTitle: null,
    organization: null,
    timezone: '',
    country: null,
    visibility: 'public',
    avatar: null,
    onboarding: false,
    beats: [],
    contacts: {},
    links: {},
    addresses: {},
    communities: new Set(),
    feedTypes: new Set(),
    dropped: new Set(),
    newsletters: new Set(),
    preferences: {},
    outlets: new Map(),
    companies: new Map(),
    spokesperson: null,
  },
  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered': {
        const { email, firstname, lastname, role, timezone } = event.data;
        return { ...state, exists: true, email, firstname, lastname, timezone, roles: [role] };
      }
      case 'RoleGranted':
        return { ...state, roles: [...state.roles, event.data.role] };
      case 'RoleRevoked':
        return { ...state, roles: state.roles.filter((role) => role !== event.data.role) };
      case 'OnboardingStageSet':
        return { ...state, onboarding: event.data.stage };
      case 'BeatsChosen':
        return { ...state, beats: event.data.beatIds };
      case 'NameChanged':
        return { ...state, firstname: event.data.firstname, lastname: event.data.lastname };
      case 'JobTitleChanged':
        return { ...state, jobTitle: event.data.jobTitle };
      case 'OrganizationChanged':
        return { ...state, organization: event.data.organization };
      case 'TimezoneChanged':
        return { ...state, timezone: event.data.timezone };
      case 'CountryChanged':
        return { ...state, country: event.data.country };
      case 'ProfileVisibilityChanged':
        return { ...state, visibility: event.data.visibility };
      case 'AvatarChanged':
        return { ...state, avatar: { logo: event.data.logo, logoIcon: event.data.logoIcon } };
      case 'AvatarRemoved':
        return { ...state, avatar: null };
      case 'ContactChannelsChanged':
        return { ...state, contacts: { ...state.contacts, ...event.data.channels } };
      case 'ProfileLinksChanged':
        return { ...state, links: { ...state.links, ...event.data.links } };
      case 'AddressChanged':
        return { ...state, addresses: { ...state.addresses, [event.data.type]: event.data.address } };
      case 'CommunityFollowed':
        return { ...state, communities: withSet(state.communities, event.data.communityId, true) };
      case 'CommunityUnfollowed':
        return { ...state, communities: withSet(state.communities, event.data.communityId, false), dropped: withSet(state.dropped, followKey.community(event.data.communityId), true) };
      case 'FeedTypeFollowed':
        return { ...state, feedTypes: withSet(state.feedTypes, event.data.feedType, true) };
      case 'FeedTypeUnfollowed':
        return { ...state, feedTypes: withSet(state.feedTypes, event.data.feedType, false), dropped: withSet(state.dropped, followKey.feed(event.data.feedType), true) };
      case 'NewsletterSubscribed':
      case 'NewsletterUnsubscribed':
        return { ...state, newsletters: withSet(state.newsletters, event.data.newsletter, event.type === 'NewsletterSubscribed') };
      case 'NotificationPreferenceSet':
        return { ...state, preferences: { ...state.preferences, [event.data.notificationType]: event.data.inApp } };
      case 'OutletResponsibilityTaken':
        return { ...state, outlets: withEntry(state.outlets, event.data.outletId, { roles: [], beats: [], roleTitle: null }) };
      case 'OutletResponsibilityChanged': {
        const { outletId, roles, beats, roleTitle } = event.data;
        return { ...state, outlets: withEntry(state.outlets, outletId, { roles, beats, roleTitle }) };
      }
      case 'OutletResponsibilityDropped':
        return { ...state, outlets: withEntry(state.outlets, event.data.outletId, null) };
      case 'CompanyJoined':
        return { ...state, companies: withEntry(state.companies, event.data.companyId, { roles: [], beats: [], isMediaContact: false, roleTitle: null }) };
      case 'CompanyResponsibilityChanged': {
        const { companyId, roles, beats, isMediaContact, roleTitle } = event.data;
        return { ...state, companies: withEntry(state.companies, companyId, { roles, beats, isMediaContact, roleTitle }) };
      }
      case 'CompanyLeft':
        return { ...state, companies: withEntry(state.companies, event.data.companyId, null) };
      case 'SpokespersonRoleSet': {
        const { companyId, roles, beats, roleTitle } = event.data;
        return { ...state, spokesperson: companyId === null ? null : { companyId, roles, beats, roleTitle } };
      }
      default:
        return state;
    }
  },
  decide(command, state) {
    const { userId, by } = command;
    if (!state.exists) throw new NotFound('No such user.');
    if (!mayManageSettings(by, userId)) throw new Forbidden(NOT_PERMITTED);
    switch (command.type) {
      case 'changeFirstName':
      case 'changeLastName': {
        const firstname = command.type === 'changeFirstName' ? command.firstname : state.firstname;
        const lastname = command.type === 'changeLastName' ? command.lastname : state.lastname;
        return firstname === state.firstname && lastname === state.lastname ? [] : [{ type: 'NameChanged', data: { userId, firstname, lastname } }];
      }
      case 'changeJob':
        return command.jobTitle === state.jobTitle ? [] : [{ type: 'JobTitleChanged', data: { userId, jobTitle: command.jobTitle } }];
      case 'changeOrganization':
        return command.organization === state.organization ? [] : [{ type: 'OrganizationChanged', data: { userId, organization: command.organization } }];
      case 'changeTimezone':
        return command.timezone === state.timezone ? [] : [{ type: 'TimezoneChanged', data: { userId, timezone: command.timezone } }];
      case 'changeCountry':
        return command.country === state.country ? [] : [{ type: 'CountryChanged', data: { userId, country: command.country } }];
      case 'chooseBeats': {
        const beatIds = unique(command.beatIds);
        return sameList(beatIds, state.beats) ? [] : [{ type: 'BeatsChosen', data: { userId, beatIds } }];
      }
      case 'setVisibility':
        return command.visibility === state.visibility ? [] : [{ type: 'ProfileVisibilityChanged', data: { userId, visibility: command.visibility } }];
      case 'changeAvatar':
        return [{ type: 'AvatarChanged', data: { userId, logo: command.logo, logoIcon: command.logoIcon } }];
      case 'removeAvatar':
        return state.avatar ? [{ type: 'AvatarRemoved', data: { userId } }] : [];
      case 'changeContacts': {
        const channels = changedEntries(state.contacts, command.channels);
        return Object.keys(channels).length === 0 ? [] : [{ type: 'ContactChannelsChanged', data: { userId, channels } }];
      }
      case 'changeLinks': {
        const links = changedEntries(state.links, command.links);
        return Object.keys(links).length === 0 ? [] : [{ type: 'ProfileLinksChanged', data: { userId, links } }];
      }
      case 'changeAddress': {
        const current = state.addresses[command.addressType] ?? null;
        return JSON.stringify(current) === JSON.stringify(command.address) ? [] : [{ type: 'AddressChanged', data: { userId, type: command.addressType, address: command.address } }];
      }
      case 'followCommunity':
        if (state.communities.has(command.communityId)) return [];
        if (!command.readable) throw new NotFound('No such community.');
        return [{ type: 'CommunityFollowed', data: { userId, communityId: command.communityId } }];
      case 'unfollowCommunity':
        return state.communities.has(command.communityId) ? [{ type: 'CommunityUnfollowed', data: { userId, communityId: command.communityId } }] : [];
      case 'followFeedType':
        return state.feedTypes.has(command.feedType) ? [] : [{ type: 'FeedTypeFollowed', data: { userId, feedType: command.feedType } }];
      case 'unfollowFeedType':
        return state.feedTypes.has(command.feedType) ? [{ type: 'FeedTypeUnfollowed', data: { userId, feedType: command.feedType } }] : [];
      case 'subscribe': {
        const { newsletter, subscribed } = command;
        if (state.newsletters.has(newsletter) === subscribed) return [];
        return [subscribed ? { type: 'NewsletterSubscribed', data: { userId, newsletter } } : { type: 'NewsletterUnsubscribed', data: { userId, newsletter } }];
      }
      case 'setNotificationPreference': {
        const { notificationType, inApp } = command;
        return (state.preferences[notificationType] ?? true) === inApp ? [] : [{ type: 'NotificationPreferenceSet', data: { userId, notificationType, inApp } }];
      }
      case 'takeOutlet':
        return state.outlets.has(command.outletId) ? [] : [{ type: 'OutletResponsibilityTaken', data: { userId, outletId: command.outletId } }];
      case 'changeOutlet': {
        const current = state.outlets.get(command.outletId);
        if (!current) throw new NotFound(NO_SUCH_OUTLET);
        const next = { ...current, ...defined(command.changes) };
        next.beats = unique(next.beats);
        next.roles = unique(next.roles);
        return samePart(current, next) ? [] : [{ type: 'OutletResponsibilityChanged', data: { userId, outletId: command.outletId, ...next } }];
      }
      case 'dropOutlet':
        if (!state.outlets.has(command.outletId)) throw new NotFound(NO_SUCH_OUTLET);
        return [{ type: 'OutletResponsibilityDropped', data: { userId, outletId: command.outletId } }];
      case 'joinCompany': {
        const { company } = command;
        if (state.companies.has(company.id)) return [];
        if (!mayJoinCompany(by, state.email, company.domain)) {
          throw new Forbidden(`Only people with an email address at ${company.domain} may join this company; ask a platform admin to add you.`);
        }
        return [{ type: 'CompanyJoined', data: { userId, companyId: company.id } }];
      }
      case 'changeCompany': {
        const current = state.companies.get(command.companyId);
        if (!current) throw new NotFound(NO_SUCH_COMPANY);
        const next = { ...current, ...defined(command.changes) };
        next.beats = unique(next.beats);
        next.roles = unique(next.roles);
        return samePart(current, next) ? [] : [{ type: 'CompanyResponsibilityChanged', data: { userId, companyId: command.companyId, ...next } }];
      }
      case 'leaveCompany': {
        if (!state.companies.has(command.companyId)) throw new NotFound(NO_SUCH_COMPANY);
        const events: ProfileEvent[] = [{ type: 'CompanyLeft', data: { userId, companyId: command.companyId } }];
        // Nobody speaks for a company they no longer answer for.
        if (state.spokesperson?.companyId === command.companyId) events.push({ type: 'SpokespersonRoleSet', data: { userId, companyId: null, roles: [], beats: [], roleTitle: null } });
        return events;
      }
      case 'setSpokesperson': {
        const companyId = command.companyId === undefined ? (state.spokesperson?.companyId ?? null) : command.companyId;
        if (companyId === null) {
          return state.spokesperson ? [{ type: 'SpokespersonRoleSet', data: { userId, companyId: null, roles: [], beats: [], roleTitle: null } }] : [];
        }
        if (!state.companies.has(companyId)) throw new ValidationFailed(['You may speak only for a company you are responsible for']);
        const current = state.spokesperson?.companyId === companyId ? state.spokesperson : { companyId, roles: [], beats: [], roleTitle: null };
        const next = { ...current, ...defined(command.changes), companyId };
        next.beats = unique(next.beats);
        next.roles = unique(next.roles);
        return state.spokesperson && samePart(state.spokesperson, next) ? [] : [{ type: 'SpokespersonRoleSet', data: { userId, ...next } }];
      }
      case 'setOnboardingStage':
        return onboardingEvents(state, userId, command.stage, command.joinedCommunities);
    }
  },
};

/**
 * Ending onboarding is the server step of spec section 4: the person starts following the
 * communities they joined and the feeds of their role, except any they follow already or
 * dropped themselves.
 */
function onboardingEvents(state: ProfileState, userId: number, stage: string | false, joinedCommunities: number[]): ProfileEvent[] {
  if (stage === state.onboarding) return [];
  const events: ProfileEvent[] = [{ type: 'OnboardingStageSet', data: { userId, stage } }];
  if (stage !== false) return events;
  for (const communityId of unique(joinedCommunities)) {
    if (!state.dropped.has(followKey.community(communityId)) && !state.communities.has(communityId)) events.push({ type: 'CommunityFollowed', data: { userId, communityId } });
  }
  for (const feedType of defaultFeedTypes(state.roles)) {
    if (!state.dropped.has(followKey.feed(feedType)) && !state.feedTypes.has(feedType)) events.push({ type: 'FeedTypeFollowed', data: { userId, feedType } });
  }
  return events;
}

function changedEntries<K extends string, V>(current: Partial<Record<K, V | null>>, changes: Partial<Record<K, V | null | undefined>>): Partial<Record<K, V | null>> {
  return Object.fromEntries(Object.entries(changes).filter(([key, value]) => value !== undefined && value !== (current[key as K] ?? null))) as Partial<Record<K, V | null>>;
}

function defined<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function samePart(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return Object.keys(b).every((key) => {
    const x = a[key];
    const y = b[key];
    return Array.isArray(x) && Array.isArray(y) ? sameList(x, y) : x === y;
  });
}
