// The settings tabs, one lazy chunk for all of them: a person who opens one usually visits the next.
export { BasicPage } from './BasicPage.tsx';
export { BeatsOutletsPage } from './BeatsOutletsPage.tsx';
export { CompaniesPage } from './CompaniesPage.tsx';
export { FollowsPage } from './FollowsPage.tsx';
export { NotificationPreferencesPage } from './NotificationPreferencesPage.tsx';
export { ProfileInformationPage } from './ProfileInformationPage.tsx';
export { SocialPage } from './SocialPage.tsx';
export { SubscriptionsPage } from './SubscriptionsPage.tsx';
