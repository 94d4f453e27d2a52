import type { EventMetadata } from '../../contracts/events/index.ts';

/** Event metadata for tests and benchmarks: a journalist acting, unless told otherwise. */
export function metadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return { actorId: 'user-1', actorRole: 'journo', requestId: null, correlationId: null, causationId: null, ...overrides };
}
