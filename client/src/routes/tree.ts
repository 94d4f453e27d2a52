import { createRoute, redirect, type AnyRoute, type RouteComponent } from '@tanstack/react-router';
import { lazyPage } from './lazy.ts';
import { developmentTools, routeMeta, type RouteMeta } from './meta.ts';
import { rootRoute, unknownPathRoute } from './root.tsx';
import { onboardingFirst, onboardingOnly } from '../features/onboarding/guard.ts';
import { directorySearch, listSearch } from '../features/contacts/search.ts';
import { adminNewsroomsSearch } from '../features/newsrooms/adminSearch.ts';

// One lazy chunk per screen family: every page of an area loads with its first visit.
const areaPage = lazyPage(() => import('../features/areas/AreaPage.tsx'), 'AreaPage');
const signInPage = lazyPage(() => import('../features/auth/SignInPage.tsx'), 'SignInPage');
const signUpPage = lazyPage(() => import('../features/auth/SignUpPage.tsx'), 'SignUpPage');
const restoreAccessPage = lazyPage(() => import('../features/auth/RestoreAccessPage.tsx'), 'RestoreAccessPage');
const passwordRecoveryPage = lazyPage(() => import('../features/auth/PasswordRecoveryPage.tsx'), 'PasswordRecoveryPage');
const welcomePage = lazyPage(() => import('../features/welcome/WelcomePage.tsx'), 'WelcomePage');
const notFoundPage = lazyPage(() => import('../features/errors/NotFoundPage.tsx'), 'NotFoundPage');
const statusPage = lazyPage(() => import('../status/StatusPage.tsx'), 'StatusPage');
const settingsLayout = lazyPage(() => import('../features/settings/SettingsLayout.tsx'), 'SettingsLayout');
const securityPage = lazyPage(() => import('../features/settings/SecurityPage.tsx'), 'SecurityPage');
const settingsTab = (name: string) => lazyPage(() => import('../features/settings/tabs.ts'), name);
const userProfilePage = lazyPage(() => import('../features/profiles/UserProfilePage.tsx'), 'UserProfilePage');
const companyPage = lazyPage(() => import('../features/profiles/OrganizationPages.tsx'), 'CompanyPage');
const outletPage = lazyPage(() => import('../features/profiles/OrganizationPages.tsx'), 'OutletPage');
const onboardingPage = lazyPage(() => import('../features/onboarding/OnboardingPage.tsx'), 'OnboardingPage');
// The development area is one chunk; its screens are found by their path under /development.
const developmentArea = () => import('../features/development/pages.ts');
const developmentPage = lazyPage(developmentArea, 'DevelopmentPage');
const developmentScreen = (path: string) => lazyPage(() => developmentArea().then((area) => area.developmentScreens), path);
const homePage = lazyPage(() => import('../features/feed/HomePage.tsx'), 'HomePage');
const storyPage = lazyPage(() => import('../features/posts/StoryPage.tsx'), 'StoryPage');
const auditPage = lazyPage(() => import('../features/admin/AuditPage.tsx'), 'AuditPage');
const communityPage = lazyPage(() => import('../features/communities/CommunityPage.tsx'), 'CommunityRoute');
const notificationsPage = lazyPage(() => import('../features/notifications/NotificationsPage.tsx'), 'NotificationsPage');
const messagesPage = lazyPage(() => import('../features/messages/MessagesPage.tsx'), 'MessagesPage');
const createPage = lazyPage(() => import('../features/composer/CreatePostButton.tsx'), 'CreatePostPage');
const searchPage = lazyPage(() => import('../features/search/SearchPage.tsx'), 'SearchPage');
const answerPage = lazyPage(() => import('../features/interview-answers/AnswerPages.tsx'), 'AnswerPage');
const answerLinkPage = lazyPage(() => import('../features/interview-answers/AnswerPages.tsx'), 'AnswerLinkPage');
const guestStartPage = lazyPage(() => import('../features/interview-answers/AnswerPages.tsx'), 'GuestStartPage');
const guestFinishPage = lazyPage(() => import('../features/interview-answers/AnswerPages.tsx'), 'GuestFinishPage');
const interviewsPage = lazyPage(() => import('../features/interviews/InterviewsPage.tsx'), 'InterviewsPage');
const interviewPage = lazyPage(() => import('../features/interviews/InterviewPage.tsx'), 'InterviewPage');
const tasksPage = lazyPage(() => import('../features/tasks/TasksPage.tsx'), 'TasksPage');
const monitorsPage = lazyPage(() => import('../features/monitors/MonitorsPage.tsx'), 'MonitorsPage');
const monitorPage = lazyPage(() => import('../features/monitors/MonitorPage.tsx'), 'MonitorPage');
const newswirePage = lazyPage(() => import('../features/news/NewswirePage.tsx'), 'NewswirePage');
const insiderPage = lazyPage(() => import('../features/news/InsiderPage.tsx'), 'InsiderPage');
const commentaryPage = lazyPage(() => import('../features/news/CommentaryPage.tsx'), 'CommentaryPage');
const newsSourcesPage = lazyPage(() => import('../features/news/FeedsAdminPage.tsx'), 'FeedsAdminPage');
const ourNewsroomsPage = lazyPage(() => import('../features/newsrooms/OurNewsroomsPage.tsx'), 'OurNewsroomsPage');
const newsroomsPage = lazyPage(() => import('../features/newsrooms/NewsroomsPage.tsx'), 'NewsroomsPage');
const newsroomPage = lazyPage(() => import('../features/newsrooms/NewsroomPage.tsx'), 'NewsroomPage');
const newsroomConfirmPage = lazyPage(() => import('../features/newsrooms/ConfirmPage.tsx'), 'ConfirmPage');
const adminNewsroomsPage = lazyPage(() => import('../features/newsrooms/AdminNewsroomsPage.tsx'), 'AdminNewsroomsPage');
const announcementsPage = lazyPage(() => import('../features/announcements/AnnouncementsPage.tsx'), 'AnnouncementsPage');
const announcementHubPage = lazyPage(() => import('../features/announcements/HubPage.tsx'), 'HubPage');
const announcementWebPage = lazyPage(() => import('../features/announcements/WebPage.tsx'), 'WebPage');
const announcementEmailPage = lazyPage(() => import('../features/announcements/EmailPage.tsx'), 'EmailPage');
const contactsPage = lazyPage(() => import('../features/contacts/ContactsPage.tsx'), 'ContactsPage');
const contactPage = lazyPage(() => import('../features/contacts/ContactPage.tsx'), 'ContactPage');
const contactListsPage = lazyPage(() => import('../features/contacts/ListsPage.tsx'), 'ListsPage');
const duplicatesPage = lazyPage(() => import('../features/contacts/DuplicatesPage.tsx'), 'DuplicatesPage');
const contactJobsPage = lazyPage(() => import('../features/contacts/DeskPostsPage.tsx'), 'JobsPage');
const contactCallOutsPage = lazyPage(() => import('../features/contacts/DeskPostsPage.tsx'), 'CallOutsPage');
const recommendationsPage = lazyPage(() => import('../features/contacts/RecommendationsPage.tsx'), 'RecommendationsPage');

