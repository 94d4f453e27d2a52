import type { ReactNode } from 'react';
import { InboxIcon } from './icons.tsx';
import './EmptyState.css';

export type EmptyStateProps = {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** What the person can do about it (a button, a link). */
  action?: ReactNode;
  className?: string;
};

/** What a list or a page shows when it has nothing yet: said plainly, with the next step. */
export function EmptyState({ title, description, icon = <InboxIcon width="28" height="28" />, action, className }: EmptyStateProps) {
  return (
    <div className={['empty-state', className].filter(Boolean).join(' ')}>
      <span className="empty-state__icon">{icon}</span>
      <h2 className="empty-state__title">{title}</h2>
      {description && <p className="empty-state__description">{description}</p>}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}
