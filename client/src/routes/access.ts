import type { CurrentUser } from '../../../contracts/users/current-user.ts';
import type { RouteMeta, ViewMode } from './meta.ts';

export type Viewer = {
  user: CurrentUser | null;
  developmentHost: boolean;
  /** Admins' local development setting; null when never set. */
  viewModeSetting: ViewMode | null;
};

/** Spec section 6: full only for admins (from their development setting, default full); mvp for everyone else. */
export function viewModeOf(user: CurrentUser, setting: ViewMode | null): ViewMode {
  return user.roles.includes('admin') ? (setting ?? 'full') : 'mvp';
}

/**
 * Whether a route exists for this viewer (spec sections 2 and 6). Application routes come
 * only with a loaded user and in their view modes; module, role, settings and development
 * routes are removed for those who may not have them.
 */
export function isRouteAvailable(meta: RouteMeta, viewer: Viewer): boolean {
  const { user } = viewer;
  if (meta.development && !viewer.developmentHost) return false;
  if (meta.modes && (!user || !meta.modes.includes(viewModeOf(user, viewer.viewModeSetting)))) return false;
  if (meta.modules?.some((module) => !user?.modules.includes(module))) return false;
  if (meta.roles && !meta.roles.some((role) => user?.roles.includes(role))) return false;
  if (meta.settings && user && (user.isReadOnly || user.onboarding !== false)) return false;
  return true;
}

export type GuardDecision =
  | { kind: 'allow' }
  /** To signIn; `savePath` is kept so that signing in lands there. */
  | { kind: 'signIn'; savePath: string | null }
  | { kind: 'home' }
  | { kind: 'notFound' };

/**
 * The route guard of spec section 2 for one navigation: `metas` are the matched routes'
 * metadata from the root down (undefined for none, an unknown path is `unknown`).
 */
export function decideNavigation(metas: readonly RouteMeta[], viewer: Viewer, href: string, unknown = false): GuardDecision {
  const signedIn = viewer.user !== null;
  // The home path says nothing worth coming back to.
  const savePath = href === '/' ? null : href;
  const unavailable = unknown || metas.some((meta) => !isRouteAvailable(meta, viewer));
  if (!signedIn && (unavailable || metas.some((meta) => meta.auth))) return { kind: 'signIn', savePath };
  if (unavailable) return { kind: 'notFound' };
  if (signedIn && metas.some((meta) => meta.guestOnly)) return { kind: 'home' };
  return { kind: 'allow' };
}

/** The document title: the deepest route's meta title, else the product's name. */
export function titleOf(metas: readonly (RouteMeta | undefined)[], productName: string): string {
  for (let index = metas.length - 1; index >= 0; index -= 1) {
    const title = metas[index]?.title;
    if (title) return title;
  }
  return productName;
}
