import { NO_MODULE } from '../../../contracts/contacts/api.ts';
import type { ModuleName } from '../../../contracts/users/enums.ts';

/** Someone at work on their account's contacts, as their session and account know them. */
export type Member = { id: number; roles: readonly string[]; accountId: number; isReadOnly: boolean };

export const CONTACTS_MODULE: ModuleName = 'ROLE_MODULE_CONTACTS';
export const READ_ONLY = 'Your account is read-only: you can look, but not change anything.';
export const ONLY_ADMINS_CLEAR = 'Only account admins can take a contact off the do-not-contact list';

/** Why this person may not use contacts at all, or null: they need an account that holds the module (spec sections 3 and 6). */
export function contactsRefusal(accountId: number | null, modules: readonly string[] | null): string | null {
  return accountId === null || !modules?.includes(CONTACTS_MODULE) ? NO_MODULE : null;
}

/** Anyone in the account may put a contact on the do-not-contact list; taking them off is the account admins' (and the platform's admins, in their own account). */
export const mayClearDoNotContact = (member: Member) => member.roles.includes('accountAdmin') || member.roles.includes('admin');
