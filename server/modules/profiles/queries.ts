import { sql, type Kysely } from 'kysely';
import { notificationType, type NotificationType } from '../../../contracts/notifications.ts';
import { addressType, contactChannel, FEED_TYPES, linkType, NEWSLETTERS, type ProfileVisibility } from '../../../contracts/users/catalogues.ts';
import type { Address } from '../../../contracts/users/settings-events.ts';
import {
  countryName,
  type CompanyResponsibility,
  type OutletResponsibility,
  type ProfileInformation,
  type SettingsView,
  type Spokesperson,
  type UserProfile,
} from '../../../contracts/users/settings.ts';
import type { CompanyRole, OutletRole } from '../../../contracts/users/catalogues.ts';
import type { Database } from '../../db/schema.ts';
import { readableCommunityIds } from '../communities/queries.ts';
import { beatsOf, companySummaryOf, outletSummaryOf } from '../organizations/queries.ts';
import '../organizations/tables.ts';
import './tables.ts';

// Reads of a person's settings and profile; notificationPreferencesFor is for other modules.

export type Owner = { id: number; slug: string; email: string; roles: string[] };

/** The person whose settings live at /u/{slug}; null when nobody has that address. */
export async function findOwner(db: Kysely<Database>, slug: string): Promise<Owner | null> {
  return (await db.selectFrom('users').select(['id', 'slug', 'email', 'roles']).where('slug', '=', slug).executeTakeFirst()) ?? null;
}

const countryOf = (code: string | null) => (code ? { id: code, name: countryName(code) } : null);

async function profileRow(db: Kysely<Database>, userId: number) {
  const row = await db.selectFrom('user_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return {
    organization: row?.organization ?? null,
    country: row?.country ?? null,
    visibility: (row?.visibility ?? 'public') as ProfileVisibility,
    contacts: row?.contacts ?? {},
    links: row?.links ?? {},
    addresses: row?.addresses ?? {},
  };
}

async function beatIdsOf(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_beats').select('beat_id').where('user_id', '=', userId).orderBy('position').execute();
  return rows.map((row) => row.beat_id);
}

/** GET settings: the basic tab. */
export async function settingsOf(db: Kysely<Database>, userId: number): Promise<SettingsView> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const profile = await profileRow(db, userId);
  return {
    id: user.id,
    slug: user.slug,
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    logo: user.logo,
    logoIcon: user.logo_icon,
    job: user.job_title,
    organization: profile.organization,
    timezone: user.timezone,
    country: countryOf(profile.country),
    beats: beatsOf(await beatIdsOf(db, userId)),
    visibility: profile.visibility,
    onboarding: user.onboarding ?? false,
  };
}

const every = <K extends string, V>(keys: readonly K[], value: (key: K) => V) => Object.fromEntries(keys.map((key) => [key, value(key)])) as Record<K, V>;

/** GET contacts: phones, links and addresses, every type present (null when not given). */
export async function profileInformationOf(db: Kysely<Database>, userId: number): Promise<ProfileInformation> {
  const { contacts, links, addresses } = await profileRow(db, userId);
  return {
    contacts: every(contactChannel.options, (channel) => contacts[channel] ?? null),
    links: every(linkType.options, (type) => links[type] ?? null),
    addresses: every(addressType.options, (type) => (addresses[type] as Address | null | undefined) ?? null),
  };
}

/** The communities a person may follow (those they may read), and whether they do. */
export async function communityFollowsOf(db: Kysely<Database>, userId: number) {
  const readable = [...(await readableCommunityIds(db, userId))];
  if (readable.length === 0) return { data: [] };
  const rows = await db
    .selectFrom('communities as c')
    .leftJoin('community_follows as f', (join) => join.onRef('f.community_id', '=', 'c.id').on('f.user_id', '=', userId))
    .select(['c.id', 'c.slug', 'c.name', 'c.logo', 'f.user_id as follower'])
    .where('c.id', 'in', readable)
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
  return { data: rows.map((row) => ({ id: row.id, slug: row.slug, name: row.name, icon: row.logo, isFollowed: row.follower !== null })) };
}

/** Whether a person follows a feed type, as an expression another module's statement can carry (the home feed's). */
export function followsFeedType(userId: number, feedType: string) {
  return sql<boolean>`exists (select 1 from feed_type_follows where user_id = ${userId} and feed_type = ${feedType})`;
}

export async function feedTypeFollowsOf(db: Kysely<Database>, userId: number) {
  const followed = new Set((await db.selectFrom('feed_type_follows').select('feed_type').where('user_id', '=', userId).execute()).map((row) => row.feed_type));
  return { data: FEED_TYPES.map((feed) => ({ id: feed.id, name: feed.name, isFollowed: followed.has(feed.id) })) };
}

export async function subscriptionsOf(db: Kysely<Database>, userId: number) {
  const subscribed = new Set((await db.selectFrom('newsletter_subscriptions').select('newsletter').where('user_id', '=', userId).execute()).map((row) => row.newsletter));
  return { data: NEWSLETTERS.map((letter) => ({ ...letter, subscribed: subscribed.has(letter.id) })) };
}

