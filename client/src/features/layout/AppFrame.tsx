import { Outlet } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import type { CurrentUser } from '../../../../contracts/users/current-user.ts';
import { RealtimeProvider } from '../../lib/realtime/index.ts';
import { AlertDialogHost } from '../../ui/AlertDialog.tsx';
import { Toaster } from '../../ui/toast.tsx';
import { PostModalHost } from '../posts/PostModalHost.tsx';
import { LiveChat } from '../session/LiveChat.tsx';
import { SessionSignInModal } from '../session/SessionSignInModal.tsx';
import { TaskAlerts } from '../tasks/TaskAlerts.tsx';
import { isAdmin, isJournalist, useCurrentUser } from '../session/currentUser.ts';
import { bannerDismissedAtom } from '../session/settings.ts';
import { Banner } from './Banner.tsx';
import { BottomNavbar } from './BottomNavbar.tsx';
import { useBreakpoint } from './breakpoints.ts';
import { LeftNavbar } from './LeftNavbar.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';
import { TopBar } from './TopBar.tsx';
import { useRouteMetas } from './useRouteMeta.ts';
import './layout.css';

/** Spec section 2: the page starts 142 px down with the banner, 72 px without. */
export const TOP_OFFSET = { withBanner: 142, withoutBanner: 72 } as const;

/** The banner is for account users who are neither platform admins nor journalists (spec section 6). */
export const showsBanner = (user: CurrentUser) => user.account !== null && !isAdmin(user) && !isJournalist(user);

export function AppFrame() {
  const user = useCurrentUser();
  const metas = useRouteMetas();
  const breakpoint = useBreakpoint();
  const bannerDismissed = useAtomValue(bannerDismissedAtom);

  const guestOnly = metas.some((meta) => meta.guestOnly);
  const banner = user !== null && !guestOnly && showsBanner(user) && !bannerDismissed;
  const leftNavbar = user !== null && !guestOnly && breakpoint !== 'mobile' && metas.at(-1)?.leftNavbar === true;
  const bottomNavbar = user !== null && !guestOnly && breakpoint === 'mobile';
  const topOffset = banner ? TOP_OFFSET.withBanner : TOP_OFFSET.withoutBanner;

  const classes = [
    'frame',
    leftNavbar && (breakpoint === 'tablet' ? 'frame--short-navbar' : 'frame--navbar'),
    bottomNavbar && 'frame--bottom-navbar',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <RealtimeProvider userId={user?.id ?? null}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {guestOnly ? (
        <main id="main" tabIndex={-1} className="frame__guest">
          <Outlet />
        </main>
      ) : (
        <div className={classes} style={{ '--frame-top': `${topOffset}px` } as React.CSSProperties} data-breakpoint={breakpoint}>
          <TopBar user={user} compact={breakpoint === 'mobile'} />
          {banner && user && <Banner user={user} />}
          {leftNavbar && user && <LeftNavbar user={user} short={breakpoint === 'tablet'} />}
          <main id="main" tabIndex={-1} className="frame__main">
            <div className="frame__content">
              <Outlet />
            </div>
          </main>
          {bottomNavbar && user && <BottomNavbar user={user} />}
          <ScrollToTop />
        </div>
      )}
      <Toaster />
      <AlertDialogHost />
      <SessionSignInModal />
      <LiveChat />
      {user && <PostModalHost />}
      {user?.modules.includes('ROLE_MODULE_CONTACTS') && <TaskAlerts />}
    </RealtimeProvider>
  );
}
