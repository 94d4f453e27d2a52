import { isOwnNewsroom, isPlatformAdmin, mayEditNewsroom, newsroomsRefusal, READ_ONLY, type NewsroomAccess, type NewsroomMember } from '../newsrooms/index.ts';
import { NO_ANNOUNCEMENT, ONLY_OWN_PEOPLE } from '../../../contracts/announcements/api.ts';
import { Forbidden, NotFound } from '../../errors.ts';

export type Member = NewsroomMember;
export type { NewsroomAccess };

/**
 * An announcement is its newsroom's: the people who work on the newsroom (its account's, those
 * confirmed for it, the platform's admins) read every one; the public reads what is public.
 */
export const mayRead = (member: Member | null, newsroom: NewsroomAccess, isPublic: boolean) => isPublic || (member !== null && isOwnNewsroom(member, newsroom));

/**
 * Why this person may not read an announcement's hub (its status, distribution, numbers and email
 * version): only its newsroom's people may, read-only ones too. An outsider gets 404 for what they
 * cannot see and 403 for a public one.
 */
export function hubRefusal(member: Member, newsroom: NewsroomAccess, isPublic: boolean): Error | null {
  if (isOwnNewsroom(member, newsroom)) return null;
  return isPublic ? new Forbidden() : new NotFound(NO_ANNOUNCEMENT);
}

/** Its newsroom's writers write; read-only people only read. */
export const mayWrite = (member: Member, newsroom: NewsroomAccess) => mayEditNewsroom(member, newsroom);

/**
 * Why this person may not change an announcement of this newsroom, as the error to answer: no
 * module 403, an outsider 404 for what they cannot see and 403 for what they can, read-only 403.
 */
export function writeRefusal(member: Member, newsroom: NewsroomAccess, isPublic: boolean): Error | null {
  if (mayWrite(member, newsroom)) return null;
  const own = isOwnNewsroom(member, newsroom);
  // Outsiders cannot tell what they may not read from nothing.
  if (!own && !isPublic) return new NotFound(NO_ANNOUNCEMENT);
  const refusal = newsroomsRefusal(member);
  if (refusal && !isPlatformAdmin(member)) return new Forbidden(refusal);
  return new Forbidden(member.isReadOnly && own ? READ_ONLY : ONLY_OWN_PEOPLE);
}
