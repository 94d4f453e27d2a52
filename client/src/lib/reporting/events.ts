import type { ErrorEvent, EventHint } from '@sentry/core';
import { scrubEvent } from '../../../../contracts/error-reporting.ts';

/**
 * The client's report as it may leave: the shared policy, with the page's URL (where recovery
 * codes and answer links carry their secrets) replaced by the route's pattern, also its tag.
 */
export function clientEvent(event: ErrorEvent, hint: EventHint, route: string): ErrorEvent | null {
  const kept = scrubEvent(event, hint, () => route);
  if (kept) kept.tags = { ...kept.tags, route };
  return kept;
}
