import { NO_MODULE } from '../../../contracts/newsrooms/api.ts';
import type { ModuleName } from '../../../contracts/users/enums.ts';

/** Someone signed in, as their session and account know them. */
export type Member = { id: number; roles: readonly string[]; accountId: number | null; isReadOnly: boolean; modules: readonly string[] | null };

/** What a permission needs to know of a newsroom. */
export type NewsroomAccess = { accountId: number; managers: ReadonlySet<number>; isPublic: boolean };

export const NEWSROOM_MODULE: ModuleName = 'ROLE_MODULE_ONLINE_NEWSROOM';
export const READ_ONLY = 'Your account is read-only: you can look, but not change anything.';

export const isPlatformAdmin = (member: Member) => member.roles.includes('admin');

/** Why this person may not work on newsrooms at all, or null: they need an account that holds the module (spec sections 3 and 6). */
export function newsroomsRefusal(member: Pick<Member, 'accountId' | 'modules'>): string | null {
  return member.accountId === null || !member.modules?.includes(NEWSROOM_MODULE) ? NO_MODULE : null;
}

/** Whether the person works on this newsroom: its account's people, those it confirmed, and the platform's admins, who manage every newsroom. */
export function isOwnNewsroom(member: Member, newsroom: NewsroomAccess): boolean {
  if (isPlatformAdmin(member)) return true;
  if (newsroomsRefusal(member)) return false;
  return member.accountId === newsroom.accountId || newsroom.managers.has(member.id);
}

/** The public reads public newsrooms; a private one is its own people's. */
export const maySee = (member: Member | null, newsroom: NewsroomAccess) => newsroom.isPublic || (member !== null && isOwnNewsroom(member, newsroom));

/** Read-only people read; everyone else of its own writes. */
export const mayEdit = (member: Member, newsroom: NewsroomAccess) => !member.isReadOnly && isOwnNewsroom(member, newsroom);
