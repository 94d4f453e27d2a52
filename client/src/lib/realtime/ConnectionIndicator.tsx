import { useConnectionState } from './hooks.ts';
import './realtime.css';

/** A small pill while the live connection is down: what is on screen may be behind until it returns. */
export function ConnectionIndicator() {
  const state = useConnectionState();
  return (
    <div role="status" aria-live="polite" className="connection-indicator" data-state={state}>
      {state === 'offline' && (
        <span className="connection-indicator__pill">
          <span className="connection-indicator__dot" aria-hidden="true" />
          Offline: updates will appear when you are back online
        </span>
      )}
    </div>
  );
}
