import { describe, expect, it } from 'vitest';
import { currentUserLike } from '../features/session/testUser.ts';
import { decideNavigation, isRouteAvailable, titleOf, viewModeOf, type Viewer } from './access.ts';
import { routeMeta } from './meta.ts';

const journalist = currentUserLike();
const admin = currentUserLike({ roles: ['admin'], modules: ['ROLE_MODULE_CONTACTS', 'ROLE_MODULE_MONITOR', 'ROLE_MODULE_ONLINE_NEWSROOM'] });
const viewer = (changes: Partial<Viewer> = {}): Viewer => ({ user: journalist, developmentHost: false, viewModeSetting: null, ...changes });

describe('view mode (spec section 6)', () => {
  it('is full for an admin by default, and follows their development setting', () => {
    expect(viewModeOf(admin, null)).toBe('full');
    expect(viewModeOf(admin, 'mvp')).toBe('mvp');
  });

  it('is mvp for everyone else, whatever the setting says', () => {
    expect(viewModeOf(journalist, 'full')).toBe('mvp');
    expect(viewModeOf(currentUserLike({ roles: ['pr', 'accountAdmin'] }), null)).toBe('mvp');
  });
});

describe('which routes exist', () => {
  it('gives mvp the reduced set and full the whole set', () => {
    expect(isRouteAvailable(routeMeta.myInterviews, viewer())).toBe(true);
    expect(isRouteAvailable(routeMeta.channels, viewer())).toBe(false);
    expect(isRouteAvailable(routeMeta.channels, viewer({ user: admin }))).toBe(true);
    expect(isRouteAvailable(routeMeta.channels, viewer({ user: admin, viewModeSetting: 'mvp' }))).toBe(false);
  });

  it('removes routes whose modules the user lacks', () => {
    const noModules = currentUserLike({ roles: ['admin'] });
    expect(isRouteAvailable(routeMeta.allContacts, viewer({ user: noModules }))).toBe(false);
    expect(isRouteAvailable(routeMeta.allContacts, viewer({ user: admin }))).toBe(true);
  });

  it('removes settings for read-only people and during onboarding', () => {
    expect(isRouteAvailable(routeMeta.userSettings, viewer())).toBe(true);
    expect(isRouteAvailable(routeMeta.userSettings, viewer({ user: currentUserLike({ isReadOnly: true }) }))).toBe(false);
    expect(isRouteAvailable(routeMeta.settingsSecurity, viewer({ user: currentUserLike({ onboarding: 'basic' }) }))).toBe(false);
  });

  it('keeps development routes to development hosts', () => {
    expect(isRouteAvailable(routeMeta.development, viewer())).toBe(false);
    expect(isRouteAvailable(routeMeta.development, viewer({ developmentHost: true }))).toBe(true);
  });

  it('has no application route for a guest', () => {
    expect(isRouteAvailable(routeMeta.home, viewer({ user: null }))).toBe(false);
    expect(isRouteAvailable(routeMeta.signIn, viewer({ user: null }))).toBe(true);
  });
});

describe('the route guard', () => {
  it('sends a guest from an application route to signIn, keeping the full path', () => {
    expect(decideNavigation([routeMeta.myInterviews], viewer({ user: null }), '/interviews/my?page=2')).toEqual({ kind: 'signIn', savePath: '/interviews/my?page=2' });
  });

  it('sends a guest from an unknown path to signIn, keeping it', () => {
    expect(decideNavigation([], viewer({ user: null }), '/no/such/page', true)).toEqual({ kind: 'signIn', savePath: '/no/such/page' });
  });

  it('does not keep the home path', () => {
    expect(decideNavigation([routeMeta.home], viewer({ user: null }), '/')).toEqual({ kind: 'signIn', savePath: null });
  });

  it('shows a signed-in user the 404 page for unknown and removed routes', () => {
    expect(decideNavigation([], viewer(), '/no/such/page', true)).toEqual({ kind: 'notFound' });
    expect(decideNavigation([routeMeta.channels], viewer(), '/channels')).toEqual({ kind: 'notFound' });
  });

  it('sends a signed-in user home from a guest-only route', () => {
    expect(decideNavigation([routeMeta.signIn], viewer(), '/sign_in')).toEqual({ kind: 'home' });
  });

  it('lets guests onto guest-only and public routes', () => {
    expect(decideNavigation([routeMeta.signUp], viewer({ user: null }), '/sign_up')).toEqual({ kind: 'allow' });
    expect(decideNavigation([routeMeta.userProfile], viewer({ user: null }), '/u/someone')).toEqual({ kind: 'allow' });
  });
});

describe('document title', () => {
  it('is the deepest meta title, else the product name', () => {
    expect(titleOf([routeMeta.userSettings, routeMeta.settingsSecurity], 'Pressroom')).toBe('Security');
    expect(titleOf([undefined, { name: 'nameless' }], 'Pressroom')).toBe('Pressroom');
  });
});
