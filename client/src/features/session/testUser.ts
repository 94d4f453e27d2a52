import type { CurrentUser } from '../../../../contracts/users/current-user.ts';

/** A current user as the server would send it, with the fields a test cares about changed. */
export function currentUserLike(changes: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 7,
    slug: 'jo-reporter',
    contactId: 7,
    firstname: 'Jo',
    lastname: 'Reporter',
    email: 'jo@example.com',
    logo: null,
    logoIcon: null,
    jobTitle: null,
    communities: [],
    beats: [],
    getstream: { userId: '7', userToken: 'token', beats: [] },
    account: null,
    timezone: 'Australia/Sydney',
    roles: ['journo'],
    isReadOnly: false,
    twoFactor: false,
    authenticated: true,
    isManaged: false,
    modules: [],
    systemCompany: false,
    hasNotifications: false,
    onboarding: false,
    ...changes,
  };
}
