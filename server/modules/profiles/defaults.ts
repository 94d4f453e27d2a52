import type { FeedType } from '../../../contracts/users/catalogues.ts';
import type { AccountRole } from '../../../contracts/users/enums.ts';

// The feeds a person follows when onboarding ends: what their role reads for work. Everyone
// gets media news; journalists get announcements, PR people the marketing feed, experts
// epitome. Admins see everything.
const FEEDS_OF_ROLE: Record<AccountRole, readonly FeedType[]> = {
  journo: ['media', 'announcement'],
  pr: ['media', 'marketing'],
  expert: ['media', 'epitome'],
  admin: ['media', 'marketing', 'epitome', 'announcement'],
  accountAdmin: [],
};

export function defaultFeedTypes(roles: readonly AccountRole[]): FeedType[] {
  return [...new Set(roles.flatMap((role) => FEEDS_OF_ROLE[role]))];
}
