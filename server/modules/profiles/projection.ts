import { sql } from 'kysely';
import type { OrganizationEvent } from '../../../contracts/organizations/index.ts';
import type { SettingsEvent } from '../../../contracts/users/index.ts';
import type { Tx } from '../../events/types.ts';
import type { InlineProjection } from '../../projections/inline.ts';
import '../organizations/tables.ts';
import './tables.ts';

/**
 * Profiles beyond the users row (organization, country, visibility, contacts, links,
 * addresses), follows, subscriptions, notification choices, and the companies and outlets
 * people answer for. Name, job, timezone and avatar live on users, kept by its projection.
 */
export const profilesProjection: InlineProjection<SettingsEvent | OrganizationEvent> = {
  name: 'profiles',
  tables: ['spokespersons', 'company_people', 'outlet_people', 'companies', 'outlets', 'user_profiles', 'community_follows', 'feed_type_follows', 'newsletter_subscriptions', 'notification_preferences'],
  async apply(trx, event) {
    const at = event.recordedAt;
    switch (event.type) {
      case 'OrganizationChanged':
        return upsertProfile(trx, event.data.userId, sql`organization = ${event.data.organization}`);
      case 'CountryChanged':
        return upsertProfile(trx, event.data.userId, sql`country = ${event.data.country}`);
      case 'ProfileVisibilityChanged':
        return upsertProfile(trx, event.data.userId, sql`visibility = ${event.data.visibility}`);
      case 'ContactChannelsChanged':
        return upsertProfile(trx, event.data.userId, sql`contacts = user_profiles.contacts || ${JSON.stringify(event.data.channels)}::jsonb`);
      case 'ProfileLinksChanged':
        return upsertProfile(trx, event.data.userId, sql`links = user_profiles.links || ${JSON.stringify(event.data.links)}::jsonb`);
      case 'AddressChanged':
        return upsertProfile(trx, event.data.userId, sql`addresses = user_profiles.addresses || ${JSON.stringify({ [event.data.type]: event.data.address })}::jsonb`);
      case 'CommunityFollowed':
        await trx.insertInto('community_follows').values({ user_id: event.data.userId, community_id: event.data.communityId, followed_at: at }).onConflict((oc) => oc.doNothing()).execute();
        return;
      case 'CommunityUnfollowed':
        await trx.deleteFrom('community_follows').where('user_id', '=', event.data.userId).where('community_id', '=', event.data.communityId).execute();
        return;
      case 'FeedTypeFollowed':
        await trx.insertInto('feed_type_follows').values({ user_id: event.data.userId, feed_type: event.data.feedType, followed_at: at }).onConflict((oc) => oc.doNothing()).execute();
        return;
      case 'FeedTypeUnfollowed':
        await trx.deleteFrom('feed_type_follows').where('user_id', '=', event.data.userId).where('feed_type', '=', event.data.feedType).execute();
        return;
      case 'NewsletterSubscribed':
        await trx.insertInto('newsletter_subscriptions').values({ user_id: event.data.userId, newsletter: event.data.newsletter, subscribed_at: at }).onConflict((oc) => oc.doNothing()).execute();
        return;
      case 'NewsletterUnsubscribed':
        await trx.deleteFrom('newsletter_subscriptions').where('user_id', '=', event.data.userId).where('newsletter', '=', event.data.newsletter).execute();
        return;
      case 'NotificationPreferenceSet': {
        const { userId, notificationType, inApp } = event.data;
        await trx
          .insertInto('notification_preferences')
          .values({ user_id: userId, type: notificationType, in_app: inApp })
          .onConflict((oc) => oc.columns(['user_id', 'type']).doUpdateSet({ in_app: inApp }))
          .execute();
        return;
      }
      case 'CompanyRegistered': {
        const { companyId, slug, name, website, domain, registeredBy } = event.data;
        await trx.insertInto('companies').values({ id: companyId, slug, name, website, domain, logo: null, registered_by: registeredBy, created_at: at }).execute();
        return;
      }
      case 'OutletRegistered': {
        const { outletId, slug, name, url, domain, registeredBy } = event.data;
        await trx.insertInto('outlets').values({ id: outletId, slug, name, url, domain, registered_by: registeredBy, created_at: at }).execute();
        return;
      }
      case 'OutletResponsibilityTaken':
        await trx.insertInto('outlet_people').values({ outlet_id: event.data.outletId, user_id: event.data.userId, roles: [], beats: [], role_title: null, added_at: at }).execute();
        return;
      case 'OutletResponsibilityChanged': {
        const { userId, outletId, roles, beats, roleTitle } = event.data;
        await trx.updateTable('outlet_people').set({ roles, beats, role_title: roleTitle }).where('outlet_id', '=', outletId).where('user_id', '=', userId).execute();
        return;
      }
      case 'OutletResponsibilityDropped':
        await trx.deleteFrom('outlet_people').where('outlet_id', '=', event.data.outletId).where('user_id', '=', event.data.userId).execute();
        return;
      case 'CompanyJoined':
        await trx
          .insertInto('company_people')
          .values({ company_id: event.data.companyId, user_id: event.data.userId, roles: [], beats: [], is_media_contact: false, role_title: null, joined_at: at })
          .execute();
        return;
      case 'CompanyResponsibilityChanged': {
        const { userId, companyId, roles, beats, isMediaContact, roleTitle } = event.data;
        await trx
          .updateTable('company_people')
          .set({ roles, beats, is_media_contact: isMediaContact, role_title: roleTitle })
          .where('company_id', '=', companyId)
          .where('user_id', '=', userId)
          .execute();
        return;
      }
      case 'CompanyLeft':
        await trx.deleteFrom('company_people').where('company_id', '=', event.data.companyId).where('user_id', '=', event.data.userId).execute();
        return;
      case 'SpokespersonRoleSet': {
        const { userId, companyId, roles, beats, roleTitle } = event.data;
        if (companyId === null) {
          await trx.deleteFrom('spokespersons').where('user_id', '=', userId).execute();
          return;
        }
        await trx
          .insertInto('spokespersons')
          .values({ user_id: userId, company_id: companyId, roles, beats, role_title: roleTitle })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ company_id: companyId, roles, beats, role_title: roleTitle }))
          .execute();
        return;
      }
      default:
        return;
    }
  },
};

/** One profile column changed, the row made on first use: a person without one has the defaults. */
async function upsertProfile(trx: Tx, userId: number, assignment: ReturnType<typeof sql>): Promise<void> {
  await sql`insert into user_profiles as user_profiles (user_id) values (${userId}) on conflict (user_id) do nothing`.execute(trx);
  await sql`update user_profiles set ${assignment} where user_id = ${userId}`.execute(trx);
}
