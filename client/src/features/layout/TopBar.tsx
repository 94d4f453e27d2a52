import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { CurrentUser } from '../../../../contracts/users/current-user.ts';
import { BrandMark } from '../../BrandMark.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { NotificationsBell } from '../notifications/NotificationsBell.tsx';
import { HeaderSearch } from '../search/HeaderSearch.tsx';
import { NavigationList } from './NavigationList.tsx';
import { UserMenu } from './UserMenu.tsx';

/** The fixed bar at the top of every page but the sign-in screens (72 px, spec section 2). */
export function TopBar({ user, compact }: { user: CurrentUser | null; compact: boolean }) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className="top-bar">
      <div className="top-bar__start">
        {user && compact && (
          <button type="button" className="icon-button" aria-label="Open the menu" aria-haspopup="dialog" onClick={() => setMenuOpen(true)}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M4 7h16M4 12h16M4 17h16" />
            </svg>
          </button>
        )}
        <Link to="/" className="brand" aria-label="Pressroom home">
          <BrandMark />
          <span className="brand__name">Pressroom</span>
        </Link>
      </div>
      {user && !compact && (
        <div className="top-bar__search">
          <HeaderSearch />
        </div>
      )}
      <div className="top-bar__end">
        {user ? (
          <>
            <NotificationsBell />
            <UserMenu user={user} compact={compact} />
          </>
        ) : (
          <>
            <Link to="/sign_in" className="top-bar__link">
              Sign in
            </Link>
            <Link to="/sign_up" className="top-bar__cta">
              Sign up
            </Link>
          </>
        )}
      </div>
      {user && compact && (
        <Modal open={menuOpen} onClose={() => setMenuOpen(false)} title="Menu" className="nav-drawer">
          <nav aria-label="Main">
            <NavigationList user={user} onNavigate={() => setMenuOpen(false)} />
          </nav>
        </Modal>
      )}
    </header>
  );
}