function page<TParent extends AnyRoute, TPath extends string>(parent: TParent, path: TPath, meta: RouteMeta, component: RouteComponent = areaPage) {
  return createRoute({ getParentRoute: () => parent, path, staticData: { meta }, component });
}

/** A route that only names the children it shows (no screen of its own). */
function branch<TParent extends AnyRoute, TPath extends string>(parent: TParent, path: TPath, meta: RouteMeta) {
  return createRoute({ getParentRoute: () => parent, path, staticData: { meta } });
}

const m = routeMeta;

// Guest-only, and welcome.
const home = createRoute({ getParentRoute: () => rootRoute, path: '/', staticData: { meta: m.home }, component: homePage, beforeLoad: onboardingFirst });
const signIn = page(rootRoute, 'sign_in', m.signIn, signInPage);
const restoreAccess = page(rootRoute, 'password/new', m.restoreAccess, restoreAccessPage);
const passwordRecovery = page(rootRoute, 'password/recovery/$id/$code', m.passwordRecovery, passwordRecoveryPage);
const signUp = page(rootRoute, 'sign_up', m.signUp, signUpPage);
const welcome = createRoute({ getParentRoute: () => rootRoute, path: 'welcome', staticData: { meta: m.welcome }, component: welcomePage, beforeLoad: onboardingFirst });
const onboarding = createRoute({
  getParentRoute: () => rootRoute,
  path: 'onboarding',
  staticData: { meta: { name: 'onboarding', title: 'Set up your profile', auth: true } },
  component: onboardingPage,
  beforeLoad: onboardingOnly,
});
const notFound = page(rootRoute, 'error/404', m.notFound, notFoundPage);
const status = page(rootRoute, 'status', m.status, statusPage);

