import { sql } from 'kysely';
import type { SettingsEvent, UserEvent } from '../../../contracts/users/index.ts';
import type { InlineProjection } from '../../projections/inline.ts';

/** People and accounts as the current user, sign-in and profiles read them. */
export const usersProjection: InlineProjection<UserEvent | SettingsEvent> = {
  name: 'users',
  tables: ['user_beats', 'users', 'accounts'],
  async apply(trx, event) {
    switch (event.type) {
      case 'AccountCreated': {
        const { accountId, name, company, modules, system } = event.data;
        await trx.insertInto('accounts').values({ id: accountId, name, company, modules, system, created_at: event.recordedAt }).execute();
        return;
      }
      case 'ModulesChanged':
        await trx.updateTable('accounts').set({ modules: event.data.modules }).where('id', '=', event.data.accountId).execute();
        return;
      case 'UserRegistered': {
        const { userId, email, firstname, lastname, slug, role, accountId, timezone } = event.data;
        await trx
          .insertInto('users')
          .values({
            id: userId,
            email,
            slug,
            firstname,
            lastname,
            job_title: null,
            logo: null,
            logo_icon: null,
            timezone,
            roles: [role],
            account_id: accountId,
            is_read_only: false,
            is_managed: false,
            two_factor: false,
            onboarding: null,
            created_at: event.recordedAt,
          })
          .execute();
        return;
      }
      case 'RoleGranted':
        await trx.updateTable('users').set({ roles: sql`array_append(roles, ${event.data.role})` }).where('id', '=', event.data.userId).execute();
        return;
      case 'RoleRevoked':
        await trx.updateTable('users').set({ roles: sql`array_remove(roles, ${event.data.role})` }).where('id', '=', event.data.userId).execute();
        return;
      case 'ReadOnlyChanged':
        await trx.updateTable('users').set({ is_read_only: event.data.readOnly }).where('id', '=', event.data.userId).execute();
        return;
      case 'TwoFactorEnabled':
      case 'TwoFactorDisabled':
        await trx.updateTable('users').set({ two_factor: event.type === 'TwoFactorEnabled' }).where('id', '=', event.data.userId).execute();
        return;
      case 'OnboardingStageSet':
        await trx.updateTable('users').set({ onboarding: event.data.stage === false ? null : event.data.stage }).where('id', '=', event.data.userId).execute();
        return;
      case 'UserJoinedAccount':
        await trx.updateTable('users').set({ account_id: event.data.accountId, is_managed: event.data.managed }).where('id', '=', event.data.userId).execute();
        return;
      case 'BeatsChosen': {
        const { userId, beatIds } = event.data;
        await trx.deleteFrom('user_beats').where('user_id', '=', userId).execute();
        if (beatIds.length > 0) {
          await trx.insertInto('user_beats').values(beatIds.map((beatId, position) => ({ user_id: userId, beat_id: beatId, position }))).execute();
        }
        return;
      }
      case 'NameChanged':
        await trx.updateTable('users').set({ firstname: event.data.firstname, lastname: event.data.lastname }).where('id', '=', event.data.userId).execute();
        return;
      case 'JobTitleChanged':
        await trx.updateTable('users').set({ job_title: event.data.jobTitle }).where('id', '=', event.data.userId).execute();
        return;
      case 'TimezoneChanged':
        await trx.updateTable('users').set({ timezone: event.data.timezone }).where('id', '=', event.data.userId).execute();
        return;
      case 'AvatarChanged':
      case 'AvatarRemoved': {
        const avatar = event.type === 'AvatarChanged' ? { logo: event.data.logo, logo_icon: event.data.logoIcon } : { logo: null, logo_icon: null };
        await trx.updateTable('users').set(avatar).where('id', '=', event.data.userId).execute();
        return;
      }
      default:
        return;
    }
  },
};
