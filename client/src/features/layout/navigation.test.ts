import { describe, expect, it } from 'vitest';
import { currentUserLike } from '../session/testUser.ts';
import { breakpointOf } from './breakpoints.ts';
import { navigationFor, type NavItem } from './navigation.ts';

const labels = (items: NavItem[]) => items.map((item) => (item.kind === 'group' ? `${item.label}: ${item.children.map((child) => child.label).join(', ')}` : item.label));

describe('left navbar items', () => {
  it('shows MVP Home, Interviews, Announcements, Content and the News everyone reads', () => {
    const journalist = currentUserLike({ modules: ['ROLE_MODULE_ONLINE_NEWSROOM'] });
    const navigation = navigationFor(journalist, { user: journalist, developmentHost: true, viewModeSetting: null });
    expect(labels(navigation.items)).toEqual([
      'Home',
      'Interviews: Interview Wire, My interviews, My questions, Awaiting answers, Shared interviews, Saved media',
      'Announcements',
      'Content: Our announcements, Our newsrooms',
      'News: Newswire, Insider, Commentary',
    ]);
    expect(navigation.communities).toBe(false);
    expect(navigation.development).toBeNull();
  });

  it('adds Contacts, Tasks and Work lists to MVP for accounts with the contacts module', () => {
    const pr = currentUserLike({ roles: ['pr'], modules: ['ROLE_MODULE_CONTACTS'] });
    const navigation = navigationFor(pr, { user: pr, developmentHost: false, viewModeSetting: null });
    expect(labels(navigation.items).slice(-3)).toEqual(['Content: Tasks, Our announcements, Work lists', 'News: Newswire, Insider, Commentary', 'Contacts: Contacts, Contact lists']);
  });

  it('shows full mode every area the account has modules for, and Development on development hosts', () => {
    const admin = currentUserLike({ roles: ['admin'], modules: ['ROLE_MODULE_CONTACTS', 'ROLE_MODULE_REPORTS'] });
    const navigation = navigationFor(admin, { user: admin, developmentHost: true, viewModeSetting: null });
    expect(labels(navigation.items)).toEqual([
      'Home',
      'Messages',
      'Interviews: Interview Wire, My interviews, My questions, Awaiting answers, Shared interviews, Saved media',
      'News: Newswire, Insider, Newsrooms, Commentary, All announcements, News sources',
      'Content: Tasks, Work lists, Channels, Our announcements, Reports',
      'Contacts: Contacts, Contact lists, Recommendations, Jobs, Call-outs',
      'Admin: All newsrooms',
    ]);
    expect(navigation.communities).toBe(true);
    expect(navigation.development?.to).toBe('/development');
  });
});

describe('breakpoints (spec section 2)', () => {
  it.each([
    [0, 'mobile'],
    [735, 'mobile'],
    [736, 'tablet'],
    [915, 'tablet'],
    [916, 'smallDesktop'],
    [1279, 'smallDesktop'],
    [1280, 'mediumDesktop'],
    [1919, 'mediumDesktop'],
    [1920, 'largeDesktop'],
  ] as const)('%i px is %s', (width, breakpoint) => {
    expect(breakpointOf(width)).toBe(breakpoint);
  });
});
