import type { AccountRole } from '../../../contracts/users/enums.ts';

/** Who acts on someone's settings: a person, and whether they are a platform admin. */
export type SettingsActor = { id: number; isAdmin: boolean };

export const settingsActorOf = (user: { id: number; roles: readonly AccountRole[] }): SettingsActor => ({ id: user.id, isAdmin: user.roles.includes('admin') });

/** A person's settings are theirs alone to read and change; platform admins help anyone with theirs. */
export const mayManageSettings = (actor: SettingsActor, ownerId: number) => actor.isAdmin || actor.id === ownerId;

/** The domain of an email address, lower-cased. */
export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Whether a host is the domain or one of its subdomains (news.example.com belongs to example.com). */
export const isWithin = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/**
 * Answering for a company lets a person publish as it, so it takes proof of working there:
 * an email address at the company's domain. A platform admin may add anyone, for the
 * people whose mail lives elsewhere.
 */
export const mayJoinCompany = (actor: SettingsActor, personEmail: string, companyDomain: string) => actor.isAdmin || isWithin(emailDomain(personEmail), companyDomain);

/** The same proof makes a company page: an admin, or someone with an email at its website's domain. */
export const mayRegisterCompany = mayJoinCompany;
