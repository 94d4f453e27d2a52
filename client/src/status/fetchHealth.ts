import type { HealthView } from '../../../contracts/health.ts';

// 503 carries the same report when the database is down, and that is exactly what this page must show.
const statusesWithReport = new Set([200, 503]);

export async function fetchHealth(signal: AbortSignal): Promise<HealthView> {
  const response = await fetch('/api/v1/health', {
    headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
    cache: 'no-store',
    signal,
  });
  if (!statusesWithReport.has(response.status)) {
    throw new Error(`The server answered ${response.status}.`);
  }
  const body: unknown = await response.json().catch(() => null);
  // An overloaded server or a proxy can answer 503 with a body of its own: show that as an error, not a broken table.
  if (!looksLikeHealthReport(body)) {
    throw new Error(`The server answered ${response.status} without a health report.`);
  }
  return body;
}

function looksLikeHealthReport(body: unknown): body is HealthView {
  if (typeof body !== 'object' || body === null) return false;
  const candidate = body as Record<string, unknown>;
  return (
    typeof candidate.status === 'string' &&
    typeof candidate.database === 'object' &&
    candidate.database !== null &&
    typeof candidate.redis === 'object' &&
    candidate.redis !== null &&
    typeof candidate.head === 'number' &&
    Array.isArray(candidate.processors)
  );
}
