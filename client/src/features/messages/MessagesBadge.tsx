import { Badge } from '../../ui/Badge.tsx';
import { useUnreadMessages } from './queries.ts';

/** The messages badge: the real unread total, '99+' above 99 (spec section 9). */
export function MessagesBadge() {
  const total = useUnreadMessages();
  return <Badge count={total} label="unread messages" className="messages-badge" />;
}
