import { sql, type Kysely } from 'kysely';
import type { CurrentUser } from '../../../contracts/users/current-user.ts';
import type { AccountRole, ModuleName } from '../../../contracts/users/enums.ts';
import type { Database } from '../../db/schema.ts';
import { communitiesOfUser } from '../communities/queries.ts';
import { unreadCount } from '../notifications/queries.ts';
import type { StreamTokens } from './stream-tokens.ts';

export type UserIdentity = { id: number; roles: AccountRole[]; accountId: number | null; isReadOnly: boolean };

export async function findUserIdByEmail(db: Kysely<Database>, email: string): Promise<number | null> {
  const row = await db.selectFrom('users').select('id').where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
  return row?.id ?? null;
}

export async function isSlugTaken(db: Kysely<Database>, slug: string): Promise<boolean> {
  return Boolean(await db.selectFrom('users').select('id').where('slug', '=', slug).executeTakeFirst());
}

/** The current user entity of spec section 3, as GET /api/v1/current_user/info answers it. */
export async function findCurrentUser(db: Kysely<Database>, userId: number, tokens: StreamTokens): Promise<CurrentUser | null> {
  const user = await db
    .selectFrom('users')
    .leftJoin('accounts', 'accounts.id', 'users.account_id')
    .select([
      'users.id',
      'users.slug',
      'users.firstname',
      'users.lastname',
      'users.email',
      'users.logo',
      'users.logo_icon',
      'users.job_title',
      'users.timezone',
      'users.roles',
      'users.is_read_only',
      'users.two_factor',
      'users.is_managed',
      'users.onboarding',
      'accounts.id as account_id',
      'accounts.name as account_name',
      'accounts.company as account_company',
      'accounts.modules as account_modules',
      'accounts.system as account_system',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  const beats = await db
    .selectFrom('user_beats')
    .innerJoin('beats', 'beats.id', 'user_beats.beat_id')
    .select(['beats.id', 'beats.name', 'beats.color'])
    .where('user_beats.user_id', '=', userId)
    .orderBy('user_beats.position')
    .execute();
  return {
    id: user.id,
    slug: user.slug,
    // A person is an author under the same id (people and companies share one id sequence).
    contactId: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    logo: user.logo,
    logoIcon: user.logo_icon,
    jobTitle: user.job_title,
    communities: await communitiesOfUser(db, userId),
    beats,
    getstream: {
      userId: String(user.id),
      userToken: tokens.user(user.id),
      beats: beats.map((beat) => ({ name: beat.name, feed: 'beat', feedId: String(beat.id), token: tokens.beatFeed(beat.id) })),
    },
    account: user.account_id !== null ? { id: user.account_id, name: user.account_name!, company: user.account_company! } : null,
    timezone: user.timezone,
    roles: user.roles as AccountRole[],
    isReadOnly: user.is_read_only,
    twoFactor: user.two_factor,
    authenticated: true,
    isManaged: user.is_managed,
    modules: (user.account_modules ?? []) as ModuleName[],
    systemCompany: user.account_system ?? false,
    hasNotifications: (await unreadCount(db, userId)) > 0,
    onboarding: user.onboarding ?? false,
  };
}
