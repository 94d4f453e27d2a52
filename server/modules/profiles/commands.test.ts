import { describe, it } from 'vitest';
import type { SettingsEvent, UserEvent } from '../../../contracts/users/index.ts';
import { Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import { deciderSpec } from '../../testing/decider-spec.ts';
import { profileDecider } from './commands.ts';

const spec = deciderSpec(profileDecider);
const userId = 7;
const self = { id: userId, isAdmin: false };
const admin = { id: 1, isAdmin: true };
const someoneElse = { id: 8, isAdmin: false };
const registered = (role: 'journo' | 'pr' | 'expert' = 'journo'): (UserEvent | SettingsEvent)[] => [
  { type: 'UserRegistered', data: { userId, email: 'sam@bugle.example', firstname: 'Sam', lastname: 'Lee', slug: 'sam-lee', role, accountId: null, timezone: 'Australia/Sydney' } },
  { type: 'OnboardingStageSet', data: { userId, stage: 'basic' } },
];

describe('whose settings', () => {
  it('the person and admins change them; anyone else is refused', () => {
    spec.given(registered()).when({ type: 'changeJob', userId, by: self, jobTitle: 'Editor' }).then([{ type: 'JobTitleChanged', data: { userId, jobTitle: 'Editor' } }]);
    spec.given(registered()).when({ type: 'changeJob', userId, by: admin, jobTitle: 'Editor' }).then([{ type: 'JobTitleChanged', data: { userId, jobTitle: 'Editor' } }]);
    spec.given(registered()).when({ type: 'changeJob', userId, by: someoneElse, jobTitle: 'Editor' }).thenFails(Forbidden);
    spec.given([]).when({ type: 'changeJob', userId, by: self, jobTitle: 'Editor' }).thenFails(NotFound);
  });
});

describe('companies', () => {
  const company = { id: 40, domain: 'bugle.example' };
  it('are joined with an email at their domain, or by an admin', () => {
    spec.given(registered()).when({ type: 'joinCompany', userId, by: self, company }).then([{ type: 'CompanyJoined', data: { userId, companyId: 40 } }]);
    spec.given(registered()).when({ type: 'joinCompany', userId, by: self, company: { id: 41, domain: 'other.example' } }).thenFails(Forbidden, /other\.example/);
    spec.given(registered()).when({ type: 'joinCompany', userId, by: admin, company: { id: 41, domain: 'other.example' } }).then([{ type: 'CompanyJoined', data: { userId, companyId: 41 } }]);
  });

  it('a spokesperson speaks only for a company they answer for, and stops when they leave it', () => {
    const joined = [...registered(), { type: 'CompanyJoined', data: { userId, companyId: 40 } } as const];
    spec.given(registered()).when({ type: 'setSpokesperson', userId, by: self, companyId: 40, changes: {} }).thenFails(ValidationFailed, 'You may speak only for a company you are responsible for');
    spec
      .given(joined)
      .when({ type: 'setSpokesperson', userId, by: self, companyId: 40, changes: { roleTitle: 'CEO', beats: [355, 355] } })
      .then([{ type: 'SpokespersonRoleSet', data: { userId, companyId: 40, roles: [], beats: [355], roleTitle: 'CEO' } }]);
    spec
      .given([...joined, { type: 'SpokespersonRoleSet', data: { userId, companyId: 40, roles: [], beats: [], roleTitle: 'CEO' } }])
      .when({ type: 'leaveCompany', userId, by: self, companyId: 40 })
      .then([
        { type: 'CompanyLeft', data: { userId, companyId: 40 } },
        { type: 'SpokespersonRoleSet', data: { userId, companyId: null, roles: [], beats: [], roleTitle: null } },
      ]);
  });
});

describe('ending onboarding', () => {
  it('follows the communities joined and the feeds of the role, except those dropped', () => {
    spec
      .given([...registered('pr'), { type: 'FeedTypeFollowed', data: { userId, feedType: 'marketing' } }, { type: 'FeedTypeUnfollowed', data: { userId, feedType: 'marketing' } }])
      .when({ type: 'setOnboardingStage', userId, by: self, stage: false, joinedCommunities: [3, 3, 5] })
      .then([
        { type: 'OnboardingStageSet', data: { userId, stage: false } },
        { type: 'CommunityFollowed', data: { userId, communityId: 3 } },
        { type: 'CommunityFollowed', data: { userId, communityId: 5 } },
        { type: 'FeedTypeFollowed', data: { userId, feedType: 'media' } },
      ]);
  });

  it('happens once: ending it again changes nothing', () => {
    spec.given([...registered(), { type: 'OnboardingStageSet', data: { userId, stage: false } }]).when({ type: 'setOnboardingStage', userId, by: self, stage: false, joinedCommunities: [3] }).then([]);
  });
});
