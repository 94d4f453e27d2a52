import type { AccountRole } from '../../../contracts/users/enums.ts';

/** Who changes someone's roles, read-only flag or account: a person, or the system (seed, scripts). */
export type Manager = { kind: 'system' } | { kind: 'person'; id: number; roles: readonly AccountRole[]; accountId: number | null };

export type Managed = { id: number; accountId: number | null };

const isPlatformAdmin = (manager: Manager) => manager.kind === 'system' || manager.roles.includes('admin');
const isAdminOfAccountOf = (manager: Manager, target: Managed) =>
  manager.kind === 'person' && manager.roles.includes('accountAdmin') && manager.accountId !== null && manager.accountId === target.accountId;

/**
 * A platform admin grants and revokes any role. An account admin manages their own
 * account's people, and only the accountAdmin role among them: the journo/pr/expert roles
 * say what a person is, and admin is the platform's.
 */
export function mayChangeRole(manager: Manager, target: Managed, role: AccountRole): boolean {
  if (isPlatformAdmin(manager)) return true;
  return role === 'accountAdmin' && isAdminOfAccountOf(manager, target);
}

/** Platform admins, and account admins for the other people of their account. */
export function mayChangeReadOnly(manager: Manager, target: Managed): boolean {
  if (isPlatformAdmin(manager)) return true;
  return isAdminOfAccountOf(manager, target) && manager.kind === 'person' && manager.id !== target.id;
}

/** Moving people between accounts and changing what an account may use are the platform's. */
export function mayManageAccounts(manager: Manager): boolean {
  return isPlatformAdmin(manager);
}

/** Who may see the people list of an account (or every account, for null). */
export function mayListPeople(manager: Manager, accountId: number | null): boolean {
  if (isPlatformAdmin(manager)) return true;
  return accountId !== null && manager.kind === 'person' && manager.roles.includes('accountAdmin') && manager.accountId === accountId;
}
