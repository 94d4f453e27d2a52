import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { NotificationList } from '../../../../contracts/notifications.ts';
import type { CurrentUser } from '../../../../contracts/users/current-user.ts';
import { api } from '../../lib/api/index.ts';
import { Badge } from '../../ui/Badge.tsx';
import { isJournalist } from '../session/currentUser.ts';
import { Icon, type IconName } from './navIcons.tsx';

const unreadNotificationsQuery = {
  queryKey: ['notifications', 'unreadCount'],
  queryFn: async () => (await api.get<NotificationList>('/api/v1/notifications', { query: { limit: 1 } })).unreadCount,
  staleTime: 30_000,
};

type Item = { to: string; label: string; icon: IconName; count?: number };

/** Spec section 2: home, search and create; notifications and messages too for non-journalists. */
export function BottomNavbar({ user }: { user: CurrentUser }) {
  const journalist = isJournalist(user);
  const unread = useQuery({ ...unreadNotificationsQuery, enabled: !journalist }).data ?? 0;
  const items: Item[] = [
    { to: '/', label: 'Home', icon: 'home' },
    { to: '/search', label: 'Search', icon: 'search' },
    { to: '/create', label: 'Create', icon: 'create' },
    ...(journalist
      ? []
      : [
          { to: '/notifications', label: 'Notifications', icon: 'notifications', count: unread } satisfies Item,
          { to: '/messages', label: 'Messages', icon: 'messages' } satisfies Item,
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
