import type { CurrentUser } from '../../../../contracts/users/current-user.ts';
import { NavigationList } from './NavigationList.tsx';

/** Spec section 2: beside the page on non-mobile screens, short (icons only) on tablets. */
export function LeftNavbar({ user, short }: { user: CurrentUser; short: boolean }) {
  return (
    <nav className={`left-navbar${short ? ' left-navbar--short' : ''}`} aria-label="Main">
      <NavigationList user={user} short={short} />
    </nav>
  );
}
