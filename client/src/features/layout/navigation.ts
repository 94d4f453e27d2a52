import type { CurrentUser } from '../../../../contracts/users/current-user.ts';
import type { ModuleName } from '../../../../contracts/users/enums.ts';
import { isRouteAvailable, viewModeOf, type Viewer } from '../../routes/access.ts';
import { routeMeta, type RouteKey } from '../../routes/meta.ts';
import type { IconName } from './navIcons.tsx';

export type NavLink = { kind: 'link'; label: string; to: string; icon: IconName };
/** An item whose screen is not built yet: choosing it says so (spec section 2). */
export type NavUnfinished = { kind: 'unfinished'; label: string; icon: IconName };
export type NavGroup = { kind: 'group'; label: string; icon: IconName; children: (NavLink | NavUnfinished)[] };
export type NavItem = NavLink | NavUnfinished | NavGroup;

type LinkSpec = { route: RouteKey; to: string; label?: string; icon?: IconName };
type UnfinishedSpec = { unfinished: string; modules: readonly ModuleName[] };
type GroupSpec = { group: string; icon: IconName; children: (LinkSpec | UnfinishedSpec)[] };
type ItemSpec = (LinkSpec & { icon: IconName }) | GroupSpec;

const interviews: GroupSpec = {
  group: 'Interviews',
  icon: 'interviews',
  children: [
    { route: 'interviewWire', to: '/interviews/wire' },
    { route: 'myInterviews', to: '/interviews/my' },
    { route: 'myQuestions', to: '/interviews/questions' },
    { route: 'awaitingAnswers', to: '/interviews/awaiting' },
    { route: 'sharedInterviews', to: '/interviews/shared' },
    { route: 'savedMedia', to: '/interviews/saved' },
  ],
};

const fullNavigation: ItemSpec[] = [
  { route: 'home', to: '/', icon: 'home' },
  { route: 'messages', to: '/messages', icon: 'messages' },
  interviews,
  {
    group: 'News',
    icon: 'news',
    children: [
      { route: 'monitor', to: '/monitor' },
      { route: 'newswire', to: '/newswire' },
      { route: 'insider', to: '/insider' },
      { route: 'newsrooms', to: '/newsrooms' },
      { route: 'commentary', to: '/commentary' },
      { route: 'allAnnouncements', to: '/announcements/all' },
      { route: 'adminNews', to: '/admin/news' },
    ],
  },
  {
    group: 'Content',
    icon: 'content',
    children: [
      { route: 'tasks', to: '/tasks' },
      { route: 'workLists', to: '/work_lists' },
      { route: 'channels', to: '/channels' },
      { route: 'ourNewsrooms', to: '/newsrooms/our' },
      { route: 'ourAnnouncements', to: '/announcements/our' },
      // The module exists (spec section 3) but no screen of the spec shows reports yet.
      { unfinished: 'Reports', modules: ['ROLE_MODULE_REPORTS'] },
    ],
  },
  {
    group: 'Contacts',
    icon: 'contacts',
    children: [
      { route: 'allContacts', to: '/contacts' },
      { route: 'contactLists', to: '/contacts/lists' },
      { route: 'recommendations', to: '/contacts/recommendations' },
      { route: 'contactJobs', to: '/contacts/jobs' },
      { route: 'contactCallOuts', to: '/contacts/callouts' },
    ],
  },
  // Spec section 2's admin routes: the group shows only to those whose role opens one of them.
  { group: 'Admin', icon: 'settings', children: [{ route: 'companiesNewsrooms', to: '/companies/newsrooms', label: 'All newsrooms' }] },
];

/** Spec section 2: MVP shows only Home, Interviews, Announcements and Content (Our announcements, Our newsrooms). */
const mvpNavigation: ItemSpec[] = [
  { route: 'home', to: '/', icon: 'home' },
  interviews,
  { route: 'allAnnouncements', to: '/announcements/all', label: 'Announcements', icon: 'announcements' },
  {
    group: 'Content',
    icon: 'content',
    children: [
      { route: 'tasks', to: '/tasks' },
      { route: 'ourAnnouncements', to: '/announcements/our' },
      { route: 'ourNewsrooms', to: '/newsrooms/our' },
      { route: 'workLists', to: '/work_lists' },
    ],
  },
  // Everyone reads the newswire in MVP too, and accounts with the monitor module watch their mentions (docs/decisions.md).
  {
    group: 'News',
    icon: 'news',
    children: [
      { route: 'monitor', to: '/monitor' },
      { route: 'newswire', to: '/newswire' },
      { route: 'insider', to: '/insider' },
      { route: 'commentary', to: '/commentary' },
    ],
  },
  // Accounts with the contacts module work their media lists in MVP too (docs/decisions.md).
  {
    group: 'Contacts',
    icon: 'contacts',
    children: [
      { route: 'allContacts', to: '/contacts' },
      { route: 'contactLists', to: '/contacts/lists' },
    ],
  },
];

function linkOf(spec: LinkSpec, icon: IconName, viewer: Viewer): NavLink | null {
  const meta = routeMeta[spec.route];
  if (!isRouteAvailable(meta, viewer)) return null;
  return { kind: 'link', label: spec.label ?? meta.title ?? meta.name, to: spec.to, icon };
}

export type Navigation = {
  items: NavItem[];
  /** Full mode lists the person's communities after the items (spec section 2); MVP does not. */
  communities: boolean;
  /** Last of all, on development hosts, in full mode. */
  development: NavLink | null;
};

/** The left navbar for this person: only what their view mode, modules and host give them. */
export function navigationFor(user: CurrentUser, viewer: Viewer): Navigation {
  const full = viewModeOf(user, viewer.viewModeSetting) === 'full';
  const items: NavItem[] = [];
  for (const spec of full ? fullNavigation : mvpNavigation) {
    if ('route' in spec) {
      const link = linkOf(spec, spec.icon, viewer);
      if (link) items.push(link);
      continue;
    }
    const children = spec.children.flatMap((child): (NavLink | NavUnfinished)[] => {
      if ('route' in child) {
        const link = linkOf(child, spec.icon, viewer);
        return link ? [link] : [];
      }
      return child.modules.every((module) => user.modules.includes(module)) ? [{ kind: 'unfinished', label: child.unfinished, icon: spec.icon }] : [];
    });
    if (children.length > 0) items.push({ kind: 'group', label: spec.group, icon: spec.icon, children });
  }
  const development = full ? linkOf({ route: 'development', to: '/development' }, 'development', viewer) : null;
  return { items, communities: full, development };
}
