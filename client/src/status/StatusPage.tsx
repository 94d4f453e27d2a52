import { SystemStatus } from './SystemStatus.tsx';
import './status.css';

/** The health of this server: database, Redis and each processor. */
export function StatusPage() {
  return (
    <div className="status-page">
      <h1 className="status-page__title">System status</h1>
      <SystemStatus />
    </div>
  );
}
