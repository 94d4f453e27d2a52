import './Badge.css';

/** What a count badge reads: '99+' above 99 (spec section 9). */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

export type BadgeProps = {
  count: number;
  /** What is counted ("unread notifications"); read after the number by screen readers. */
  label?: string;
  className?: string;
};

/** A small count beside a navigation item; nothing at zero. */
export function Badge({ count, label, className }: BadgeProps) {
  if (count <= 0) return null;
  return (
    <span className={['badge', className].filter(Boolean).join(' ')}>
      {badgeText(count)}
      {label && <span className="visually-hidden"> {label}</span>}
    </span>
  );
}
