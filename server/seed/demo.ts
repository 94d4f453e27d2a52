import type { EventMetadata } from '../../contracts/events/index.ts';
import type { AccountRole, ModuleName } from '../../contracts/users/enums.ts';
import { moduleName } from '../../contracts/users/enums.ts';
import type { Core } from '../core.ts';
import { registerUser } from '../modules/auth/registration.ts';
import { accountDecider, accountStream, userDecider, userStream } from '../modules/users/commands.ts';
import type { Manager } from '../modules/users/permissions.ts';
import { findUserIdByEmail } from '../modules/users/queries.ts';
import { sql } from 'kysely';

export const DEMO_PASSWORD = 'pressroom-demo';

type DemoPerson = { email: string; firstname: string; lastname: string; role: AccountRole; extraRoles?: AccountRole[]; account?: 'system' | 'agency'; beats: number[] };

/** The people of the demo, one per role; their password is DEMO_PASSWORD. */
export const DEMO_PEOPLE: DemoPerson[] = [
  { email: 'admin@pressroom.local', firstname: 'Ada', lastname: 'Admin', role: 'admin', account: 'system', beats: [356, 355] },
  { email: 'journalist@pressroom.local', firstname: 'Jo', lastname: 'Reporter', role: 'journo', beats: [62, 356] },
  { email: 'pr@pressroom.local', firstname: 'Pat', lastname: 'Publicist', role: 'pr', extraRoles: ['accountAdmin'], account: 'agency', beats: [356, 355] },
  { email: 'expert@pressroom.local', firstname: 'Eve', lastname: 'Expert', role: 'expert', beats: [355, 357] },
];

const DEMO_ACCOUNTS: Record<'system' | 'agency', { name: string; company: string; modules: ModuleName[]; system: boolean }> = {
  system: { name: 'Pressroom', company: 'Pressroom', modules: [...moduleName.options], system: true },
  agency: { name: 'Harbour PR', company: 'Harbour PR Pty Ltd', modules: ['ROLE_MODULE_ONLINE_NEWSROOM', 'ROLE_MODULE_CONTACTS', 'ROLE_MODULE_MONITOR', 'ROLE_MODULE_REPORTS'], system: false },
};

const SYSTEM: Manager = { kind: 'system' };
const seedMetadata: EventMetadata = { actorId: null, actorRole: 'system', requestId: null, correlationId: 'seed', causationId: null };

export async function hasAnyUser(core: Core): Promise<boolean> {
  return Boolean(await core.database.db.selectFrom('users').select('id').limit(1).executeTakeFirst());
}

/** Creates the demo accounts and people that are missing; run again, it adds nothing. */
export async function seedDemo(core: Core): Promise<string[]> {
  const { db } = core.database;
  const accountIds: Partial<Record<'system' | 'agency', number>> = {};
  for (const [key, account] of Object.entries(DEMO_ACCOUNTS) as ['system' | 'agency', (typeof DEMO_ACCOUNTS)['system']][]) {
    const existing = await db.selectFrom('accounts').select('id').where('name', '=', account.name).executeTakeFirst();
    if (existing) {
      accountIds[key] = existing.id;
      continue;
    }
    const { rows } = await sql<{ id: number }>`select nextval('account_ids')::int as id`.execute(db);
    const accountId = rows[0]!.id;
    await core.commands.run(accountDecider, accountStream(accountId), { type: 'createAccount', accountId, ...account, by: SYSTEM }, seedMetadata);
    accountIds[key] = accountId;
  }

  const created: string[] = [];
  for (const person of DEMO_PEOPLE) {
    if ((await findUserIdByEmail(db, person.email)) !== null) continue;
    const { userId } = await registerUser(
      core,
      { ...person, password: DEMO_PASSWORD, accountId: person.account ? accountIds[person.account]! : null, onboarding: false },
      () => seedMetadata,
    );
    for (const role of person.extraRoles ?? []) await core.commands.run(userDecider, userStream(userId), { type: 'grantRole', userId, role, by: SYSTEM }, seedMetadata);
    await core.commands.run(userDecider, userStream(userId), { type: 'chooseBeats', userId, beatIds: person.beats }, seedMetadata);
    created.push(person.email);
  }
  return created;
}
