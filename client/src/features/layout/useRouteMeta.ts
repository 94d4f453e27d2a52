import { useMatches } from '@tanstack/react-router';
import type { RouteMeta } from '../../routes/meta.ts';

/** The metadata of every matched route, from the root down. */
export function useRouteMetas(): RouteMeta[] {
  return useMatches().flatMap((match) => (match.staticData.meta ? [match.staticData.meta] : []));
}

/** The deepest matched route's metadata. */
export function useRouteMeta(): RouteMeta | undefined {
  return useRouteMetas().at(-1);
}
