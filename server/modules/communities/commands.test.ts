import { describe, it } from 'vitest';
import type { CommunityEvent } from '../../../contracts/communities/index.ts';
import { Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import { deciderSpec } from '../../testing/decider-spec.ts';
import { communityDecider } from './commands.ts';

const spec = deciderSpec(communityDecider);
const ID = 3;
const admin = { id: 1, isAdmin: true };
const ana = { id: 10, isAdmin: false };
const ben = { id: 11, isAdmin: false };
const details = { name: 'Health reporters', description: 'Beat talk', type: 'private', country: 'AU', logo: null, banner: null } as const;

const founded: CommunityEvent[] = [
  { type: 'CommunityCreated', data: { communityId: ID, slug: 'health', ...details, createdBy: admin.id } },
  { type: 'Joined', data: { communityId: ID, userId: admin.id } },
  { type: 'CommunityAdminAppointed', data: { communityId: ID, userId: admin.id, appointedBy: admin.id } },
];
const anaAsked: CommunityEvent = { type: 'JoinRequested', data: { communityId: ID, userId: ana.id } };
const anaJoined: CommunityEvent = { type: 'Joined', data: { communityId: ID, userId: ana.id } };

describe('a community', () => {
  it('is founded by a platform admin, who becomes its first member and admin', () => {
    spec.given([]).when({ type: 'create', communityId: ID, slug: 'health', details, by: admin }).then(founded);
    spec.given([]).when({ type: 'create', communityId: ID, slug: 'health', details, by: ana }).thenFails(Forbidden);
  });

  it('records only the details that changed, and a new address as a rename', () => {
    spec
      .given(founded)
      .when({ type: 'update', communityId: ID, changes: { name: 'Health reporters', description: 'Beat talk, weekly' }, slug: 'health-desk', by: admin })
      .then([
        { type: 'CommunityUpdated', data: { communityId: ID, description: 'Beat talk, weekly' } },
        { type: 'CommunityRenamed', data: { communityId: ID, slug: 'health-desk', previousSlug: 'health' } },
      ]);
    spec.given(founded).when({ type: 'update', communityId: ID, changes: { name: 'Health reporters' }, slug: 'health', by: admin }).then([]);
    spec.given([...founded, anaJoined]).when({ type: 'update', communityId: ID, changes: { name: 'Mine' }, by: ana }).thenFails(Forbidden);
  });

  it('takes a join request to a private community, and toggling again withdraws it', () => {
    spec.given(founded).when({ type: 'toggleMembership', communityId: ID, by: ana }).then([anaAsked]);
    spec.given([...founded, anaAsked]).when({ type: 'toggleMembership', communityId: ID, by: ana }).then([{ type: 'JoinRequestWithdrawn', data: { communityId: ID, userId: ana.id } }]);
  });

  it('makes a member of an approved request, and lets them leave', () => {
    spec
      .given([...founded, anaAsked])
      .when({ type: 'approve', communityId: ID, userId: ana.id, by: admin })
      .then([{ type: 'JoinApproved', data: { communityId: ID, userId: ana.id, approvedBy: admin.id } }, anaJoined]);
    spec.given([...founded, anaAsked, anaJoined]).when({ type: 'toggleMembership', communityId: ID, by: ana }).then([{ type: 'Left', data: { communityId: ID, userId: ana.id } }]);
  });

  it('leaves requests to its admins, and answers only pending ones', () => {
    spec.given([...founded, anaAsked]).when({ type: 'approve', communityId: ID, userId: ana.id, by: ben }).thenFails(Forbidden);
    spec.given(founded).when({ type: 'decline', communityId: ID, userId: ana.id, by: admin }).thenFails(NotFound, 'No such join request.');
    spec
      .given([...founded, anaAsked])
      .when({ type: 'decline', communityId: ID, userId: ana.id, by: admin })
      .then([{ type: 'JoinRequestDeclined', data: { communityId: ID, userId: ana.id, declinedBy: admin.id } }]);
  });

  it('lets a community admin who is no platform admin answer requests', () => {
    const anaAdmin: CommunityEvent = { type: 'CommunityAdminAppointed', data: { communityId: ID, userId: ana.id, appointedBy: admin.id } };
    const benAsked: CommunityEvent = { type: 'JoinRequested', data: { communityId: ID, userId: ben.id } };
    spec
      .given([...founded, anaAsked, anaJoined, anaAdmin, benAsked])
      .when({ type: 'approve', communityId: ID, userId: ben.id, by: ana })
      .then([{ type: 'JoinApproved', data: { communityId: ID, userId: ben.id, approvedBy: ana.id } }, { type: 'Joined', data: { communityId: ID, userId: ben.id } }]);
  });

  it('makes admins of members only', () => {
    spec.given(founded).when({ type: 'appointAdmin', communityId: ID, userId: ana.id, by: admin }).thenFails(ValidationFailed);
    spec.given([...founded, anaJoined]).when({ type: 'appointAdmin', communityId: ID, userId: ana.id, by: admin }).then([
      { type: 'CommunityAdminAppointed', data: { communityId: ID, userId: ana.id, appointedBy: admin.id } },
    ]);
  });

  it('does not exist before it is founded', () => {
    spec.given([]).when({ type: 'toggleMembership', communityId: ID, by: ana }).thenFails(NotFound, 'No such community.');
  });
});