const NOTIFICATION_LABELS: Record<NotificationType, string> = {
  mention: 'Someone mentions you in a post',
  mentionOnComment: 'Someone mentions you in a comment',
  comment: 'Someone comments on your post',
  commentAsReply: 'Someone replies to your comment',
  like: 'Someone likes your post',
  likeOnComment: 'Someone likes your comment',
  interviewAnswer: 'Someone answers your interview',
  interviewInvitation: 'Someone invites you to answer an interview',
  monitorMention: 'A monitor you made finds new mentions',
};

/**
 * Whether each person wants each notification type in the app: every type for every person
 * asked, true unless they turned it off. For the notifications processor to skip what
 * its recipients turned off.
 */
export async function notificationPreferencesFor(db: Kysely<Database>, userIds: readonly number[]): Promise<Map<number, Record<NotificationType, boolean>>> {
  const preferences = new Map(userIds.map((userId) => [userId, every(notificationType.options, () => true)]));
  if (userIds.length === 0) return preferences;
  const rows = await db.selectFrom('notification_preferences').selectAll().where('user_id', 'in', [...userIds]).execute();
  for (const row of rows) preferences.get(row.user_id)![row.type as NotificationType] = row.in_app;
  return preferences;
}

export async function notificationSettingsOf(db: Kysely<Database>, userId: number) {
  const chosen = (await notificationPreferencesFor(db, [userId])).get(userId)!;
  return { data: notificationType.options.map((type) => ({ type, label: NOTIFICATION_LABELS[type], inApp: chosen[type] })) };
}

export async function outletResponsibilitiesOf(db: Kysely<Database>, userId: number, outletId?: number): Promise<OutletResponsibility[]> {
  let query = db.selectFrom('outlet_people as op').innerJoin('outlets as o', 'o.id', 'op.outlet_id').selectAll('o').select(['op.roles', 'op.beats', 'op.role_title']).where('op.user_id', '=', userId);
  if (outletId !== undefined) query = query.where('op.outlet_id', '=', outletId);
  const rows = await query.orderBy('op.added_at').orderBy('o.id').execute();
  return rows.map((row) => ({ outlet: outletSummaryOf(row), roles: row.roles as OutletRole[], beats: beatsOf(row.beats), roleTitle: row.role_title }));
}

export async function companyResponsibilitiesOf(db: Kysely<Database>, userId: number, companyId?: number): Promise<CompanyResponsibility[]> {
  let query = db
    .selectFrom('company_people as cp')
    .innerJoin('companies as c', 'c.id', 'cp.company_id')
    .selectAll('c')
    .select(['cp.roles', 'cp.beats', 'cp.is_media_contact', 'cp.role_title'])
    .where('cp.user_id', '=', userId);
  if (companyId !== undefined) query = query.where('cp.company_id', '=', companyId);
  const rows = await query.orderBy('cp.joined_at').orderBy('c.id').execute();
  return rows.map((row) => ({ company: companySummaryOf(row), roles: row.roles as CompanyRole[], beats: beatsOf(row.beats), isMediaContact: row.is_media_contact, roleTitle: row.role_title }));
}

export async function spokespersonOf(db: Kysely<Database>, userId: number): Promise<Spokesperson> {
  const row = await db
    .selectFrom('spokespersons as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .selectAll('c')
    .select(['s.roles', 's.beats', 's.role_title'])
    .where('s.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return { company: null, roles: [], beats: [], roleTitle: null };
  return { company: companySummaryOf(row), roles: row.roles as CompanyRole[], beats: beatsOf(row.beats), roleTitle: row.role_title };
}

/**
 * A person's public page. Others see a private profile's name and face only; the person and
 * platform admins see it whole. Mobile and home phones and the home and postal addresses are
 * never on it: they are for the settings, not the public.
 */
export async function userProfileOf(db: Kysely<Database>, slug: string, reader: { id: number; isAdmin: boolean } | null): Promise<UserProfile | null> {
  const user = await db.selectFrom('users').select(['id', 'slug', 'firstname', 'lastname', 'logo', 'job_title']).where('slug', '=', slug).executeTakeFirst();
  if (!user) return null;
  const profile = await profileRow(db, user.id);
  const hidden = profile.visibility === 'private' && !(reader && (reader.isAdmin || reader.id === user.id));
  const spokesperson = await spokespersonOf(db, user.id);
  return {
    id: user.id,
    slug: user.slug,
    name: `${user.firstname} ${user.lastname}`.trim(),
    firstname: user.firstname,
    lastname: user.lastname,
    avatar: user.logo,
    visibility: profile.visibility,
    details: hidden
      ? null
      : {
          job: user.job_title,
          organization: profile.organization,
          country: countryOf(profile.country),
          beats: beatsOf(await beatIdsOf(db, user.id)),
          links: every(linkType.options, (type) => profile.links[type] ?? null),
          contacts: { workDirect: profile.contacts.workDirect ?? null, workReception: profile.contacts.workReception ?? null },
          office: (profile.addresses.office as Address | null | undefined) ?? null,
          outlets: await outletResponsibilitiesOf(db, user.id),
          companies: await companyResponsibilitiesOf(db, user.id),
          spokesperson: spokesperson.company ? spokesperson : null,
        },
  };
}
