import type { AccountRole, ModuleName } from '../../../contracts/users/enums.ts';

export type ViewMode = 'full' | 'mvp';

/** What a route tells the guards and the layout about itself (spec section 2). */
export type RouteMeta = {
  /** The route's name in the spec (signIn, restoreAccess, allContacts...). */
  name: string;
  /** The document title while the route is shown; the product's name when absent. */
  title?: string;
  /** Needs a signed-in user. */
  auth?: boolean;
  /** Only for guests: a signed-in user goes home. */
  guestOnly?: boolean;
  /** An application route: present only after the current user loads, in these view modes. */
  modes?: readonly ViewMode[];
  /** Removed for people whose account lacks any of these modules. */
  modules?: readonly ModuleName[];
  /** Removed for people without one of these roles. */
  roles?: readonly AccountRole[];
  /** The user settings: removed for read-only people and during onboarding. */
  settings?: boolean;
  /** Development tools: development hosts only. */
  development?: boolean;
  /** The route's `id` parameter must be digits (posts, announcements, interviews). */
  digitId?: boolean;
  /** Shows the left navbar (on non-mobile screens, for signed-in people). */
  leftNavbar?: boolean;
};

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    meta?: RouteMeta;
  }
}

export const PRODUCT_NAME = 'Pressroom';

const both = ['full', 'mvp'] as const;
const fullOnly = ['full'] as const;
const app = (name: string, title: string, modes: readonly ViewMode[], extra: Partial<RouteMeta> = {}): RouteMeta => ({
  name,
  title,
  auth: true,
  modes,
  leftNavbar: true,
  ...extra,
});

/**
 * Every route of spec section 2 with its name, title and flags: the route tree and the
 * navigation both read them from here. MVP mode keeps the areas of MVP's navigation (home,
 * interviews, announcements, content) plus messages and the mobile-only screens.
 */
