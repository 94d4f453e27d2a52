import type { HealthView } from '../../../contracts/health.ts';
import { driverLabels, formatCount, overallSummaries } from './format.ts';
import { StatusBadge } from './StatusBadge.tsx';

export function HealthSummary({ report }: { report: HealthView }) {
  return (
    <dl className="summary">
      <div className="summary__item">
        <dt>Overall</dt>
        <dd>
          <StatusBadge status={report.status} />
          <span className="summary__note">{overallSummaries[report.status]}</span>
        </dd>
      </div>
      <div className="summary__item">
        <dt>Database</dt>
        <dd>
          <StatusBadge status={report.database.status} />
          <span className="summary__note">{driverLabels[report.database.driver]}</span>
        </dd>
      </div>
      <div className="summary__item">
        <dt>Redis</dt>
        <dd>
          <StatusBadge status={report.redis.status} />
        </dd>
      </div>
      <div className="summary__item">
        <dt>Event log head</dt>
        <dd>
          <span className="summary__figure">{formatCount(report.head)}</span>
          <span className="summary__note">position of the newest event</span>
        </dd>
      </div>
    </dl>
  );
}
