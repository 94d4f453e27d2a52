import { describeStatus, type StatusValue } from './format.ts';

// The word carries the meaning; colour and dot only repeat it for a quick glance.
export function StatusBadge({ status }: { status: StatusValue }) {
  const { label, tone } = describeStatus(status);
  return (
    <span className={`badge badge--${tone}`}>
      <span className="badge__dot" aria-hidden="true" />
      {label}
    </span>
  );
}