// Public routes.
const newsroomConfirmation = page(rootRoute, 'newsrooms/confirm/$hash', m.newsroomConfirmationPermission, newsroomConfirmPage);
const asyncPublicQuestionVideo = page(rootRoute, 'interviews/async/public/video/$id', m.asyncPublicQuestionVideo, answerPage);
const asyncPublicQuestionText = page(rootRoute, 'interviews/async/public/text/$id', m.asyncPublicQuestionText, answerPage);
const asyncPublicCreate = page(rootRoute, 'interviews/async/public/create/$id', m.asyncPublicCreate, guestStartPage);
const asyncPublicFinish = page(rootRoute, 'interviews/async/public/finish', m.asyncPublicInterviewCreateFinish, guestFinishPage);
const asyncQuestionVideo = page(rootRoute, 'interviews/async/video/$id', m.asyncQuestionVideo, answerPage);
const asyncQuestionText = page(rootRoute, 'interviews/async/text/$id', m.asyncQuestionText, answerPage);
const asyncAnswer = page(rootRoute, 'async/answer/$type/$hash', m.asyncAnswer, answerLinkPage);
const publicAsyncAnswer = createRoute({
  getParentRoute: () => rootRoute,
  path: 'pub/async/answer/$type/$hash',
  staticData: { meta: m.asyncAnswer },
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/async/answer/$type/$hash', params, search: true, replace: true });
  },
});
// A newsroom's public address (the server's page of it, drawn again by the app); `our` and `confirm` are screens of their own.
const newsroom = page(rootRoute, 'newsrooms/$slug', { name: 'newsroom', title: 'Newsroom', leftNavbar: true }, newsroomPage);
const company = page(rootRoute, 'c/$slug', m.company, companyPage);
const outlet = page(rootRoute, 'o/$slug', m.outlet, outletPage);
const userProfile = page(rootRoute, 'u/$slug', m.userProfile, userProfilePage);
const community = page(rootRoute, 'community/$slug', m.community, communityPage);

// Post pages.
const story = page(rootRoute, 'stories/$id', m.story, storyPage);
const announcement = branch(rootRoute, 'announcements/$id', m.announcement);
// The public address (the server's page of it) reads as the web version in the app, for everyone.
const announcementIndex = page(announcement, '/', m.announcementWeb, announcementWebPage);
const announcementHub = page(announcement, 'hub', m.announcementHub, announcementHubPage);
const announcementWeb = page(announcement, 'web', m.announcementWeb, announcementWebPage);
const announcementEmail = page(announcement, 'email', m.announcementEmail, announcementEmailPage);
const interview = page(rootRoute, 'interviews/$id', m.interview, interviewPage);

// User settings.
const settings = page(rootRoute, 'u/$slug/settings', m.userSettings, settingsLayout);
const settingsIndex = createRoute({
  getParentRoute: () => settings,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/u/$slug/settings/basic', params, replace: true });
  },
});
const settingsChildren = [
  page(settings, 'basic', m.settingsBasic, settingsTab('BasicPage')),
  page(settings, 'security', m.settingsSecurity, securityPage),
  page(settings, 'contacts', m.settingsContacts, settingsTab('ProfileInformationPage')),
  page(settings, 'social', m.settingsSocial, settingsTab('SocialPage')),
  page(settings, 'subscriptions', m.settingsSubscriptions, settingsTab('SubscriptionsPage')),
  page(settings, 'notifications', m.settingsNotifications, settingsTab('NotificationPreferencesPage')),
  page(settings, 'follows', m.settingsFollows, settingsTab('FollowsPage')),
  page(settings, 'companies', m.settingsCompanies, settingsTab('CompaniesPage')),
  page(settings, 'beats_outlets', m.settingsBeatsOutlets, settingsTab('BeatsOutletsPage')),
];