export const routeMeta = {
  home: app('home', 'Home', both),
  signIn: { name: 'signIn', title: 'Sign in', guestOnly: true },
  restoreAccess: { name: 'restoreAccess', title: 'Restore access', guestOnly: true },
  passwordRecovery: { name: 'passwordRecovery', title: 'Choose a new password', guestOnly: true },
  signUp: { name: 'signUp', title: 'Sign up', guestOnly: true },
  welcome: { name: 'welcome', title: 'Welcome' },
  notFound: { name: 'notFound', title: 'Page not found' },
  status: { name: 'status', title: 'System status' },

  newsroomConfirmationPermission: { name: 'newsroomConfirmationPermission', title: 'Newsroom confirmation' },
  asyncPublicQuestionVideo: { name: 'asyncPublicQuestionVideo', title: 'Video question' },
  asyncPublicQuestionText: { name: 'asyncPublicQuestionText', title: 'Text question' },
  asyncPublicCreate: { name: 'asyncPublicCreate', title: 'Create an interview' },
  asyncPublicInterviewCreateFinish: { name: 'asyncPublicInterviewCreateFinish', title: 'Interview created' },
  asyncQuestionVideo: { name: 'asyncQuestionVideo', title: 'Video question' },
  asyncQuestionText: { name: 'asyncQuestionText', title: 'Text question' },
  asyncAnswer: { name: 'asyncAnswer', title: 'Answer an interview' },
  company: { name: 'company', title: 'Company' },
  outlet: { name: 'outlet', title: 'Outlet' },
  userProfile: { name: 'userProfile', title: 'Profile' },
  community: { name: 'community', title: 'Community', leftNavbar: true },

  story: { name: 'story', title: 'Story', auth: true, leftNavbar: true, digitId: true },
  announcement: { name: 'announcement', title: 'Announcement', leftNavbar: true, digitId: true },
  announcementHub: { name: 'hub', title: 'Announcement hub', auth: true, leftNavbar: true },
  announcementWeb: { name: 'web', title: 'Web version', leftNavbar: true },
  announcementEmail: { name: 'email', title: 'Email version', auth: true, leftNavbar: true },
  interview: { name: 'interview', title: 'Interview', auth: true, leftNavbar: true, digitId: true },

  userSettings: { name: 'userSettings', title: 'User Settings', auth: true, settings: true },
  settingsBasic: { name: 'basic', title: 'Basic details', auth: true, settings: true },
  settingsSecurity: { name: 'security', title: 'Security', auth: true, settings: true },
  settingsContacts: { name: 'contacts', title: 'Profile information', auth: true, settings: true },
  settingsSocial: { name: 'social', title: 'Social media profiles', auth: true, settings: true },
  settingsSubscriptions: { name: 'subscriptions', title: 'Newsletter subscriptions', auth: true, settings: true },
  settingsNotifications: { name: 'notifications', title: 'Notifications', auth: true, settings: true },
  settingsFollows: { name: 'follows', title: 'My follows', auth: true, settings: true },
  settingsCompanies: { name: 'companies', title: 'Companies and responsibilities', auth: true, settings: true },
  settingsBeatsOutlets: { name: 'beats_outlets', title: 'Beats and outlets', auth: true, settings: true },

  messages: app('messages', 'Messages', both),
  interviews: app('interviews', 'Interviews', both),
  interviewWire: app('wire', 'Interview Wire', both),
  myInterviews: app('my', 'My interviews', both),
  myQuestions: app('questions', 'My questions', both),
  awaitingAnswers: app('awaiting', 'Awaiting answers', both),
  sharedInterviews: app('shared', 'Shared interviews', both),
  savedMedia: app('saved', 'Saved media', both),
  allAnnouncements: app('allAnnouncements', 'All announcements', both),
  ourAnnouncements: app('ourAnnouncements', 'Our announcements', both),

  tasks: app('tasks', 'Tasks', both, { modules: ['ROLE_MODULE_CONTACTS'] }),
  workLists: app('workLists', 'Work lists', both, { modules: ['ROLE_MODULE_CONTACTS'] }),
  channels: app('channels', 'Channels', fullOnly),
  ourNewsrooms: app('ourNewsrooms', 'Our newsrooms', both, { modules: ['ROLE_MODULE_ONLINE_NEWSROOM'] }),
  calloutAsyncVideo: app('calloutAsyncVideo', 'Callout video question', both),
  calloutAsyncText: app('calloutAsyncText', 'Callout text question', both),

  monitor: app('monitor', 'Monitor', both, { modules: ['ROLE_MODULE_MONITOR'] }),
  monitorDetail: app('monitorDetail', 'Monitor', both, { modules: ['ROLE_MODULE_MONITOR'], digitId: true }),
  newswire: app('newswire', 'Newswire', both),
  insider: app('insider', 'Insider', both),
  newsrooms: app('newsrooms', 'Newsrooms', fullOnly),
  commentary: app('commentary', 'Commentary', both),
  adminNews: app('adminNews', 'News sources', both, { roles: ['admin'] }),

  allContacts: app('allContacts', 'Contacts', both, { modules: ['ROLE_MODULE_CONTACTS'] }),
  contactLists: app('lists', 'Contact lists', both, { modules: ['ROLE_MODULE_CONTACTS'] }),
  contact: app('contact', 'Contact', both, { modules: ['ROLE_MODULE_CONTACTS'], digitId: true }),
  contactDuplicates: app('duplicates', 'Duplicate contacts', both, { modules: ['ROLE_MODULE_CONTACTS'] }),
  recommendations: app('recommendations', 'Recommendations', both, { modules: ['ROLE_MODULE_CONTACTS'] }),
  contactJobs: app('jobs', 'Jobs', both, { modules: ['ROLE_MODULE_CONTACTS'] }),
  contactCallOuts: app('callOuts', 'Call-outs', both, { modules: ['ROLE_MODULE_CONTACTS'] }),

  companiesNewsrooms: app('companiesNewsrooms', 'Companies and newsrooms', fullOnly, { roles: ['admin'] }),

  search: app('search', 'Search', both),
  notifications: app('notifications', 'Notifications', both),
  create: app('create', 'Create', both),

  development: app('development', 'Development', both, { development: true }),
} satisfies Record<string, RouteMeta>;

export type RouteKey = keyof typeof routeMeta;

/** The development tools of spec section 2, by path under /development. */
export const developmentTools = [
  { path: 'multiselect', title: 'Multiselect' },
  { path: 'img/selector', title: 'Image selector' },
  { path: 'img/cut', title: 'Image cut' },
  { path: 'buttons', title: 'Buttons' },
  { path: 'videoRecorder', title: 'Video recorder' },
  { path: 'ckeditor', title: 'Rich text editor' },
  { path: 'newsroom', title: 'Newsroom' },
  { path: 'hls', title: 'HLS video' },
  { path: 'edit-community', title: 'Edit community' },
] as const;
