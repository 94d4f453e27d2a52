import type { CommunityDetails } from '../../../contracts/communities/api.ts';
import type { CommunityEvent } from '../../../contracts/communities/index.ts';
import type { Decider } from '../../events/decider.ts';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import { joinToggle, mayCreateCommunity, mayManageCommunity, type Actor, type Standing } from './permissions.ts';

export const communityStream = (communityId: number) => `community-${communityId}`;

// Changes of standing, newest first. A new state shares the older list instead of copying
// every member, so folding a long community stream stays linear.
type Standings = { readonly userId: number; readonly standing: Standing; readonly earlier: Standings } | null;

export type CommunityState = { exists: false } | { exists: true; slug: string; details: CommunityDetails; standings: Standings };

export type CommunityCommand =
  | { type: 'create'; communityId: number; slug: string; details: CommunityDetails; by: Actor }
  | { type: 'update'; communityId: number; changes: Partial<CommunityDetails>; slug?: string; by: Actor }
  | { type: 'toggleMembership'; communityId: number; by: Actor }
  | { type: 'approve' | 'decline' | 'appointAdmin'; communityId: number; userId: number; by: Actor };

const NOT_PERMITTED = 'Sorry, you are not permitted to do this.';

export function standingOf(state: CommunityState, userId: number): Standing {
  if (!state.exists) return 'none';
  for (let change = state.standings; change; change = change.earlier) if (change.userId === userId) return change.standing;
  return 'none';
}

function withStanding(state: CommunityState, userId: number, standing: Standing): CommunityState {
  return state.exists ? { ...state, standings: { userId, standing, earlier: state.standings } } : state;
}

export const communityDecider: Decider<CommunityState, CommunityCommand, CommunityEvent> = {
  initialState: { exists: false },
  evolve(state, event) {
    switch (event.type) {
      case 'CommunityCreated': {
        const { slug, name, description, type, country, logo, banner } = event.data;
        return { exists: true, slug, details: { name, description, type, country, logo, banner }, standings: null };
      }
      case 'CommunityUpdated': {
        const { communityId: _, ...changes } = event.data;
        return state.exists ? { ...state, details: { ...state.details, ...changes } } : state;
      }
      case 'CommunityRenamed':
        return state.exists ? { ...state, slug: event.data.slug } : state;
      case 'Joined':
        return withStanding(state, event.data.userId, 'member');
      case 'CommunityAdminAppointed':
        return withStanding(state, event.data.userId, 'admin');
      case 'JoinRequested':
        return withStanding(state, event.data.userId, 'requested');
      case 'Left':
      case 'JoinRequestWithdrawn':
      case 'JoinRequestDeclined':
        return withStanding(state, event.data.userId, 'none');
      case 'JoinApproved':
        // Its Joined follows and makes the member.
        return state;
    }
  },
  decide(command, state) {
    const { communityId, by } = command;
    if (command.type === 'create') {
      if (state.exists) throw new Conflict('This community exists already.');
      if (!mayCreateCommunity(by)) throw new Forbidden(NOT_PERMITTED);
      // Its founder is its first member and admin.
      return [
        { type: 'CommunityCreated', data: { communityId, slug: command.slug, ...command.details, createdBy: by.id } },
        { type: 'Joined', data: { communityId, userId: by.id } },
        { type: 'CommunityAdminAppointed', data: { communityId, userId: by.id, appointedBy: by.id } },
      ];
    }
    if (!state.exists) throw new NotFound('No such community.');
    if (command.type === 'toggleMembership') {
      const data = { communityId, userId: by.id };
      switch (joinToggle(by, state.details.type, standingOf(state, by.id))) {
        case 'join':
          return [{ type: 'Joined', data }];
        case 'leave':
          return [{ type: 'Left', data }];
        case 'request':
          return [{ type: 'JoinRequested', data }];
        case 'withdraw':
          return [{ type: 'JoinRequestWithdrawn', data }];
      }
    }
    if (!mayManageCommunity(by, standingOf(state, by.id))) throw new Forbidden(NOT_PERMITTED);
    switch (command.type) {
      case 'update': {
        const events: CommunityEvent[] = [];
        const changed = changedDetails(state.details, command.changes);
        if (Object.keys(changed).length > 0) events.push({ type: 'CommunityUpdated', data: { communityId, ...changed } });
        if (command.slug !== undefined && command.slug !== state.slug) events.push({ type: 'CommunityRenamed', data: { communityId, slug: command.slug, previousSlug: state.slug } });
        return events;
      }
      case 'approve':
      case 'decline': {
        const { userId } = command;
        if (standingOf(state, userId) !== 'requested') throw new NotFound('No such join request.');
        return command.type === 'approve'
          ? [
              { type: 'JoinApproved', data: { communityId, userId, approvedBy: by.id } },
              { type: 'Joined', data: { communityId, userId } },
            ]
          : [{ type: 'JoinRequestDeclined', data: { communityId, userId, declinedBy: by.id } }];
      }
      case 'appointAdmin': {
        const standing = standingOf(state, command.userId);
        if (standing === 'admin') return [];
        if (standing !== 'member') throw new ValidationFailed(['Only a member of the community can be its admin']);
        return [{ type: 'CommunityAdminAppointed', data: { communityId, userId: command.userId, appointedBy: by.id } }];
      }
    }
  },
};

/** The details that differ from the current ones; absent ones stay as they are. */
function changedDetails(current: CommunityDetails, changes: Partial<CommunityDetails>): Partial<CommunityDetails> {
  return Object.fromEntries(
    Object.entries(changes).filter(([key, value]) => value !== undefined && value !== current[key as keyof CommunityDetails]),
  ) as Partial<CommunityDetails>;
}