// Application routes.
// `?to={slug}` opens the new-message form addressed to that person (a profile's Message button).
const messages = createRoute({
  getParentRoute: () => rootRoute,
  path: 'messages',
  staticData: { meta: m.messages },
  component: messagesPage,
  validateSearch: (search: Record<string, unknown>): { to?: string } => (typeof search.to === 'string' && search.to ? { to: search.to } : {}),
});
const messageThread = page(rootRoute, 'messages/$conversationId', m.messages, messagesPage);
const interviews = branch(rootRoute, 'interviews', m.interviews);
const interviewsIndex = createRoute({
  getParentRoute: () => interviews,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/interviews/wire', replace: true });
  },
});
const interviewChildren = [
  page(interviews, 'wire', m.interviewWire, interviewsPage),
  page(interviews, 'my', m.myInterviews, interviewsPage),
  page(interviews, 'questions', m.myQuestions, interviewsPage),
  page(interviews, 'awaiting', m.awaitingAnswers, interviewsPage),
  page(interviews, 'shared', m.sharedInterviews, interviewsPage),
  page(interviews, 'saved', m.savedMedia, interviewsPage),
];
const allAnnouncements = page(rootRoute, 'announcements/all', m.allAnnouncements, announcementsPage);
const ourAnnouncements = page(rootRoute, 'announcements/our', m.ourAnnouncements, announcementsPage);
const workArea = [
  page(rootRoute, 'tasks', m.tasks, tasksPage),
  createRoute({ getParentRoute: () => rootRoute, path: 'work_lists', staticData: { meta: m.workLists }, component: contactListsPage, validateSearch: listSearch }),
  page(rootRoute, 'channels', m.channels),
  page(rootRoute, 'newsrooms/our', m.ourNewsrooms, ourNewsroomsPage),
  page(rootRoute, 'callouts/async/video/$id', m.calloutAsyncVideo, answerPage),
  page(rootRoute, 'callouts/async/text/$id', m.calloutAsyncText, answerPage),
];
const news = [
  page(rootRoute, 'monitor', m.monitor, monitorsPage),
  page(rootRoute, 'monitor/$id', m.monitorDetail, monitorPage),
  page(rootRoute, 'newswire', m.newswire, newswirePage),
  page(rootRoute, 'insider', m.insider, insiderPage),
  page(rootRoute, 'newsrooms', m.newsrooms, newsroomsPage),
  page(rootRoute, 'commentary', m.commentary, commentaryPage),
  page(rootRoute, 'admin/news', m.adminNews, newsSourcesPage),
];
const contacts = [
  createRoute({ getParentRoute: () => rootRoute, path: 'contacts', staticData: { meta: m.allContacts }, component: contactsPage, validateSearch: directorySearch }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: 'contacts/all',
    staticData: { meta: m.allContacts },
    beforeLoad: () => {
      throw redirect({ to: '/contacts', search: true, replace: true });
    },
  }),
  createRoute({ getParentRoute: () => rootRoute, path: 'contacts/lists', staticData: { meta: m.contactLists }, component: contactListsPage, validateSearch: listSearch }),
  page(rootRoute, 'contacts/duplicates', m.contactDuplicates, duplicatesPage),
  page(rootRoute, 'contacts/$id', m.contact, contactPage),
  page(rootRoute, 'contacts/recommendations', m.recommendations, recommendationsPage),
  page(rootRoute, 'contacts/jobs', m.contactJobs, contactJobsPage),
  page(rootRoute, 'contacts/callouts', m.contactCallOuts, contactCallOutsPage),
];
const companiesNewsrooms = createRoute({
  getParentRoute: () => rootRoute,
  path: 'companies/newsrooms',
  staticData: { meta: m.companiesNewsrooms },
  component: adminNewsroomsPage,
  validateSearch: adminNewsroomsSearch,
});
const adminAudit = page(rootRoute, 'admin/audit', { name: 'adminAudit', title: 'Audit', auth: true, modes: ['full', 'mvp'], roles: ['admin'], leftNavbar: true }, auditPage);
const mobileOnly = [page(rootRoute, 'search', m.search, searchPage), page(rootRoute, 'notifications', m.notifications, notificationsPage), page(rootRoute, 'create', m.create, createPage)];

// Development routes.
const development = page(rootRoute, 'development', m.development, developmentPage);
const developmentChildren = developmentTools.map((tool) =>
  page(rootRoute, `development/${tool.path}`, { ...m.development, name: tool.path, title: tool.title }, developmentScreen(tool.path)),
);

export const routeTree = rootRoute.addChildren([
  home,
  signIn,
  restoreAccess,
  passwordRecovery,
  signUp,
  welcome,
  onboarding,
  notFound,
  status,
  newsroomConfirmation,
  newsroom,
  asyncPublicQuestionVideo,
  asyncPublicQuestionText,
  asyncPublicCreate,
  asyncPublicFinish,
  asyncQuestionVideo,
  asyncQuestionText,
  asyncAnswer,
  publicAsyncAnswer,
  company,
  outlet,
  userProfile,
  community,
  story,
  announcement.addChildren([announcementIndex, announcementHub, announcementWeb, announcementEmail]),
  interview,
  settings.addChildren([settingsIndex, ...settingsChildren]),
  messages,
  messageThread,
  interviews.addChildren([interviewsIndex, ...interviewChildren]),
  allAnnouncements,
  ourAnnouncements,
  ...workArea,
  ...news,
  ...contacts,
  companiesNewsrooms,
  adminAudit,
  ...mobileOnly,
  development,
  ...developmentChildren,
  unknownPathRoute,
]);
