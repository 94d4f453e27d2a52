import type { CommunityType } from '../../../contracts/communities/api.ts';

/** Who acts: a person, and whether they are a platform admin. */
export type Actor = { id: number; isAdmin: boolean };

/** Where a person stands with one community. */
export type Standing = 'none' | 'requested' | 'member' | 'admin';

const belongs = (standing: Standing) => standing === 'member' || standing === 'admin';

/** Communities are the platform's to found. */
export const mayCreateCommunity = (actor: Actor) => actor.isAdmin;

/** Editing a community and answering its join requests: its own admins and platform admins. */
export const mayManageCommunity = (actor: Actor, standing: Standing) => actor.isAdmin || standing === 'admin';

/**
 * What is inside a community (members, activities, posts): anyone's when it is public, its
 * members' when private. A private community's name and description stay visible to all,
 * so people can find it and ask to join.
 */
export const mayReadCommunity = (actor: Actor, type: CommunityType, standing: Standing) => type === 'public' || belongs(standing) || actor.isAdmin;

/** Posting into a community is for its members, like a group's wall; platform admins post anywhere. */
export const mayPostIn = (actor: Actor, standing: Standing) => belongs(standing) || actor.isAdmin;

export type JoinToggle = 'join' | 'leave' | 'request' | 'withdraw';

/**
 * The join button toggles: a member leaves (even the last admin: platform admins still run
 * the community), a pending request is withdrawn, anyone joins a public community, and a
 * private one takes a request for its admins, except from a platform admin, who would
 * approve it themselves.
 */
export function joinToggle(actor: Actor, type: CommunityType, standing: Standing): JoinToggle {
  if (belongs(standing)) return 'leave';
  if (standing === 'requested') return 'withdraw';
  return type === 'public' || actor.isAdmin ? 'join' : 'request';
}
