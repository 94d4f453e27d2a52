import { z } from 'zod';
import { defineEvent } from '../events/define.ts';
import { communityDetails, communitySlug } from './api.ts';

const communityId = z.number().int().positive();
const userId = z.number().int().positive();
const membership = { communityId, userId };

// Facts of a community's stream (`community-{id}`): its details and address, and who belongs.
export const CommunityCreated = defineEvent('CommunityCreated', z.object({ communityId, slug: communitySlug, ...communityDetails.shape, createdBy: userId }));
/** Only the details that changed. */
export const CommunityUpdated = defineEvent('CommunityUpdated', z.object({ communityId, ...communityDetails.partial().shape }));
/** A new address; the previous one keeps answering with the community. */
export const CommunityRenamed = defineEvent('CommunityRenamed', z.object({ communityId, slug: communitySlug, previousSlug: communitySlug }));

export const Joined = defineEvent('Joined', z.object(membership));
export const Left = defineEvent('Left', z.object(membership));
export const JoinRequested = defineEvent('JoinRequested', z.object(membership));
export const JoinRequestWithdrawn = defineEvent('JoinRequestWithdrawn', z.object(membership));
/** Followed by the person's Joined: the approval and the membership are two facts. */
export const JoinApproved = defineEvent('JoinApproved', z.object({ ...membership, approvedBy: userId }));
export const JoinRequestDeclined = defineEvent('JoinRequestDeclined', z.object({ ...membership, declinedBy: userId }));
export const CommunityAdminAppointed = defineEvent('CommunityAdminAppointed', z.object({ ...membership, appointedBy: userId }));

export const communityEvents = [
  CommunityCreated,
  CommunityUpdated,
  CommunityRenamed,
  Joined,
  Left,
  JoinRequested,
  JoinRequestWithdrawn,
  JoinApproved,
  JoinRequestDeclined,
  CommunityAdminAppointed,
] as const;
