import { HealthSummary } from './HealthSummary.tsx';
import { ProcessorTable } from './ProcessorTable.tsx';
import { useHealth } from './useHealth.ts';

const refreshMs = 5_000;

export function SystemStatus() {
  const { report, error, checkedAt } = useHealth(refreshMs);
  return (
    <section className="panel" aria-label="System status">
      <div className="panel__header">
        <h2>System status</h2>
        {checkedAt && (
          <p className="panel__meta">
            Checked at <time dateTime={checkedAt.toISOString()}>{checkedAt.toLocaleTimeString()}</time>
            <span aria-hidden="true"> · </span>
            <span>refreshes every {refreshMs / 1000}&nbsp;s</span>
          </p>
        )}
      </div>
      {error && (
        <p className="notice notice--error" role="alert">
          <strong>System status is unavailable.</strong> {error} Retrying every {refreshMs / 1000}&nbsp;s.
          {report && ' The figures below are from the last successful check.'}
        </p>
      )}
      {!report && !error && (
        <p className="notice" role="status">
          Checking system status…
        </p>
      )}
      {report && (
        <>
          <HealthSummary report={report} />
          <ProcessorTable processors={report.processors} />
        </>
      )}
    </section>
  );
}
