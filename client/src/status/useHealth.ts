import { useEffect, useState } from 'react';
import type { HealthView } from '../../../contracts/health.ts';
import { fetchHealth } from './fetchHealth.ts';

export type HealthState = {
  report: HealthView | null;
  error: string | null;
  checkedAt: Date | null;
};

export function useHealth(refreshMs: number): HealthState {
  const [state, setState] = useState<HealthState>({ report: null, error: null, checkedAt: null });

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;

    // The next check is scheduled only once this one has answered, so a slow server never piles up requests.
    async function check() {
      try {
        const report = await fetchHealth(controller.signal);
        setState({ report, error: null, checkedAt: new Date() });
      } catch (error) {
        if (controller.signal.aborted) return;
        // Keep the last report on screen: an outage is easier to read beside the state before it.
        setState((previous) => ({ ...previous, error: describeFailure(error) }));
      }
      timer = setTimeout(check, refreshMs);
    }

    void check();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [refreshMs]);

  return state;
}

function describeFailure(error: unknown): string {
  // fetch rejects with a TypeError only when no answer arrived at all.
  if (error instanceof TypeError) return 'The server could not be reached.';
  if (error instanceof Error) return error.message;
  return 'The status check failed.';
}
