import { Link } from '@tanstack/react-router';
import type { CurrentUser } from '../../../../contracts/users/current-user.ts';
import { Badge } from '../../ui/Badge.tsx';
import { useUnreadMessages } from '../messages/queries.ts';
import { useUnreadCount } from '../notifications/queries.ts';
import { isJournalist } from '../session/currentUser.ts';
import { Icon, type IconName } from './navIcons.tsx';

type Item = { to: string; label: string; icon: IconName; count?: number };

/** Spec section 2: home, search and create; notifications and messages too for non-journalists. */
export function BottomNavbar({ user }: { user: CurrentUser }) {
  const journalist = isJournalist(user);
  const unread = useUnreadCount();
  const unreadMessages = useUnreadMessages();
  const items: Item[] = [
    { to: '/', label: 'Home', icon: 'home' },
    { to: '/search', label: 'Search', icon: 'search' },
    { to: '/create', label: 'Create', icon: 'create' },
    ...(journalist
      ? []
      : [
          { to: '/notifications', label: 'Notifications', icon: 'notifications', count: unread } satisfies Item,
          { to: '/messages', label: 'Messages', icon: 'messages', count: unreadMessages } satisfies Item,
        ]),
  ];
  return (
    <nav className="bottom-navbar" aria-label="Quick">
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="bottom-navbar__item" activeOptions={{ exact: item.to === '/' }}>
              <span className="bottom-navbar__icon">
                <Icon name={item.icon} />
                {item.count ? <Badge count={item.count} /> : null}
              </span>
              <span className="bottom-navbar__label">{item.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
