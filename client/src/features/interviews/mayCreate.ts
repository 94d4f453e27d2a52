import type { CurrentUser } from '../../../../contracts/users/current-user.ts';

/** Who may ask: journalists, PR people and platform admins (docs/decisions.md, Interviews); experts answer. */
export function mayCreateInterview(user: CurrentUser | null): user is CurrentUser {
  return !!user && !user.isReadOnly && user.roles.some((role) => role === 'journo' || role === 'pr' || role === 'admin');
}
