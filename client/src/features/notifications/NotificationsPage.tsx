import { NotificationsPanel } from './NotificationsPanel.tsx';
import './notifications.css';

/** Mobile /notifications: the same list as the desktop panel, as a page. */
export function NotificationsPage() {
  return (
    <div className="notifications-page">
      <NotificationsPanel headingLevel={1} />
    </div>
  );
}
