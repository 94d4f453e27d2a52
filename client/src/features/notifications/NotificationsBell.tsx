import { useEffect, useId, useRef, useState } from 'react';
import { Badge } from '../../ui/Badge.tsx';
import { useBreakpoint } from '../layout/breakpoints.ts';
import { NotificationsPanel } from './NotificationsPanel.tsx';
import { useUnreadCount } from './queries.ts';
import './notifications.css';

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2zM10 21h4" />
    </svg>
  );
}

/**
 * The top bar's bell with the live unread badge, opening the notifications panel beneath it
 * (tablets and desktops).
 */
export function NotificationsBell() {
  const unread = useUnreadCount();
  const mobile = useBreakpoint() === 'mobile';
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  // Phones reach /notifications from the bottom navbar (spec section 2), not from here.
  if (mobile) return null;
  return (
    <div className="notifications-bell__root" ref={root}>
      <button
        type="button"
        className="icon-button notifications-bell"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        <BellIcon />
        <Badge count={unread} className="notifications-bell__badge" />
      </button>
      {open && (
        <div id={panelId} className="notifications-popover" role="dialog" aria-label="Notifications">
          <NotificationsPanel onNavigate={() => setOpen(false)} />
        </div>
      )}
    </div>
  );
}
